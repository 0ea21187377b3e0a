import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import './tests/map-group-by.polyfill.mts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** What every Vitest suite shares: the `@/` alias of tsconfig and a Node environment. */
export default defineConfig({
  resolve: {
    alias: [{ find: /^@\//, replacement: `${root}/` }],
  },
  test: {
    environment: 'node',
  },
});
