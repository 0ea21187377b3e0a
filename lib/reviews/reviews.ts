import 'server-only';
import { revalidatePath } from 'next/cache';
import { ObjectId, type WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import type { SessionClaims } from '@/lib/auth/session';
import { collections, isDuplicateKeyError, toObjectId } from '@/lib/db';
import type { Review } from '@/lib/reviews/types';
import type { ReviewDoc } from '@/lib/db/documents';
import { findUserByEmail, normalizeEmail } from '@/lib/users/users';
import type { ReviewInput } from '@/lib/validation/review';

/**
 * The one place reviews are written (the public site reads them in lib/menu/queries.ts).
 *
 * One review per diner. A unique index on `email` cannot say it: seed reviews have no email,
 * both engines index a missing field as null (so the seed itself would collide), and the narrow
 * Collection API has no partial index. Instead a diner's review takes their user record's _id
 * as its own: the _id index, unique on both engines, makes the second of two racing first saves
 * fail, and that one updates the winner. The home page sorts testimonials by _id, so a diner's
 * review is placed by when their account was made: newer accounts first, all before the seed.
 */

function toReview(doc: WithId<ReviewDoc>): Review {
  return { _id: doc._id.toHexString(), name: doc.name, details: doc.details, rating: doc.rating };
}

/** The home page's testimonials are prerendered (revalidate = 300): a write must not wait 5 minutes to show. */
function revalidateTestimonials(): void {
  revalidatePath('/');
}

export async function getOwnReview(email: string): Promise<Review | null> {
  const { reviews } = await collections();
  const doc = await reviews.findOne({ email: normalizeEmail(email) });
  return doc ? toReview(doc) : null;
}

/** Writes the caller's review, or rewrites it if they have one. */
export async function saveReview(user: SessionClaims, input: ReviewInput, now = new Date()): Promise<{ review: Review; created: boolean }> {
  const email = normalizeEmail(user.email);
  const author = await findUserByEmail(email);
  // Every signed-in user gets a record at login; logging in again makes a missing one.
  if (!author) throw new HttpError(403, 'Your account is not set up yet. Please log in again.');
  // The name the dashboard greets them by (the session's, else the record's); never the client's.
  const fields = { name: user.name || author.name || email, rating: input.rating, details: input.details };
  const { reviews } = await collections();
  // By email first: a review kept from before the account was re-created still counts as theirs.
  const existing = await reviews.findOne({ email });
  const _id = existing?._id ?? new ObjectId(author._id);
  let created = false;
  if (!existing) {
    try {
      await reviews.insertOne({ _id, email, ...fields, createdAt: now });
      created = true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  if (!created) {
    const { matchedCount } = await reviews.updateOne({ _id }, { $set: { ...fields, updatedAt: now } });
    if (!matchedCount) throw new HttpError(409, 'Your review was removed meanwhile. Please send it again.');
  }
  revalidateTestimonials();
  return { review: { _id: _id.toHexString(), ...fields }, created };
}

export async function deleteReview(id: string): Promise<{ deletedCount: number }> {
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed review id.');
  const { reviews } = await collections();
  const { deletedCount } = await reviews.deleteOne({ _id });
  if (!deletedCount) throw new HttpError(404, 'No review has this id.');
  revalidateTestimonials();
  return { deletedCount };
}
