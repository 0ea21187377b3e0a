import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * What every Vitest suite shares: the `@/` alias of tsconfig, a Node environment, and
 * `server-only` as Next.js resolves it on the server (an empty module), since every suite here
 * runs server code.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      { find: /^server-only$/, replacement: `${root}/node_modules/server-only/empty.js` },
    ],
  },
  test: {
    environment: 'node',
  },
});
