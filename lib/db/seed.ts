/** Indexes and seed data: what a fresh database needs before the app can use it. */
import { createHash } from 'node:crypto';
import { BSON, ObjectId, type Document } from 'mongodb';
import { DEFAULT_KITCHEN_LOAD } from '../menu/types.ts';
import { rebuildReviewTotals } from '../reviews/totals.ts';
import { seedMenu, seedReviews } from '../seed/menu-data.ts';
import type { Collections } from './documents.ts';
import { isDuplicateKeyError } from './errors.ts';
import type { AppDb, IndexOptions } from './types.ts';

/** An index could not be built: the data breaks it (duplicates under a unique one), or the database refused. */
export class IndexBuildError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IndexBuildError';
  }
}

/**
 * Idempotent: creating an index that already exists with the same options is a no-op on both
 * backends. An index that cannot be built is an IndexBuildError naming it, and for a unique one
 * over duplicates, a duplicated value: the unique indexes keep order numbers and cart lines from
 * colliding, so the app must not run without them.
 */
export async function ensureIndexes(db: AppDb): Promise<void> {
  const index = async (name: keyof Collections, keys: Record<string, 1 | -1>, options: IndexOptions = {}) => {
    try {
      await db.collection(name).createIndex(keys, options);
    } catch (err) {
      throw indexBuildError(name, keys, options, err);
    }
  };
  await index('users', { email: 1 }, { unique: true });
  // Sparse as first built: an existing index cannot be built again with other options.
  await index('users', { uid: 1 }, { unique: true, sparse: true });
  // Guests past their time (lib/users/guests.ts), and the people who are not guests, newest first (the All users list).
  await index('users', { guestUntil: 1, _id: -1 });
  for (const name of ['carts', 'payments', 'bookings'] as const) await index(name, { ownerUid: 1 });
  // One order per payment, one checkout per provider intent (lib/orders/place.ts, lib/payments/intents.ts).
  await index('payments', { transactionId: 1 }, { unique: true });
  await index('checkout_intents', { transactionId: 1 }, { unique: true });
  await index('checkout_intents', { ownerUid: 1 });
  // The reconciler's work, soonest first, and the records past their retention (lib/payments/reconcile.ts).
  await index('checkout_intents', { reconcileAt: 1 }, { sparse: true });
  await index('checkout_intents', { deleteAfter: 1 }, { sparse: true });
  // Orders changed since a time: the polling fallback of the order events, and a client catching up.
  await index('payments', { updatedAt: 1 });
  await index('payments', { ownerUid: 1, updatedAt: 1 });
  // The lists, newest first, a page at a time (lib/pagination/page.ts), by each filter they offer:
  // orders by status, pickup or table, number, the start of an email or a name; a diner's payments.
  await index('payments', { data: -1, _id: -1 });
  await index('payments', { status: 1, data: -1, _id: -1 });
  await index('payments', { 'fulfilment.kind': 1, data: -1, _id: -1 });
  await index('payments', { email: 1, data: -1, _id: -1 });
  await index('payments', { name: 1, data: -1, _id: -1 });
  await index('payments', { ownerUid: 1, data: -1, _id: -1 });
  await index('users', { name: 1 });
  await index('users', { role: 1, _id: -1 });
  // Bookings by the day booked, latest first: a diner's, by status, or all.
  await index('bookings', { date: -1, _id: -1 });
  await index('bookings', { status: 1, date: -1, _id: -1 });
  await index('bookings', { ownerUid: 1, date: -1, _id: -1 });
  await index('bookings', { date: 1, time: 1 });
  await index('bookings', { status: 1, createdAt: 1 });
  // One review per diner; seed reviews have no owner and are left out of the index.
  await index('reviews', { ownerUid: 1 }, { unique: true, sparse: true });
  // The reviews on the site, and those an admin hid, newest first.
  await index('reviews', { 'hidden.at': 1, _id: -1 });
  // Identical cart lines merge (lib/cart/cart.ts): one field holds owner and line, as a compound
  // sparse index would still index lines that have only some of its fields.
  await index('carts', { lineKey: 1 }, { unique: true, sparse: true });
  // Order numbers are unique, and a new counter starts above the highest (lib/orders/numbers.ts);
  // unpaid intents and older payments have none.
  await index('payments', { number: 1 }, { unique: true, sparse: true });
  // A payment finds the pickup slot it holds (lib/fulfilment/capacity.ts).
  await index('pickupSlots', { intents: 1 });
  // One message per change (lib/mail/outbox.ts); the senders take what is due; the Email page lists a state newest first.
  // A diner's code is matched trimmed and in lower case (lib/promos).
  await index('promos', { codeKey: 1 }, { unique: true });
  // A code's uses (lib/promos/uses.ts): one per payment, each place under its limits taken once,
  // read by code and by person (email, card).
  await index('promoUses', { promoId: 1, transactionId: 1 }, { unique: true });
  await index('promoUses', { promoId: 1, n: 1 }, { unique: true });
  await index('promoUses', { promoId: 1, email: 1, emailN: 1 }, { unique: true });
  await index('promoUses', { promoId: 1, card: 1, cardN: 1 });
  await index('promoUses', { cardSeat: 1 }, { unique: true, sparse: true });
  await index('outbox', { key: 1 }, { unique: true });
  await index('outbox', { state: 1, nextAttemptAt: 1 });
  await index('outbox', { state: 1, _id: -1 });
  // What one address received in the last hour (its cap, lib/mail/outbox.ts).
  await index('outbox', { to: 1, createdAt: 1 });
  // Bookings made or changed since a time: what the mail sweep reads.
  await index('bookings', { createdAt: 1 });
  await index('bookings', { updatedAt: 1 });
  // Kitchen printers (lib/printing): a printer's request is found by its secret's hash; each ticket is
  // queued once per order, printer and kind; the ledger lists newest first, all or one printer's; an
  // order finds its tickets (a reprint, a cancel slip); safe failure asks for a printer seen lately.
  await index('printers', { tokenHash: 1 }, { unique: true });
  await index('printers', { 'seen.at': 1 });
  await index('printJobs', { key: 1 }, { unique: true });
  await index('printJobs', { printerId: 1, _id: -1 });
  await index('printJobs', { state: 1, _id: -1 });
  await index('printJobs', { orderId: 1 });
  // Push subscriptions (lib/notify/push): a browser once per order and once as a staff device; a notice
  // finds its order's, an alert the staff's; a browser that unsubscribes, or is gone, by its endpoint.
  await index('pushSubscriptions', { key: 1 }, { unique: true });
  await index('pushSubscriptions', { endpoint: 1 });
  await index('pushSubscriptions', { orderId: 1 }, { sparse: true });
  await index('pushSubscriptions', { staff: 1 }, { sparse: true });
  // Menu sections, the kitchen's word on each dish, the counts and the counts a payment holds
  // (lib/menu/live.ts, lib/menu/stock.ts) are all read by their _id: they need no other index.
}

function indexBuildError(collection: string, keys: Record<string, 1 | -1>, options: IndexOptions, err: unknown): IndexBuildError {
  const name = options.name ?? Object.entries(keys).map(([field, dir]) => `${field}_${dir}`).join('_');
  const what = `the ${options.unique ? 'unique ' : ''}index ${name} of ${collection}`;
  const keyValue = (err as { keyValue?: Document }).keyValue;
  if (isDuplicateKeyError(err) && keyValue) {
    const value = BSON.EJSON.stringify(keyValue, { relaxed: true });
    return new IndexBuildError(`${what} cannot be built: more than one document has ${value}. Change or remove the duplicates, then try again.`, { cause: err });
  }
  return new IndexBuildError(`${what} cannot be built: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
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
  menu: SeedCounts;
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
 * edited. `reset` empties both collections first.
 */
export async function seedDatabase(db: AppDb, { reset = false }: { reset?: boolean } = {}): Promise<SeedResult> {
  const menu = db.collection('menu');
  const reviews = db.collection('reviews');
  const removedMenu = reset ? (await menu.deleteMany({})).deletedCount : 0;
  const removedReviews = reset ? (await reviews.deleteMany({})).deletedCount : 0;

  const items = seedMenu.map((item, i) => ({ ...item, available: true, kitchenLoad: DEFAULT_KITCHEN_LOAD, _id: seedId('menu', i, `${item.category}\u0000${item.name}`) }));
  const haveItems = await menu.find({}, { projection: { name: 1, category: 1 } }).toArray();
  const itemKeys = new Set(haveItems.flatMap((d) => [`${d.category}\u0000${d.name}`, d._id.toHexString()]));
  const newItems = items.filter((d) => !itemKeys.has(`${d.category}\u0000${d.name}`) && !itemKeys.has(d._id.toHexString()));
  if (newItems.length) await menu.insertMany(newItems);

  const entries = seedReviews.map((review, i) => ({ ...review, _id: seedId('reviews', i, `${review.name}\u0000${review.details}`) }));
  const haveReviews = await reviews.find({}, { projection: { name: 1, details: 1 } }).toArray();
  const reviewKeys = new Set(haveReviews.flatMap((d) => [`${d.name}\u0000${d.details}`, d._id.toHexString()]));
  const newReviews = entries.filter((d) => !reviewKeys.has(`${d.name}\u0000${d.details}`) && !reviewKeys.has(d._id.toHexString()));
  if (newReviews.length) await reviews.insertMany(newReviews);
  if (newReviews.length || removedReviews) await rebuildReviewTotals(db);

  return {
    menu: { inserted: newItems.length, existing: items.length - newItems.length, removed: removedMenu },
    reviews: { inserted: newReviews.length, existing: entries.length - newReviews.length, removed: removedReviews },
  };
}
