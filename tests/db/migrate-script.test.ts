/**
 * `npm run migrate` as an operator runs it: plain Node with tsx, against the embedded file.
 * Skipped when MONGODB_URI selects a real MongoDB.
 */
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDb } from '@/lib/db/embedded';
import { MIGRATIONS } from '@/lib/db/migrations';
import { createFirebaseAccount } from '../support/firebase';
import { insertLegacyDish, insertLegacyDocuments, insertLegacyUser, legacyCollection } from '../support/legacy';
import { firstLine, killChildren, runTs, spawnTs } from './node-process';

const migrate = (dataDir: string, env: Record<string, string> = {}, ...args: string[]) => runTs('scripts/migrate.mts', args, { DATA_DIR: dataDir, ...env });

/** A port nothing listens on: Firebase there is unreachable. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

afterEach(killChildren);

describe.skipIf(!!process.env.MONGODB_URI)('npm run migrate', { timeout: 120_000 }, () => {
  it('converts what an earlier release stored, saying what ran and how long it took; again, it has nothing to do', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'migrate-legacy');
    const email = `legacy.${Date.now()}@bistro.test`;
    const { localId } = await createFirebaseAccount(email);
    const db = await EmbeddedDb.open({ dataDir: dir });
    const userId = await insertLegacyUser(db, email);
    await insertLegacyDocuments(db, email, { userId });
    const dish = await insertLegacyDish(db);
    await legacyCollection(db, 'payments').createIndex({ email: 1 });
    await db.close();

    const run = await migrate(dir);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    for (const { id, description } of MIGRATIONS) expect(run.out).toMatch(new RegExp(`  migration ${id} \\(${description}\\): \\d+ ms\\n`));
    expect(run.out).toMatch(new RegExp(`Migrated .*bistro\\.db: ${MIGRATIONS.length} migrations in \\d+ ms; indexes built\\.`));

    const after = await EmbeddedDb.open({ dataDir: dir });
    expect(await after.collection('users').findOne({ _id: userId })).toMatchObject({ uid: localId });
    for (const name of ['carts', 'payments', 'bookings', 'reviews'] as const) {
      expect(await after.collection(name).countDocuments({ email, ownerUid: localId }), name).toBe(1);
    }
    expect(await after.collection('menu').findOne({ _id: dish })).toMatchObject({ available: true, allergens: [], dietary: [], options: [] });
    await expect(after.collection('payments').dropIndex('email_1')).rejects.toMatchObject({ code: 27 });
    expect(await after.collection('migrations').countDocuments({})).toBe(MIGRATIONS.length);
    await after.close();

    const again = await migrate(dir);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/bistro\.db is up to date; indexes built\./);
  });

  it('with Firebase unreachable: stops at the migration that needs it, naming it, and completes once Firebase answers', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'migrate-offline');
    const email = `offline.${Date.now()}@bistro.test`;
    const { localId } = await createFirebaseAccount(email);
    const db = await EmbeddedDb.open({ dataDir: dir });
    await insertLegacyUser(db, email);
    await db.close();

    const offline = await migrate(dir, { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await closedPort()}` });
    expect(offline.code).toBe(1);
    expect(offline.err).toMatch(/^Migration 003-owners failed, so it and the migrations after it have not run: /);
    expect(offline.out).toContain('migration 002-review-ids');
    const between = await EmbeddedDb.open({ dataDir: dir });
    expect((await between.collection('migrations').find({}).toArray()).map((m) => m._id)).toEqual(['001-menu-fields', '002-review-ids']);
    expect(await between.collection('locks').countDocuments({})).toBe(0);
    await between.close();

    const online = await migrate(dir);
    expect(online.code).toBe(0);
    expect(online.out).toContain('migration 003-owners');
    expect(online.out).not.toContain('migration 002-review-ids');
    const after = await EmbeddedDb.open({ dataDir: dir });
    expect(await after.collection('users').findOne({ email })).toMatchObject({ uid: localId });
    await after.close();
  });

  it('needs no Firebase when nothing was stored by email', async () => {
    const run = await migrate(path.join(process.env.DATA_DIR!, 'migrate-fresh'), { FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_PROJECT_ID: '' });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
  });

  it('refuses an index it cannot build, naming it and the duplicate value', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'migrate-duplicates');
    const db = await EmbeddedDb.open({ dataDir: dir });
    await db.collection('users').insertMany([
      { uid: 'a', name: 'A', email: 'same@bistro.test' },
      { uid: 'b', name: 'B', email: 'same@bistro.test' },
    ]);
    await db.close();
    const run = await migrate(dir);
    expect(run.code).toBe(1);
    expect(run.err).toContain('the unique index email_1 of users cannot be built: more than one document has {"email":"same@bistro.test"}.');
  });

  it('refuses while a running server holds the data, and takes no arguments', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'migrate-locked');
    const server = spawnTs('tests/db/fixtures/second-process.mts', ['hold', dir]);
    const { pid } = JSON.parse(await firstLine(server)) as { pid: number };
    const run = await migrate(dir);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`in use by a running server \\(pid ${pid}\\)[\\s\\S]*Stop the server first, then run \`npm run migrate\` again`));
    expect((await migrate(dir, {}, '--force')).code).toBe(2);
  });
});
