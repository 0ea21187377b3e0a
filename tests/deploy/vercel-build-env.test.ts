/**
 * A build on Vercel without the database and the session secret stops at once, saying what to
 * set and where. Each case loads next.config.mjs the way `next build` does (Next.js's own
 * loadConfig, build phase) in a fresh Node process with only the environment given.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const LOAD_FOR_BUILD = `
const { default: loadConfig } = await import('next/dist/server/config.js');
try {
  await (loadConfig.default ?? loadConfig)('phase-production-build', process.cwd());
  console.log('loaded');
} catch (err) {
  console.log(err.message);
}`;

async function buildConfig(env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', LOAD_FOR_BUILD], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  return stdout.trim();
}

describe('building on Vercel', { timeout: 60_000 }, () => {
  it('stops with one message that names each missing variable and where to set it', async () => {
    const message = await buildConfig({ VERCEL: '1', SESSION_SECRET: '  ' });
    expect(message).toMatch(/^This Vercel build is missing MONGODB_URI and SESSION_SECRET:/);
    expect(message).toMatch(/^ {2}- MONGODB_URI: /m);
    expect(message).toMatch(/^ {2}- SESSION_SECRET: /m);
    expect(message).toContain('Vercel → Project Settings → Environment Variables');
  });

  it('names only what is missing', async () => {
    const message = await buildConfig({ VERCEL: '1', MONGODB_URI: 'mongodb+srv://user:pw@cluster.example/bistro' });
    expect(message).toMatch(/^This Vercel build is missing SESSION_SECRET:/);
    expect(message).not.toContain('- MONGODB_URI');
  });

  it('builds when both are set, and anywhere else without them', async () => {
    expect(await buildConfig({ VERCEL: '1', MONGODB_URI: 'mongodb+srv://user:pw@cluster.example/bistro', SESSION_SECRET: 's'.repeat(48) })).toBe('loaded');
    expect(await buildConfig({})).toBe('loaded');
  });
});
