import { defineConfig, mergeConfig } from 'vitest/config';
import shared from './vitest.shared.mts';

/**
 * Suites against the production server (server.mjs on the build), so `npm test` runs them after
 * `next build`: the fault tests, and the page and client-address tests of tests/server.
 */
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['tests/faults/**/*.fault.ts', 'tests/server/**/*.server.ts'],
      testTimeout: 120_000,
      hookTimeout: 60_000,
      fileParallelism: false,
    },
  }),
);
