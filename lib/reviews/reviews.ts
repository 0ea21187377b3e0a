import 'server-only';
import { revalidatePath } from 'next/cache';
import { ObjectId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin, type Viewer } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import { toReview } from '@/lib/menu/queries';
import { actorOf } from '@/lib/orders/orders';
import type { Review } from '@/lib/reviews/types';
import type { ReviewInput, ReviewModeration } from '@/lib/reviews/schemas';
import { clockNow } from '@/lib/settings/clock';

/**
 * The one place reviews are written (the public site reads them in lib/menu/queries.ts).
 *
 * One review per diner: a sparse unique index on the owner's uid (seed reviews have no owner and
 * are left out of it), and every save is one upsert on it, so of two racing first saves one writes
 * the review and the other rewrites it. Each review has an id of its own, which says nothing about
 * its author.
 */

/** The home page's testimonials are prerendered (revalidate = 300): a write must not wait 5 minutes to show. */
function revalidateTestimonials(): void {
  revalidatePath('/');
}

export async function getOwnReview(viewer: Viewer): Promise<Review | null> {
  authorize(viewer);
  const { reviews } = await collections();
  const doc = await reviews.findOne({ ownerUid: viewer.uid });
  return doc ? toReview(doc) : null;
}

/** Writes the viewer's review, or rewrites it if they have one. */
export async function saveReview(viewer: Viewer, input: ReviewInput, now = clockNow()): Promise<{ review: Review; created: boolean }> {
  authorize(viewer);
  // The name the dashboard greets them by; never the client's.
  const fields = { name: viewer.name, rating: input.rating, details: input.details };
  const { reviews } = await collections();
  const fresh = new ObjectId();
  // A hidden review stays hidden when its author rewrites it.
  const before = await reviews.findOneAndUpdate(
    { ownerUid: viewer.uid },
    { $set: { ...fields, updatedAt: now }, $setOnInsert: { _id: fresh, email: viewer.email, createdAt: now } },
    { upsert: true, projection: { _id: 1, hidden: 1 } },
  );
  revalidateTestimonials();
  return { review: { _id: (before?._id ?? fresh).toHexString(), ...fields, ...(before?.hidden ? { hidden: true } : {}) }, created: !before };
}

/** Takes a review off the site (the testimonials, the public list and the rating), or puts it back, saying who did it. */
export async function moderateReview(admin: Admin, id: string, { hidden }: ReviewModeration, now = clockNow()): Promise<Review> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed review id.');
  const { reviews } = await collections();
  const doc = await reviews.findOneAndUpdate(
    { _id },
    hidden ? { $set: { hidden: { at: now, by: actorOf(admin) } } } : { $unset: { hidden: '' } },
    { returnDocument: 'after' },
  );
  if (!doc) throw new HttpError(404, 'No review has this id.');
  revalidateTestimonials();
  return toReview(doc);
}

/** Removes a review from the site (moderation). */
export async function deleteReview(admin: Admin, id: string): Promise<{ deletedCount: number }> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed review id.');
  const { reviews } = await collections();
  const { deletedCount } = await reviews.deleteOne({ _id });
  if (!deletedCount) throw new HttpError(404, 'No review has this id.');
  revalidateTestimonials();
  return { deletedCount };
}
