import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The shortest SESSION_SECRET accepted: 32 characters, i.e. at least 256 bits of hex or base64 text. */
export const MIN_SECRET_LENGTH = 32;

const generated = new Map<string, Uint8Array>();

/**
 * The key that signs session tokens.
 *
 * - `SESSION_SECRET` when set (at least 32 characters, else a startup error).
 * - Otherwise a random secret generated once into `${DATA_DIR ?? '.data'}/session-secret`
 *   (mode 0600) and reused after, so sessions survive restarts and `next build` workers,
 *   `next start` and scripts all agree on it. This also covers a local `npm start`
 *   (NODE_ENV=production on the developer's own machine).
 * - On Vercel the file system is read-only and not shared between instances, so a generated
 *   file would give every instance its own secret: there SESSION_SECRET must be set.
 */
export function getSessionSecret(): Uint8Array {
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (it has ${fromEnv.length}). ` +
          'Generate one with: openssl rand -base64 48',
      );
    }
    return new TextEncoder().encode(fromEnv);
  }
  if (process.env.VERCEL) {
    throw new Error(
      'SESSION_SECRET is not set. On Vercel it is required: add it in the project settings ' +
        '(Environment Variables), e.g. the output of: openssl rand -base64 48',
    );
  }
  const file = resolve(join(process.env.DATA_DIR || '.data', 'session-secret'));
  let key = generated.get(file);
  if (!key) {
    key = new TextEncoder().encode(readOrCreateSecretFile(file));
    generated.set(file, key);
  }
  return key;
}

function readOrCreateSecretFile(file: string): string {
  const existing = readSecretFile(file);
  if (existing !== null) return existing;
  mkdirSync(dirname(file), { recursive: true });
  // Written whole under a temporary name, then linked into place: a parallel process (a build
  // worker) never reads a half-written file, and if it linked its own first, both use that one.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temporary);
  }
  const created = readSecretFile(file);
  if (created === null) throw new Error(`Could not create the session secret file ${file}.`);
  return created;
}

function readSecretFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (text.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `The session secret file ${file} is damaged (shorter than ${MIN_SECRET_LENGTH} characters). ` +
        'Delete it to have a new one generated (everyone will have to log in again), or set SESSION_SECRET.',
    );
  }
  return text;
}
