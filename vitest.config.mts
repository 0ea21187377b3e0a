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
    },
  }),
);
