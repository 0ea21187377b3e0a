import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionSecret } from '@/lib/auth/secret';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-auth-secret-'));
let n = 0;
let dataDir: string;
beforeEach(() => {
  dataDir = path.join(root, `case-${n++}`);
  vi.stubEnv('DATA_DIR', dataDir);
  vi.stubEnv('SESSION_SECRET', '');
  vi.stubEnv('VERCEL', '');
});
afterEach(() => vi.unstubAllEnvs());
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const text = (key: Uint8Array) => new TextDecoder().decode(key);

describe('session secret', () => {
  it('is generated once into DATA_DIR, private to the owner, and reused', () => {
    const first = text(getSessionSecret());
    const file = path.join(dataDir, 'session-secret');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(text(getSessionSecret())).toBe(first);
    expect(fs.readdirSync(dataDir)).toEqual(['session-secret']);
  });

  it('is read back from an existing file', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'session-secret'), `${'ab'.repeat(32)}\n`);
    expect(text(getSessionSecret())).toBe('ab'.repeat(32));
  });

  it('differs between data directories', () => {
    const first = text(getSessionSecret());
    vi.stubEnv('DATA_DIR', path.join(root, 'elsewhere'));
    expect(text(getSessionSecret())).not.toBe(first);
  });

  it('refuses a damaged file', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'session-secret'), 'short');
    expect(() => getSessionSecret()).toThrow(/damaged/);
  });

  it('uses SESSION_SECRET when it is set, and writes no file', () => {
    vi.stubEnv('SESSION_SECRET', 'x'.repeat(32));
    expect(text(getSessionSecret())).toBe('x'.repeat(32));
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('refuses a SESSION_SECRET shorter than 32 characters', () => {
    vi.stubEnv('SESSION_SECRET', 'too-short');
    expect(() => getSessionSecret()).toThrow(/SESSION_SECRET must be at least 32 characters/);
  });

  it('requires SESSION_SECRET on Vercel', () => {
    vi.stubEnv('VERCEL', '1');
    expect(() => getSessionSecret()).toThrow(/SESSION_SECRET is not set/);
    vi.stubEnv('SESSION_SECRET', 'y'.repeat(40));
    expect(text(getSessionSecret())).toBe('y'.repeat(40));
  });

  it('works for a local production start without SESSION_SECRET', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(getSessionSecret().length).toBe(64);
  });
});
