// `npm test`: every suite, against real components. The Auth Emulator runs once for all of them;
// Vitest runs the data-layer contract and the route handlers; then a production build is
// served by `next start` and driven by Playwright in Chromium, its mail caught by a local SMTP
// server (maildev) and its texts by the local SMS catcher, on free ports. Exit code: the first failure's.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { DEMO_ACCOUNTS, startAuthEmulator } from './emulator.mjs';
import { freePort, startMailCatcher } from './mail-catcher.mjs';
import { startSmsCatcher } from './sms-catcher.mjs';

const onlyUnit = process.argv.includes('--unit');
const skipBuild = process.argv.includes('--no-build');

function run(label, args, env = {}) {
  console.log(`\n[test] ${label}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const emulator = await startAuthEmulator({ quiet: true });
const env = {
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR: emulator.host,
  ALLOW_AUTH_EMULATOR: '1',
  ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? DEMO_ACCOUNTS.admin.email,
};
let code = 0;
try {
  code = await run('vitest', ['node_modules/vitest/vitest.mjs', 'run'], env);
  if (code === 0 && !onlyUnit) {
    if (!skipBuild) {
      // The build prerenders public pages; it reads a throwaway data directory.
      const buildData = '.data-build';
      rmSync(buildData, { recursive: true, force: true });
      // A known server secret in the build's environment lets the secret check prove it stays out.
      const buildEnv = { ...env, DATA_DIR: buildData, SESSION_SECRET: randomBytes(32).toString('hex') };
      // As `npm run build` does: the embedded store stays apart from the app (eslint.config.mjs).
      code = await run('eslint lib/docstore', ['node_modules/eslint/bin/eslint.js', 'lib/docstore'], buildEnv);
      if (code === 0) code = await run('next build', ['node_modules/next/dist/bin/next', 'build'], buildEnv);
      if (code === 0) code = await run('secret check', ['scripts/check-secrets.mjs'], buildEnv);
      rmSync(buildData, { recursive: true, force: true });
    }
    if (code === 0) code = await run('faults', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.faults.config.mts'], env);
    if (code === 0) {
      // The journeys read the mail and the texts the server sends from catchers of their own.
      const catcher = await startMailCatcher({ smtp: await freePort(), web: await freePort() });
      const texts = await startSmsCatcher();
      try {
        code = await run('playwright', ['node_modules/@playwright/test/cli.js', 'test'], { ...env, ...catcher.env, E2E_MAIL_INBOX: catcher.inbox, ...texts.env, E2E_SMS_INBOX: texts.url });
      } finally {
        await catcher.stop();
        await texts.stop();
      }
    }
  }
} finally {
  await emulator.stop();
}
console.log(code === 0 ? '\n[test] all suites passed' : `\n[test] failed (exit ${code})`);
process.exit(code);
