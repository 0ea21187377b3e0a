/** Indexes and seed data: what a fresh database needs before the app can use it. */
import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { seedMenu, seedReviews } from '../seed/menu-data.ts';
import type { MenuItemDoc } from './documents.ts';
import type { AppDb, Filter } from './types.ts';

/** Idempotent: creating an index that already exists with the same options is a no-op on both backends. */
export async function ensureIndexes(db: AppDb): Promise<void> {
  await db.collection('users').createIndex({ email: 1 }, { unique: true });
  // Sparse: records from before uids were kept have none yet, and must not collide as null.
  await db.collection('users').createIndex({ uid: 1 }, { unique: true, sparse: true });
  for (const name of ['carts', 'payments', 'bookings'] as const) {
    await db.collection(name).createIndex({ ownerUid: 1 });
    // Legacy documents are found by email when their owner is known (lib/db/owners.ts).
    await db.collection(name).createIndex({ email: 1 });
  }
  // Orders changed since a time: the polling fallback of the order events, and a client catching up.
  await db.collection('payments').createIndex({ updatedAt: 1 });
  await db.collection('payments').createIndex({ ownerUid: 1, updatedAt: 1 });
  await db.collection('bookings').createIndex({ date: 1, time: 1 });
  await db.collection('bookings').createIndex({ status: 1, createdAt: 1 });
  // One review per diner; seed reviews have no owner and are left out of the index.
  await db.collection('reviews').createIndex({ ownerUid: 1 }, { unique: true, sparse: true });
  await db.collection('reviews').createIndex({ email: 1 });
  // Identical cart lines merge (lib/cart/cart.ts): one field holds owner and line, as a compound
  // sparse index would still index lines that have only some of its fields.
  await db.collection('carts').createIndex({ lineKey: 1 }, { unique: true, sparse: true });
  // Order numbers are unique (lib/orders/numbers.ts); unpaid intents and older payments have none.
  await db.collection('payments').createIndex({ number: 1 }, { unique: true, sparse: true });
  // A payment finds the pickup slot it holds (lib/fulfilment/capacity.ts).
  await db.collection('pickupSlots').createIndex({ intents: 1 });
  // One message per change (lib/mail/outbox.ts); the senders take what is due; the Email page lists a state newest first.
  await db.collection('outbox').createIndex({ key: 1 }, { unique: true });
  await db.collection('outbox').createIndex({ state: 1, nextAttemptAt: 1 });
  await db.collection('outbox').createIndex({ state: 1, _id: -1 });
  // Bookings made or changed since a time: what the mail sweep reads.
  await db.collection('bookings').createIndex({ createdAt: 1 });
  await db.collection('bookings').createIndex({ updatedAt: 1 });
}

export interface SeedCounts {
  /** Seed entries written now. */
  inserted: number;
  /** Seed entries that were already there and left untouched. */
  existing: number;
  /** Documents deleted first (only with `reset`). */
  removed: number;
}

export interface SeedResult {
  /** `filled`: seed dishes stored before dishes had allergens, tags and options, given the seed's now. */
  menu: SeedCounts & { filled: number };
  reviews: SeedCounts;
}

/** 2024-01-01T00:00:00Z: seed ids sort before anything created since, in seed order. */
const SEED_EPOCH = 1_704_067_200;

/**
 * Seed documents get deterministic ids (a fixed timestamp + a hash of the entry), so every
 * process that seeds produces the same ids: pages prerendered by `next build` from the
 * in-memory seed link to the very items the server creates on its first start.
 */
export function seedId(collection: 'menu' | 'reviews', index: number, key: string): ObjectId {
  const time = (SEED_EPOCH + index).toString(16).padStart(8, '0');
  return new ObjectId(time + createHash('sha1').update(`${collection}\u0000${key}`).digest('hex').slice(0, 16));
}

/**
 * Adds the seed menu items and reviews that are missing. Menu items are recognised by
 * name + category, reviews by name + text, or by their seed id (an admin may have renamed
 * one), so running it again changes nothing and never touches what an admin added or
 * edited. Seed dishes stored before dishes had allergens, dietary tags and options get the seed's,
 * each field only where it is missing, so an admin's edit of it stays. `reset` empties both
 * collections first.
 */
export async function seedDatabase(db: AppDb, { reset = false }: { reset?: boolean } = {}): Promise<SeedResult> {
  const menu = db.collection('menu');
  const reviews = db.collection('reviews');
  const removedMenu = reset ? (await menu.deleteMany({})).deletedCount : 0;
  const removedReviews = reset ? (await reviews.deleteMany({})).deletedCount : 0;

  const items = seedMenu.map((item, i) => ({ ...item, _id: seedId('menu', i, `${item.category}\u0000${item.name}`) }));
  const haveItems = await menu.find({}, { projection: { name: 1, category: 1 } }).toArray();
  const itemKeys = new Set(haveItems.flatMap((d) => [`${d.category}\u0000${d.name}`, d._id.toHexString()]));
  const newItems = items.filter((d) => !itemKeys.has(`${d.category}\u0000${d.name}`) && !itemKeys.has(d._id.toHexString()));
  if (newItems.length) await menu.insertMany(newItems);
  const filled = await fillNewFields(db, items);

  const entries = seedReviews.map((review, i) => ({ ...review, _id: seedId('reviews', i, `${review.name}\u0000${review.details}`) }));
  const haveReviews = await reviews.find({}, { projection: { name: 1, details: 1 } }).toArray();
  const reviewKeys = new Set(haveReviews.flatMap((d) => [`${d.name}\u0000${d.details}`, d._id.toHexString()]));
  const newReviews = entries.filter((d) => !reviewKeys.has(`${d.name}\u0000${d.details}`) && !reviewKeys.has(d._id.toHexString()));
  if (newReviews.length) await reviews.insertMany(newReviews);

  return {
    menu: { inserted: newItems.length, existing: items.length - newItems.length, removed: removedMenu, filled },
    reviews: { inserted: newReviews.length, existing: entries.length - newReviews.length, removed: removedReviews },
  };
}

/** Gives stored seed dishes (known by id, or by name and category) the seed's value of each field they lack. */
async function fillNewFields(db: AppDb, items: readonly MenuItemDoc[]): Promise<number> {
  const menu = db.collection('menu');
  const seeds = new Map(items.flatMap((item) => [[item._id!.toHexString(), item] as const, [`${item.category}\u0000${item.name}`, item] as const]));
  const lacking = await menu
    .find({ $or: [{ allergens: { $exists: false } }, { dietary: { $exists: false } }, { options: { $exists: false } }] })
    .toArray();
  let filled = 0;
  for (const doc of lacking) {
    const seed = seeds.get(doc._id.toHexString()) ?? seeds.get(`${doc.category}\u0000${doc.name}`);
    if (!seed) continue;
    const filter: Filter<MenuItemDoc> = { _id: doc._id };
    const set: Partial<MenuItemDoc> = {};
    if (doc.allergens === undefined) [filter.allergens, set.allergens] = [{ $exists: false }, seed.allergens ?? []];
    if (doc.dietary === undefined) [filter.dietary, set.dietary] = [{ $exists: false }, seed.dietary ?? []];
    if (doc.options === undefined) [filter.options, set.options] = [{ $exists: false }, seed.options ?? []];
    filled += (await menu.updateOne(filter, { $set: set })).modifiedCount;
  }
  return filled;
}
