/**
 * What the first use of the database in a process does before anything is served (lib/db/index.ts):
 * the pending migrations, the indexes, the seed. What it refuses: data it cannot index, and, in a
 * build (which never writes), data whose migrations have not run. On the backend the environment
 * selects.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as menuRoute } from '@/app/api/menu/route';
import { closeDb, collections, getDb, type AppDb } from '@/lib/db';
import { EmbeddedDb } from '@/lib/db/embedded';
import { MIGRATIONS } from '@/lib/db/migrations';
import { openMongoDb } from '@/lib/db/mongo';
import { call } from '../support/http';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const backend = process.env.MONGODB_URI ? 'mongodb' : 'embedded';

/** The same database as a script opens it: not prepared. */
async function unprepared(): Promise<{ db: AppDb; close: () => Promise<void> }> {
  if (process.env.MONGODB_URI) return { db: await openMongoDb(process.env.MONGODB_URI, process.env.MONGODB_DB!), close: async () => {} };
  const engine = await EmbeddedDb.open();
  return { db: engine, close: () => engine.close() };
}

afterEach(async () => {
  delete process.env.NEXT_PHASE;
  await closeDb();
});

describe(`preparing the database at first use (${backend})`, () => {
  it('runs every migration once, records it, builds the indexes and seeds the menu', async () => {
    const { migrations, menu } = await collections();
    expect((await migrations.find({}).sort({ _id: 1 }).toArray()).map((m) => m._id)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await menu.countDocuments({ available: true })).toBeGreaterThan(0);
    await closeDb();
    expect(await (await collections()).migrations.countDocuments({})).toBe(MIGRATIONS.length);
  });

  it('refuses to serve data it cannot index, naming the index and the duplicate value, until the duplicates are gone', async () => {
    const { users } = await collections();
    await users.dropIndex('email_1');
    await users.insertMany([
      { uid: 'twin-1', name: 'Twin One', email: 'twin@bistro.test' },
      { uid: 'twin-2', name: 'Twin Two', email: 'twin@bistro.test' },
    ]);
    await closeDb();

    const message = 'the unique index email_1 of users cannot be built: more than one document has {"email":"twin@bistro.test"}. Change or remove the duplicates, then try again.';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(getDb()).rejects.toMatchObject({ name: 'IndexBuildError', message });
    expect(error).toHaveBeenCalledWith(`[db] ${message}`);
    // Answered from memory meanwhile: no second try, no second message.
    expect(await call(menuRoute, '/api/menu')).toEqual({ status: 503, body: { error: 'The database is unavailable. Please try again shortly.' } });
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();

    await closeDb();
    const raw = await unprepared();
    await raw.db.collection('users').deleteOne({ uid: 'twin-2' });
    await raw.close();
    const again = await collections();
    await expect(again.users.insertOne({ uid: 'twin-3', name: 'Twin Three', email: 'twin@bistro.test' })).rejects.toMatchObject({ code: 11000 });
  });

  it('in a build, which never writes: refuses data whose migrations have not run, and serves an empty database', async () => {
    const { migrations } = await collections();
    await migrations.deleteOne({ _id: MIGRATIONS[0]!.id });
    await closeDb();

    process.env.NEXT_PHASE = 'phase-production-build';
    await expect(getDb()).rejects.toMatchObject({
      name: 'MigrationError',
      message: expect.stringMatching(new RegExp(`has data from before migrations ${MIGRATIONS[0]!.id}, which only a process that writes can run\\. Run \`npm run migrate\``)),
    });
    await closeDb();
    delete process.env.NEXT_PHASE;
    expect(await (await collections()).migrations.countDocuments({ _id: MIGRATIONS[0]!.id })).toBe(1);
  });
});
