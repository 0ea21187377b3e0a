import { defineConfig, mergeConfig } from 'vitest/config';
import shared from './vitest.shared.mts';

/** Unit, data-layer and route-handler suites. */
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['tests/**/*.test.ts'],
      // Gives every test file its own throwaway DATA_DIR (and MongoDB database when MONGODB_URI is set).
      setupFiles: ['tests/support/isolated-data.setup.ts'],
      globalSetup: ['tests/support/emulator.global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 30_000,
      // Files side by side, each in a process of its own: most of their time is spent waiting (the
      // emulator, SMTP servers, child processes), so even 2 cores keep several busy. Vitest's own
      // default (cores - 1) would run them one at a time there. VITEST_MAX_WORKERS overrides it.
      maxWorkers: 3,
    },
  }),
);
