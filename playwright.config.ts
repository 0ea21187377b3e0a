import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = '.data-e2e';

/** Debian's Chromium when present (no browser download is possible offline), else Playwright's own. */
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  /*
   * One server, three screens. Every journey runs on the desktop; the phone runs the diner's
   * journeys (tagged @diner) and the phone's own layout checks (@phone), the tablet the staff's
   * journeys (@admin) and its layout checks (@tablet), so CI time grows by what each screen adds.
   * Every project is Chromium: the iPad is emulated for its size, touch and pixel ratio.
   */
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, grepInvert: /@phone|@tablet/ },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@diner|@phone/ },
    { name: 'tablet', use: { ...devices['iPad Mini landscape'], browserName: 'chromium' }, grep: /@admin|@tablet/ },
  ],
  globalSetup: './e2e/global-setup.ts',
  webServer: {
    // The production server on a fresh embedded database, seeded at start.
    command: `rm -rf ${E2E_DATA_DIR} && node server.mjs -p ${PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/api/menu`,
    // Every journey signs in from one address; the limits themselves are tested in Vitest.
    env: { DATA_DIR: E2E_DATA_DIR, RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '20' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
