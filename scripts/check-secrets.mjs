// Runs after `next build`: fails the build when a server secret would reach the browser, either
// through a NEXT_PUBLIC_ variable (inlined into client code) or by appearing in .next/static.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Server-only variables: their values must never be in client files. */
export const SERVER_SECRETS = [
  'SESSION_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'IMGBB_API_KEY',
  'BLOB_READ_WRITE_TOKEN',
  'FIREBASE_PRIVATE_KEY',
  'FIREBASE_CLIENT_EMAIL',
  'MONGODB_URI',
];

/** Shapes that are secret whatever variable holds them. */
const SECRET_SHAPES = [/sk_(live|test)_[0-9a-zA-Z]{8,}/, /whsec_[0-9a-zA-Z]{8,}/, /-----BEGIN [A-Z ]*PRIVATE KEY-----/, /mongodb(\+srv)?:\/\/[^/\s"'`]+:[^@\s"'`]+@/];

const SECRET_NAME = /SECRET|PRIVATE|PASSWORD|TOKEN|API_KEY_SERVER|MONGODB_URI/i;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * @param {{ env?: NodeJS.ProcessEnv, staticDir?: string, dataDir?: string }} options
 * @returns {string[]} the problems found; empty when the build is clean
 */
export function findSecretLeaks({ env = process.env, staticDir = '.next/static', dataDir = env.DATA_DIR || '.data' } = {}) {
  const problems = [];
  const secrets = new Map();
  for (const name of SERVER_SECRETS) {
    const value = env[name]?.trim();
    if (value && value.length >= 8) secrets.set(name, value);
  }
  const devSecretFile = resolve(dataDir, 'session-secret');
  if (!env.SESSION_SECRET && existsSync(devSecretFile)) secrets.set('the generated session secret', readFileSync(devSecretFile, 'utf8').trim());

  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('NEXT_PUBLIC_') || !value) continue;
    if (SECRET_NAME.test(name.slice('NEXT_PUBLIC_'.length))) problems.push(`${name}: a secret-looking variable is public (NEXT_PUBLIC_ is inlined into the browser bundle).`);
    for (const [secretName, secret] of secrets) if (value.includes(secret)) problems.push(`${name} holds the value of ${secretName}.`);
    if (SECRET_SHAPES.some((shape) => shape.test(value))) problems.push(`${name} holds what looks like a secret key.`);
  }

  if (existsSync(staticDir)) {
    for (const file of files(staticDir)) {
      if (!/\.(js|css|html|json|map|txt)$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const [secretName, secret] of secrets) if (text.includes(secret)) problems.push(`${file} contains the value of ${secretName}.`);
      for (const shape of SECRET_SHAPES) {
        const match = text.match(shape);
        if (match) problems.push(`${file} contains what looks like a secret (${match[0].slice(0, 12)}…).`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = findSecretLeaks();
  if (problems.length) {
    console.error('\n[check-secrets] The build would expose server secrets to the browser:');
    for (const p of problems) console.error(`  - ${p}`);
    console.error('Keep these variables server-only (no NEXT_PUBLIC_ prefix) and out of client components.\n');
    process.exit(1);
  }
  console.log('[check-secrets] no server secret in the client bundle or in NEXT_PUBLIC_ variables');
}
