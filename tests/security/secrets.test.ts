import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecretLeaks } from '../../scripts/check-secrets.mjs';

function fakeBuild(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'bistro-static-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const secret = 'a-very-long-session-secret-value-0123456789';
const envOf = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;

describe('the post-build secret check', () => {
  it('passes a clean build', () => {
    const staticDir = fakeBuild({ 'chunks/a.js': 'console.log("hello")' });
    expect(findSecretLeaks({ env: envOf({ SESSION_SECRET: secret, NEXT_PUBLIC_BRAND: 'Bistro' }), staticDir, dataDir: staticDir })).toEqual([]);
  });

  it('fails when a server secret is in a client chunk', () => {
    const staticDir = fakeBuild({ 'chunks/a.js': `const k="${secret}"` });
    const problems = findSecretLeaks({ env: envOf({ SESSION_SECRET: secret }), staticDir, dataDir: staticDir });
    expect(problems.join('\n')).toMatch(/contains the value of SESSION_SECRET/);
  });

  it('fails on a Stripe secret key or a private key in a chunk, whatever variable held it', () => {
    const staticDir = fakeBuild({ 'chunks/b.js': 'x="sk_live_abcdefghijklmnop"', 'chunks/c.js': '-----BEGIN PRIVATE KEY-----' });
    const problems = findSecretLeaks({ env: {} as NodeJS.ProcessEnv, staticDir, dataDir: staticDir });
    expect(problems).toHaveLength(2);
  });

  it('fails when a NEXT_PUBLIC_ variable exposes a secret', () => {
    const staticDir = fakeBuild({});
    const env = envOf({ STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef', NEXT_PUBLIC_STRIPE_KEY: 'sk_test_0123456789abcdef', NEXT_PUBLIC_SESSION_SECRET: 'x' });
    const problems = findSecretLeaks({ env, staticDir, dataDir: staticDir }).join('\n');
    expect(problems).toMatch(/NEXT_PUBLIC_STRIPE_KEY holds the value of STRIPE_SECRET_KEY/);
    expect(problems).toMatch(/NEXT_PUBLIC_SESSION_SECRET: a secret-looking variable is public/);
  });
});
