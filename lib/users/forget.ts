import 'server-only';
import type { WithId } from 'mongodb';
import { collections, getDb } from '@/lib/db';
import type { UserDoc } from '@/lib/db/documents';
import { stampLegacyDocuments } from '@/lib/db/owners';

/**
 * Removes a person's record for good: first their legacy documents are stamped with the uid
 * that owned them, so a later account with the same email inherits none of them; then their
 * cart goes, then the record (which ends their sessions). Payments and bookings stay: they are
 * the restaurant's records.
 */
export async function forgetUser(record: WithId<UserDoc>, ownerUid: string): Promise<{ deletedCount: number }> {
  await stampLegacyDocuments(await getDb(), record.email, ownerUid);
  const { carts, users } = await collections();
  await carts.deleteMany({ ownerUid });
  const { deletedCount } = await users.deleteOne({ _id: record._id });
  return { deletedCount };
}
