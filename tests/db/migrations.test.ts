/**
 * The data migrations: the runner (order, once each, recorded, a failure stops the rest and runs
 * again next time, one process at a time under the lock), and each migration from a fixture of
 * the shape it converts. On the backend the environment selects, like the contract suite: the
 * embedded engine, or MongoDB with MONGODB_URI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { collections, getDb, type AppCollection, type AppDb } from '@/lib/db';
import type { PickupSlotDoc } from '@/lib/db/documents';
import { menuFields } from '@/lib/db/migrations/001-menu-fields';
import { reviewIds } from '@/lib/db/migrations/002-review-ids';
import { owners } from '@/lib/db/migrations/003-owners';
import { dropEmailIndexes } from '@/lib/db/migrations/004-drop-email-indexes';
import { kitchenLoad } from '@/lib/db/migrations/025-kitchen-load';
import { tableCount } from '@/lib/db/migrations/026-table-count';
import { reviewTotals } from '@/lib/db/migrations/029-review-totals';
import { holdCounters } from '@/lib/db/migrations/030-hold-counters';
import { settingsCollections } from '@/lib/db/migrations/031-settings-collections';
import { readReviewTotals } from '@/lib/reviews/totals';
import { MIGRATIONS, type Migration } from '@/lib/db/migrations';
import { pendingMigrations, runMigrations } from '@/lib/db/migrations/runner';
import { seedId } from '@/lib/db/seed';
import { seedMenu } from '@/lib/seed/menu-data';
import { readSnapshot } from '@/lib/settings/store';
import { createFirebaseAccount } from '../support/firebase';
import { insertLegacyDish, insertLegacyDocuments, insertLegacyUser, legacyCollection } from '../support/legacy';
import { makeDiner, uniqueEmail } from '../support/people';

const backend = process.env.MONGODB_URI ? 'mongodb' : 'embedded';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let db: AppDb;
beforeEach(async () => {
  db = await getDb();
  await db.collection('locks').deleteMany({});
});

let serial = 0;
/** Migrations of their own for each test (the database records every id it ran), logging what they do in `ran`. */
function fakeMigrations(names: string[], ran: string[], up: (id: string) => Promise<void> = async () => {}): Migration[] {
  const prefix = `9${String(++serial).padStart(2, '0')}`;
  return names.map((name) => ({
    id: `${prefix}-${name}`,
    description: name,
    async up() {
      ran.push(`${prefix}-${name}`);
      await up(`${prefix}-${name}`);
    },
  }));
}

describe(`the migration runner (${backend})`, () => {
  it('runs the pending migrations in order, once each, and records when each ran and how long it took', async () => {
    const ran: string[] = [];
    const migrations = fakeMigrations(['first', 'second', 'third'], ran, () => sleep(5));
    const ids = migrations.map((m) => m.id);
    const started = new Date();
    expect((await runMigrations(db, { migrations })).map((run) => run.id)).toEqual(ids);
    expect(ran).toEqual(ids);
    const { migrations: recorded } = await collections();
    for (const id of ids) {
      const doc = await recorded.findOne({ _id: id });
      expect(doc?.ranAt.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);
      expect(doc?.tookMs).toBeGreaterThanOrEqual(4);
    }
    expect(await runMigrations(db, { migrations })).toEqual([]);
    expect(ran).toEqual(ids);
    // One added later runs alone.
    const later = [...migrations, ...fakeMigrations(['fourth'], ran)];
    expect((await runMigrations(db, { migrations: later })).map((run) => run.id)).toEqual([later[3]!.id]);
  });

  it('stops at a migration that fails, naming it; the rest run at the next call, the failed one first', async () => {
    const ran: string[] = [];
    let failures = 1;
    const migrations = fakeMigrations(['before', 'breaks', 'after'], ran, async (id) => {
      if (id.endsWith('breaks') && failures-- > 0) throw new Error('Firebase Authentication is unreachable');
    });
    const [before, breaks, after] = migrations.map((m) => m.id);
    await expect(runMigrations(db, { migrations })).rejects.toMatchObject({
      name: 'MigrationError',
      message: `Migration ${breaks} failed, so it and the migrations after it have not run: Firebase Authentication is unreachable`,
    });
    expect(ran).toEqual([before, breaks]);
    expect((await pendingMigrations(db, migrations)).map((m) => m.id)).toEqual([breaks, after]);
    // The lock was given back: the next run does not wait for it.
    expect(await db.collection('locks').countDocuments({})).toBe(0);
    expect((await runMigrations(db, { migrations })).map((run) => run.id)).toEqual([breaks, after]);
    expect(ran).toEqual([before, breaks, breaks, after]);
  });

  it('two runners racing: each migration runs once, and the second returns only once the first has finished', async () => {
    const ran: string[] = [];
    const migrations = fakeMigrations(['slow', 'slower'], ran, () => sleep(300));
    const finished: string[][] = [];
    const run = () =>
      runMigrations(db, { migrations }).then(async (runs) => {
        finished.push((await pendingMigrations(db, migrations)).map((m) => m.id));
        return runs.map((r) => r.id);
      });
    const results = await Promise.all([run(), run()]);
    expect(ran).toEqual(migrations.map((m) => m.id));
    expect(results.flat().sort()).toEqual(migrations.map((m) => m.id).sort());
    expect(results.some((ids) => ids.length === 0)).toBe(true);
    expect(finished).toEqual([[], []]);
  });

  it('waits for a lock another instance holds, and takes it over once it expires (its holder crashed)', async () => {
    const ran: string[] = [];
    const migrations = fakeMigrations(['guarded'], ran);
    const locks = db.collection('locks');
    await locks.insertOne({ _id: 'migrations', holder: 'another-host:4242:abcd', expiresAt: new Date(Date.now() + 60_000) });
    const lines: string[] = [];
    // The same data through a handle that is not the embedded engine: the rules of a database other processes write too.
    const shared: AppDb = { collection: (name) => db.collection(name) };
    const running = runMigrations(shared, { migrations, log: (line) => lines.push(line) });
    await sleep(600);
    expect(ran).toEqual([]);
    expect(lines).toContain('waiting for another-host:4242:abcd to finish the migrations');
    await locks.updateOne({ _id: 'migrations' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await running).map((r) => r.id)).toEqual(migrations.map((m) => m.id));
    expect(await locks.countDocuments({})).toBe(0);
  });

  it.skipIf(backend === 'mongodb')('on the embedded engine, takes over at once a lock left by a process that crashed: only one process writes its file', async () => {
    const ran: string[] = [];
    const migrations = fakeMigrations(['after-a-crash'], ran);
    await db.collection('locks').insertOne({ _id: 'migrations', holder: 'this-host:4242:crashed', expiresAt: new Date(Date.now() + 60_000) });
    expect((await runMigrations(db, { migrations })).map((r) => r.id)).toEqual(migrations.map((m) => m.id));
  });

  it('lists every migration file, once, in the order of its number', () => {
    const dir = path.resolve(import.meta.dirname, '../../lib/db/migrations');
    const files = fs.readdirSync(dir).filter((f) => /^\d{3}-.+\.ts$/.test(f)).map((f) => f.replace(/\.ts$/, '')).sort();
    expect(MIGRATIONS.map((m) => m.id)).toEqual(files);
  });
});

describe(`each migration, from the shape it converts (${backend})`, () => {
  it('001-menu-fields: seed dishes get the seed’s allergens, tags and options, other dishes plain values, and what an admin set stays', async () => {
    const menu = db.collection('menu');
    const [first, second] = [0, 1].map((i) => ({ seed: seedMenu[i]!, _id: seedId('menu', i, `${seedMenu[i]!.category}\u0000${seedMenu[i]!.name}`) }));
    await menu.deleteMany({ _id: { $in: [first!._id, second!._id] } });
    // A seed dish known by its id (an admin renamed it), one known by name whose allergens an admin
    // set, a dish of the restaurant's own that is sold out, and one stored without a recipe.
    await legacyCollection(db, 'menu').insertOne({ _id: first!._id, name: 'Renamed by admin', image: first!.seed.image, category: first!.seed.category, price: first!.seed.price });
    await insertLegacyDish(db, { name: second!.seed.name, category: second!.seed.category, price: second!.seed.price, allergens: ['celery'] });
    const own = await insertLegacyDish(db, { name: 'Chef Special', available: false });
    const { insertedId: noRecipe } = await legacyCollection(db, 'menu').insertOne({ name: 'Untitled', image: '/x.svg', category: 'soup', price: 3 });

    await menuFields.up(db);
    const renamed = await menu.findOne({ _id: first!._id });
    expect(renamed).toMatchObject({ name: 'Renamed by admin', recipe: first!.seed.recipe, available: true, allergens: first!.seed.allergens, dietary: first!.seed.dietary, options: first!.seed.options });
    expect(await menu.findOne({ name: second!.seed.name, category: second!.seed.category })).toMatchObject({
      available: true, allergens: ['celery'], dietary: second!.seed.dietary, options: second!.seed.options,
    });
    expect(await menu.findOne({ _id: own })).toMatchObject({ available: false, allergens: [], dietary: [], options: [] });
    expect(await menu.findOne({ _id: noRecipe as ObjectId })).toMatchObject({ recipe: '', available: true });

    const before = await menu.find({}).sort({ _id: 1 }).toArray();
    await menuFields.up(db);
    expect(await menu.find({}).sort({ _id: 1 }).toArray()).toEqual(before);
  });

  it('002-review-ids: a review keyed by its author’s user id gets an id of its own, of its time; other reviews keep theirs', async () => {
    const email = uniqueEmail('review-key');
    const userId = await insertLegacyUser(db, email);
    const at = new Date('2025-03-04T05:06:07Z');
    await insertLegacyDocuments(db, email, { userId, at });
    const reviews = db.collection('reviews');
    const other = await reviews.insertOne({ name: 'Own Id', details: 'Mine', rating: 4, ownerUid: 'someone', email: 'someone@x.test' });
    const legacy = await legacyCollection(db, 'reviews').findOne({ _id: userId });

    await reviewIds.up(db);
    expect(await reviews.findOne({ _id: userId })).toBeNull();
    const moved = await reviews.findOne({ email });
    expect(moved).toEqual({ ...legacy, _id: moved!._id });
    expect(moved!._id.getTimestamp().getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
    expect(await reviews.findOne({ _id: other.insertedId })).not.toBeNull();

    // A run cut short between the copy and the deletion: the next one makes no second copy.
    await legacyCollection(db, 'reviews').insertOne(legacy!);
    await reviewIds.up(db);
    expect((await reviews.find({ email }).toArray()).map((r) => r._id.toHexString())).toEqual([moved!._id.toHexString()]);
  });

  describe('003-owners', () => {
    it('gives what was stored under an address to the Firebase account that has it, the user record included', async () => {
      const email = uniqueEmail('owned');
      const { localId } = await createFirebaseAccount(email);
      const userId = await insertLegacyUser(db, email, { role: 'staff' });
      await insertLegacyDocuments(db, email, { userId });
      await owners.up(db);
      const c = await collections();
      expect(await c.users.findOne({ _id: userId })).toMatchObject({ uid: localId, email, role: 'staff' });
      for (const name of ['carts', 'payments', 'bookings', 'reviews'] as const) {
        expect(await c[name].countDocuments({ email, ownerUid: localId }), name).toBe(1);
      }
      await owners.up(db);
      expect(await c.users.countDocuments({ email, uid: localId })).toBe(1);
    });

    it('keeps what no account can claim under an owner nobody signs in as: an address Firebase does not know, or an account younger than the records', async () => {
      const unknown = uniqueEmail('unknown');
      const unknownUser = await insertLegacyUser(db, unknown);
      await insertLegacyDocuments(db, unknown, { userId: unknownUser });
      const reused = uniqueEmail('reused');
      await insertLegacyDocuments(db, reused, { at: new Date(Date.now() - 400 * 86_400_000) });
      const { localId } = await createFirebaseAccount(reused);

      await owners.up(db);
      const c = await collections();
      const nobody = `unclaimed:${unknownUser.toHexString()}`;
      expect(await c.users.findOne({ _id: unknownUser })).toMatchObject({ uid: nobody });
      expect(await c.bookings.findOne({ email: unknown })).toMatchObject({ ownerUid: nobody });
      const reusedOwner = (await c.payments.findOne({ email: reused }))!.ownerUid;
      expect(reusedOwner).toMatch(/^unclaimed:[0-9a-f]{24}$/);
      expect(reusedOwner).not.toBe(localId);
      for (const name of ['carts', 'bookings', 'reviews'] as const) expect((await c[name].findOne({ email: reused }))?.ownerUid, name).toBe(reusedOwner);
      // Again, the same owners: nothing moves.
      await owners.up(db);
      expect((await c.payments.findOne({ email: reused }))!.ownerUid).toBe(reusedOwner);
      expect(await c.users.findOne({ _id: unknownUser })).toMatchObject({ uid: nobody });
    });

    it('folds a record into the one its account made since, and keeps the review its owner wrote since', async () => {
      const email = uniqueEmail('folded');
      const { localId } = await createFirebaseAccount(email);
      const legacyUser = await insertLegacyUser(db, email);
      await insertLegacyDocuments(db, email, { userId: legacyUser });
      // The account signed in under another address meanwhile, and wrote a review.
      const current = await makeDiner({ uid: localId, email: uniqueEmail('moved') });
      const c = await collections();
      const { insertedId: review } = await c.reviews.insertOne({ ownerUid: localId, email: current.email, name: 'Now', details: 'Current', rating: 3 });

      await reviewIds.up(db);
      await owners.up(db);
      expect(await c.users.findOne({ _id: legacyUser })).toBeNull();
      expect(await c.users.countDocuments({ uid: localId })).toBe(1);
      expect(await c.bookings.countDocuments({ email, ownerUid: localId })).toBe(1);
      expect((await c.reviews.find({ ownerUid: localId }).toArray()).map((r) => r._id.toHexString())).toEqual([review.toHexString()]);
    });
  });

  it('004-drop-email-indexes: the email indexes of carts, payments, bookings and reviews go; running again is harmless', async () => {
    const names = ['carts', 'payments', 'bookings', 'reviews'] as const;
    for (const name of names) await db.collection(name).createIndex({ email: 1 });
    await dropEmailIndexes.up(db);
    for (const name of names) await expect(db.collection(name).dropIndex('email_1'), name).rejects.toMatchObject({ code: 27 });
    await dropEmailIndexes.up(db);
    // The users' unique email index stays: sign-in finds records by email.
    await db.collection('users').insertOne({ uid: new ObjectId().toHexString(), name: 'Once', email: 'once@x.test' });
    await expect(db.collection('users').insertOne({ uid: new ObjectId().toHexString(), name: 'Twice', email: 'once@x.test' })).rejects.toMatchObject({ code: 11000 });
  });

  it('025-kitchen-load: dishes get a load of 1 and the places held in pickup slots theirs, so one given back takes off what it added; what has one stays', async () => {
    const menu = db.collection('menu');
    const old = await insertLegacyDish(db, { available: true, allergens: [], dietary: [], options: [] });
    const { insertedId: pizza } = await menu.insertOne({ name: 'Heavy', recipe: '', image: '/x.svg', category: 'pizza', price: 9, available: true, allergens: [], dietary: [], options: [], kitchenLoad: 3 });
    const slots = db.collection('pickupSlots');
    // As stored before places recorded their load.
    await (slots as unknown as AppCollection<Omit<PickupSlotDoc, 'loads'>>).insertOne({ _id: '2030-05-10 12:00', orders: 2, intents: ['pi_a', 'pi_b'] });
    await slots.insertOne({ _id: '2030-05-10 12:15', orders: 3, intents: ['pi_c'], loads: { pi_c: 3 } });

    await kitchenLoad.up(db);
    expect(await menu.findOne({ _id: old })).toMatchObject({ kitchenLoad: 1 });
    expect(await menu.findOne({ _id: pizza })).toMatchObject({ kitchenLoad: 3 });
    expect(await slots.findOne({ _id: '2030-05-10 12:00' })).toEqual({ _id: '2030-05-10 12:00', orders: 2, intents: ['pi_a', 'pi_b'], loads: { pi_a: 1, pi_b: 1 } });
    expect((await slots.findOne({ _id: '2030-05-10 12:15' }))?.loads).toEqual({ pi_c: 3 });
    // A place from before is given back by what it held.
    const { releaseSlot } = await import('@/lib/fulfilment/capacity');
    await releaseSlot('pi_a');
    expect(await slots.findOne({ _id: '2030-05-10 12:00' })).toMatchObject({ orders: 1, intents: ['pi_b'] });

    const before = await slots.find({}).sort({ _id: 1 }).toArray();
    await kitchenLoad.up(db);
    expect(await slots.find({}).sort({ _id: 1 }).toArray()).toEqual(before);
  });

  it('026-table-count: the number of tables saved before joins settings never saved, saved settings keep theirs, and the old document goes', async () => {
    const settings = db.collection('settings') as unknown as AppCollection<{ _id: string; [field: string]: unknown }>;
    await settings.deleteMany({ _id: { $in: ['restaurant', 'tables'] } });
    // As the Tables page kept it before the settings were one document.
    await settings.insertOne({ _id: 'tables', count: 7, updatedAt: new Date() });
    expect((await readSnapshot()).versioned.version).toBe(0);

    await tableCount.up(db);
    expect(await settings.findOne({ _id: 'tables' })).toBeNull();
    expect((await readSnapshot()).versioned).toMatchObject({ version: 1, settings: { tables: { count: 7 }, schedule: { timeZone: expect.any(String) } } });
    const once = await settings.findOne({ _id: 'restaurant' });
    await tableCount.up(db);
    expect(await settings.findOne({ _id: 'restaurant' })).toEqual(once);

    // Settings an admin saved already hold their own number, which has ruled since.
    await settings.updateOne({ _id: 'restaurant' }, { $set: { version: 4, 'settings.tables.count': 12 } });
    await settings.insertOne({ _id: 'tables', count: 3, updatedAt: new Date() });
    await tableCount.up(db);
    expect(await settings.findOne({ _id: 'tables' })).toBeNull();
    expect((await readSnapshot()).versioned).toMatchObject({ version: 4, settings: { tables: { count: 12 } } });
    await settings.deleteMany({ _id: 'restaurant' });
  });

  it('029-review-totals: the rating counters count the published reviews there, hidden ones left out, once however often it runs', async () => {
    const reviews = db.collection('reviews');
    await reviews.deleteMany({});
    await reviews.insertMany([
      { name: 'A', details: 'a', rating: 5 },
      { name: 'B', details: 'b', rating: 2 },
      { name: 'C', details: 'c', rating: 1, hidden: { at: new Date(), by: { uid: 'admin', name: 'Admin', email: 'admin@bistro.test' } } },
    ]);
    await db.collection('counters').deleteMany({ _id: { $in: ['reviews.published', 'reviews.ratingTotal'] } });
    await reviewTotals.up(db);
    await reviewTotals.up(db);
    expect(await readReviewTotals(db)).toEqual({ count: 2, mean: 3.5 });
  });

  it("030-hold-counters: a diner's holds get their count and guests; holds already counted keep theirs", async () => {
    const holds = db.collection('bookingHolds') as unknown as AppCollection<{ _id: string; holds: unknown[]; bookings?: number; seats?: number }>;
    await holds.deleteMany({});
    await holds.insertMany([
      { _id: 'ann', holds: [{ bookingId: 'b1', slot: '2030-01-01 19:00', guests: 2 }, { bookingId: 'b2', slot: '2030-01-02 19:00', guests: 4 }] },
      { _id: 'bob', holds: [] },
      { _id: 'cy', holds: [{ bookingId: 'b3', slot: '2030-01-01 19:00', guests: 3 }], bookings: 1, seats: 3 },
    ]);
    await holdCounters.up(db);
    expect(await holds.find({}).sort({ _id: 1 }).toArray()).toEqual([
      expect.objectContaining({ _id: 'ann', bookings: 2, seats: 6 }),
      expect.objectContaining({ _id: 'bob', bookings: 0, seats: 0 }),
      expect.objectContaining({ _id: 'cy', bookings: 1, seats: 3 }),
    ]);
  });

  it("031-settings-collections: the kitchen's ordering state and the tables' key move to their own collections, once however often it runs", async () => {
    const settings = db.collection('settings') as unknown as AppCollection<{ _id: string; [field: string]: unknown }>;
    const pause = { until: null, by: 'staff-uid', at: new Date('2026-01-01T12:00:00Z') };
    await settings.insertMany([
      { _id: 'ordering', pause, busy: null },
      { _id: 'tableKey', key: 'k-1', rotatedAt: new Date('2026-01-01T12:00:00Z'), rotatedBy: 'admin-uid' },
    ]);
    await settingsCollections.up(db);
    await settingsCollections.up(db);
    expect(await settings.countDocuments({ _id: { $in: ['ordering', 'tableKey'] } })).toBe(0);
    expect(await db.collection('orderingState').findOne({ _id: 'ordering' })).toEqual({ _id: 'ordering', pause, busy: null });
    expect(await db.collection('tableKeys').findOne({ _id: 'tableKey' })).toMatchObject({ key: 'k-1', rotatedBy: 'admin-uid' });
    await Promise.all([db.collection('orderingState').deleteMany({}), db.collection('tableKeys').deleteMany({})]);
  });
});
