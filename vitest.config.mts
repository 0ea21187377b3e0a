import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

import './tests/map-group-by.polyfill.mts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [{ find: /^@\//, replacement: `${root}/` }],
  },
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    // Gives every test file its own throwaway DATA_DIR (and MongoDB database when MONGODB_URI is set).
    setupFiles: ['tests/db/isolated-data.setup.ts'],
    globalSetup: ['tests/emulator.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
