// A diner the benchmarks can be, with no identity provider: their user record is written into the
// embedded data directory before the server owns it, and their session is signed with a secret
// the server is then given. Imports the app's TypeScript modules, so it runs under tsx.
import { randomBytes } from 'node:crypto';

export const BENCH_DINER = { uid: 'bench-diner', name: 'Bench Diner', email: 'bench.diner@bistro.test' };

/** Returns the environment the server needs (`env`), and the diner's session `token` and `cookie`. */
export async function benchDiner(dataDir, person = BENCH_DINER) {
  const secret = randomBytes(32).toString('hex');
  process.env.SESSION_SECRET = secret;
  const { EmbeddedDb } = await import('../../lib/db/embedded.ts');
  const data = EmbeddedDb.open({ dataDir });
  await data.collection('users').insertOne({ ...person });
  await data.close();
  const { createSessionToken, SESSION_COOKIE } = await import('../../lib/auth/session.ts');
  const token = await createSessionToken(person, 0);
  return { env: { SESSION_SECRET: secret }, person, token, cookie: `${SESSION_COOKIE}=${token}` };
}
