/**
 * Data as it was stored before records belonged to a Firebase uid: keyed by email only. One of
 * each kind a person owns, for the migration tests.
 */
import { ObjectId } from 'mongodb';
import type { AppDb } from '@/lib/db';

export async function insertLegacyDocuments(db: AppDb, email: string, userId = new ObjectId()): Promise<void> {
  const menuId = new ObjectId().toHexString();
  await db.collection('carts').insertOne({ menuId, email, name: 'Legacy Soup', image: '/images/menu/soup.svg', price: 9.5 });
  await db.collection('payments').insertOne({
    email,
    price: 9.5,
    transactionId: `legacy-${userId.toHexString()}`,
    data: new Date('2025-01-01T12:00:00Z'),
    cartIds: [],
    menuItemIds: [menuId],
    status: 'completed',
  });
  await db.collection('bookings').insertOne({
    email,
    name: 'Legacy Guest',
    date: '2030-01-01',
    time: '19:00',
    guests: 2,
    phone: '+1 555 010 2024',
    status: 'confirmed',
    createdAt: new Date('2025-01-01T12:00:00Z'),
  });
  // A review's id used to be its author's user record id.
  await db.collection('reviews').insertOne({ _id: userId, email, name: 'Legacy Guest', rating: 5, details: 'Kept from before the move.' });
}
