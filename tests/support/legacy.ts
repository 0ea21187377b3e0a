/**
 * Data in the shapes earlier releases stored, for the migration tests (lib/db/migrations). Written
 * through an untyped handle: the document types describe today's shapes.
 */
import { ObjectId, type Document } from 'mongodb';
import type { AppCollection, AppDb } from '@/lib/db';
import type { Collections } from '@/lib/db/documents';

export function legacyCollection(db: AppDb, name: keyof Collections): AppCollection<Document> {
  return db.collection(name) as unknown as AppCollection<Document>;
}

/** A user record from before records were keyed by Firebase uid: no uid. Answers its id. */
export async function insertLegacyUser(db: AppDb, email: string, fields: Document = {}): Promise<ObjectId> {
  const { insertedId } = await legacyCollection(db, 'users').insertOne({ name: 'Lea Legacy', email, createdAt: new Date(), ...fields });
  return insertedId as ObjectId;
}

/**
 * One of each kind a person owns, as stored before records carried their owner's uid: by email
 * only, dated `at`. The review's id is `userId`, as a review's id was its author's user record id.
 */
export async function insertLegacyDocuments(db: AppDb, email: string, { userId = new ObjectId(), at = new Date() } = {}): Promise<void> {
  const menuId = new ObjectId().toHexString();
  await legacyCollection(db, 'carts').insertOne({ menuId, email, name: 'Legacy Soup', image: '/images/menu/soup.svg', price: 9.5, createdAt: at });
  await legacyCollection(db, 'payments').insertOne({
    email,
    price: 9.5,
    transactionId: `legacy-${userId.toHexString()}`,
    data: at,
    cartIds: [],
    menuItemIds: [menuId],
    status: 'completed',
  });
  await legacyCollection(db, 'bookings').insertOne({
    email,
    name: 'Legacy Guest',
    date: '2030-01-01',
    time: '19:00',
    guests: 2,
    phone: '+1 555 010 2024',
    status: 'confirmed',
    createdAt: at,
  });
  await legacyCollection(db, 'reviews').insertOne({ _id: userId, email, name: 'Legacy Guest', rating: 5, details: 'Kept from before the move.', createdAt: at });
}

/** A dish from before dishes had a sold-out switch, allergens, dietary tags and options. */
export async function insertLegacyDish(db: AppDb, fields: Document = {}): Promise<ObjectId> {
  const { insertedId } = await legacyCollection(db, 'menu').insertOne({ name: 'Old Soup', recipe: 'Stock', image: '/images/menu/soup.svg', category: 'soup', price: 7, ...fields });
  return insertedId as ObjectId;
}

/** A document as `payments` held an unpaid checkout beside the orders: status 'intent', opened at `data`. */
export async function insertIntentInPayments(db: AppDb, intent: Record<string, unknown>): Promise<ObjectId> {
  return (await legacyCollection(db, 'payments').insertOne({ ...intent, status: 'intent' })).insertedId as ObjectId;
}
