import 'server-only';
import type { WithId } from 'mongodb';
import { collections } from '@/lib/db';
import type { UserDoc } from '@/lib/db/documents';

/**
 * Removes a person's record for good: their cart goes, then the record (which ends their
 * sessions). Payments and bookings stay, still their uid's, so a later account with the same
 * email inherits none of them: they are the restaurant's records.
 */
export async function forgetUser(record: WithId<UserDoc>): Promise<{ deletedCount: number }> {
  const { carts, users } = await collections();
  await carts.deleteMany({ ownerUid: record.uid });
  const { deletedCount } = await users.deleteOne({ _id: record._id });
  return { deletedCount };
}
