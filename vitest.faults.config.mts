import { defineConfig, mergeConfig } from 'vitest/config';
import shared from './vitest.shared.mts';

/** Fault tests run against the production build, so `npm test` runs them after `next build`. */
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['tests/faults/**/*.fault.ts'],
      testTimeout: 120_000,
      hookTimeout: 60_000,
      fileParallelism: false,
    },
  }),
);
