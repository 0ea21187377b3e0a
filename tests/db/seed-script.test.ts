/**
 * `npm run seed` as a user runs it: plain Node, no bundler, against the embedded file.
 * Skipped when MONGODB_URI selects a real MongoDB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDb, LOCK_FILE } from '@/lib/db/embedded';
import { seedMenu, seedReviews } from '@/lib/seed/menu-data';
import { createFirebaseAccount } from '../support/firebase';
import { insertLegacyDocuments } from '../support/legacy';

const root = path.resolve(import.meta.dirname, '../..');

function seed(dataDir: string, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.mts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

// Each case spawns Node, which transpiles the TypeScript it loads: seconds each on a busy machine.
describe.skipIf(!!process.env.MONGODB_URI)('npm run seed', { timeout: 120_000 }, () => {
  it('seeds, is idempotent, keeps admin additions, and --reset restores the seed', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'seed-script');
    const first = await seed(dir);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain(`menu     ${seedMenu.length} inserted, 0 already present`);
    expect(first.out).toContain(`reviews  ${seedReviews.length} inserted`);

    const db = EmbeddedDb.open({ dataDir: dir });
    await db.collection('menu').insertOne({ name: 'Admin Special', recipe: '', image: '/x.svg', category: 'popular', price: 20 });
    await db.close();

    const second = await seed(dir);
    expect(second.code).toBe(0);
    expect(second.out).toContain(`menu     0 inserted, ${seedMenu.length} already present`);
    const check = EmbeddedDb.open({ dataDir: dir });
    expect(await check.collection('menu').countDocuments()).toBe(seedMenu.length + 1);
    await check.close();

    const reset = await seed(dir, '--reset');
    expect(reset.code).toBe(0);
    expect(reset.out).toContain(`${seedMenu.length + 1} removed first`);
    const after = EmbeddedDb.open({ dataDir: dir });
    expect(await after.collection('menu').countDocuments({ name: 'Admin Special' })).toBe(0);
    expect(await after.collection('menu').countDocuments()).toBe(seedMenu.length);
    await after.close();
  });

  it('gives user records from before uids their Firebase uid, with their cart, payments, bookings and review', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'seed-migration');
    const email = `legacy.${Date.now()}@bistro.test`;
    const { localId } = await createFirebaseAccount(email);
    const db = EmbeddedDb.open({ dataDir: dir });
    await db.collection('users').insertOne({ name: 'Lea Legacy', email });
    await db.collection('users').insertOne({ name: 'Gone Long Ago', email: `gone.${Date.now()}@bistro.test` });
    await insertLegacyDocuments(db, email);
    await db.close();

    const run = await seed(dir);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Owners: 1 user records given their Firebase uid, 1 with no Firebase account.');
    const after = EmbeddedDb.open({ dataDir: dir });
    expect(await after.collection('users').findOne({ email })).toMatchObject({ uid: localId });
    for (const name of ['carts', 'payments', 'bookings', 'reviews'] as const) {
      expect(await after.collection(name).countDocuments({ email, ownerUid: localId }), name).toBe(1);
    }
    await after.close();
  });

  it('refuses while a running server holds the lock', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'seed-locked');
    fs.mkdirSync(dir, { recursive: true });
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(server);
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(server.pid));
    const run = await seed(dir);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`in use by a running server \\(pid ${server.pid}\\)[\\s\\S]*Stop the server first`));
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(server.pid));
  });

  it('explains an unwritable DATA_DIR', async () => {
    const file = path.join(process.env.DATA_DIR!, 'plain-file');
    fs.writeFileSync(file, '');
    const run = await seed(path.join(file, 'data'));
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/DATA_DIR ".*plain-file\/data" is not writable/);
  });
});
