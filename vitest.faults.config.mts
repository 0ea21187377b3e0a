import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import './tests/map-group-by.polyfill.mts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Fault tests run against the production build, so `npm test` runs them after `next build`. */
export default defineConfig({
  resolve: { alias: [{ find: /^@\//, replacement: `${root}/` }] },
  test: {
    environment: 'node',
    include: ['tests/faults/**/*.fault.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
