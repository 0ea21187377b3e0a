// People the benchmarks can be, with no identity provider: their user records are written into the
// embedded data directory before the server owns it, and their sessions are signed with a secret
// the server is then given. Imports the app's TypeScript modules, so it runs under tsx.
import { randomBytes } from 'node:crypto';

export const BENCH_DINER = { uid: 'bench-diner', name: 'Bench Diner', email: 'bench.diner@bistro.test' };
export const BENCH_ADMIN = { uid: 'bench-admin', name: 'Bench Admin', email: 'bench.admin@bistro.test', role: 'admin' };

/**
 * Signs a session for each of `people`, whose user records the caller writes itself (into data
 * files made in advance, say): the environment the server needs (`env`) and, in the same order,
 * each one's `person`, session `token` and `cookie`.
 */
export async function benchSessions(people) {
  const secret = randomBytes(32).toString('hex');
  process.env.SESSION_SECRET = secret;
  const { createSessionToken, SESSION_COOKIE } = await import('../../lib/auth/session.ts');
  const sessions = await Promise.all(
    people.map(async (person) => {
      const token = await createSessionToken(person, 0);
      return { person, token, cookie: `${SESSION_COOKIE}=${token}` };
    }),
  );
  return { env: { SESSION_SECRET: secret }, sessions };
}

/** Writes `people` (each may carry a `role`) into `dataDir`, then signs their sessions as `benchSessions` does. */
export async function benchPeople(dataDir, people) {
  const { EmbeddedDb } = await import('../../lib/db/embedded.ts');
  const data = await EmbeddedDb.open({ dataDir });
  await data.collection('users').insertMany(people.map((person) => ({ ...person })));
  await data.close();
  return benchSessions(people);
}

/** One diner written into `dataDir`: the environment the server needs (`env`), and the session `token` and `cookie`. */
export async function benchDiner(dataDir, person = BENCH_DINER) {
  const { env, sessions } = await benchPeople(dataDir, [person]);
  return { env, ...sessions[0] };
}

/** One diner whose user record the caller writes itself. */
export async function benchSession(person = BENCH_DINER) {
  const { env, sessions } = await benchSessions([person]);
  return { env, ...sessions[0] };
}
