// `npm test`: every suite, against real components. The Auth Emulator runs once for all of them;
// Vitest runs the data-layer contract and the route handlers; then one production build serves
// the server and fault suites and the browser journeys (one server per Playwright worker), their
// mail caught by a local SMTP server (maildev) and their texts by the local SMS catcher, on free ports. Prints how long each step took.
// Exit code: the first failure's.
//
//   npm test                       everything
//   npm test -- --unit             Vitest only
//   npm test -- --e2e [args]       the build, then the journeys only; args go to Playwright
//   npm test -- --server           the build, then the server and fault suites only
//   --no-build                     with any of these: the build in .next as it is
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { DEMO_ACCOUNTS, startAuthEmulator } from './emulator.mjs';
import { freePort, startMailCatcher } from './mail-catcher.mjs';
import { startSmsCatcher } from './sms-catcher.mjs';

const args = process.argv.slice(2);
const onlyUnit = args.includes('--unit');
const onlyE2E = args.includes('--e2e');
const onlyServer = args.includes('--server');
const skipBuild = args.includes('--no-build');
const playwrightArgs = onlyE2E ? args.filter((arg) => !['--e2e', '--no-build'].includes(arg)) : [];

const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(label, command, env = {}) {
  console.log(`\n[test] ${label}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => {
      const ms = Date.now() - started;
      times.push([label, ms]);
      console.log(`[test] ${label}: ${seconds(ms)}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const started = Date.now();
const emulator = await startAuthEmulator({ quiet: true });
times.push(['auth emulator', Date.now() - started]);
const env = {
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR: emulator.host,
  ALLOW_AUTH_EMULATOR: '1',
  ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? DEMO_ACCOUNTS.admin.email,
};
const vitest = (config) => ['node_modules/vitest/vitest.mjs', 'run', ...(config ? ['--config', config] : [])];

let code = 0;
try {
  if (!onlyE2E && !onlyServer) code = await run('vitest', vitest(), env);
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
    if (code === 0 && !onlyE2E) code = await run('server and fault suites', vitest('vitest.faults.config.mts'), env);
    if (code === 0 && !onlyServer) {
      // The journeys read the mail and the texts the servers send from a catcher of their own.
      const catcher = await startMailCatcher({ smtp: await freePort(), web: await freePort() });
      const texts = await startSmsCatcher();
      try {
        code = await run('playwright', ['node_modules/@playwright/test/cli.js', 'test', ...playwrightArgs], { ...env, ...catcher.env, E2E_MAIL_INBOX: catcher.inbox, ...texts.env, E2E_SMS_INBOX: texts.url });
      } finally {
        await catcher.stop();
        await texts.stop();
      }
    }
  }
} finally {
  await emulator.stop();
}
console.log(`\n[test] times: ${times.map(([label, ms]) => `${label} ${seconds(ms)}`).join(', ')}; in all ${seconds(Date.now() - started)}`);
console.log(code === 0 ? '[test] all suites passed' : `[test] failed (exit ${code})`);
process.exit(code);
