import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { revalidatePath } from 'next/cache';
import { ObjectId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin, type Viewer } from '@/lib/auth/viewer';
import { collections, getDb, toObjectId } from '@/lib/db';
import { toReview } from '@/lib/menu/queries';
import { actorOf } from '@/lib/orders/orders';
import type { Review } from '@/lib/reviews/types';
import type { ReviewInput, ReviewModeration } from '@/lib/reviews/schemas';
import { changeReviewTotals } from '@/lib/reviews/totals';

/**
 * The one place reviews are written (the public site reads them in lib/menu/queries.ts).
 *
 * One review per diner: a sparse unique index on the owner's uid (seed reviews have no owner and
 * are left out of it), and every save is one upsert on it, so of two racing first saves one writes
 * the review and the other rewrites it. Each review has an id of its own, which says nothing about
 * its author. Each write that publishes, hides, rewrites or removes one changes the rating's totals
 * (lib/reviews/totals.ts) by what it saw change, answered by the same atomic write.
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
    { upsert: true, projection: { _id: 1, hidden: 1, rating: 1 } },
  );
  if (!before) await changeReviewTotals(await getDb(), 1, fields.rating);
  else if (!before.hidden) await changeReviewTotals(await getDb(), 0, fields.rating - before.rating);
  revalidateTestimonials();
  return { review: { _id: (before?._id ?? fresh).toHexString(), ...fields, ...(before?.hidden ? { hidden: true } : {}) }, created: !before };
}

/** Takes a review off the site (the testimonials, the public list and the rating), or puts it back, saying who did it. */
export async function moderateReview(admin: Admin, id: string, { hidden }: ReviewModeration, now = clockNow()): Promise<Review> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed review id.');
  const { reviews } = await collections();
  const mark = { at: now, by: actorOf(admin) };
  const before = await reviews.findOneAndUpdate({ _id }, hidden ? { $set: { hidden: mark } } : { $unset: { hidden: '' } });
  if (!before) throw new HttpError(404, 'No review has this id.');
  if (hidden !== Boolean(before.hidden)) await changeReviewTotals(await getDb(), hidden ? -1 : 1, hidden ? -before.rating : before.rating);
  revalidateTestimonials();
  const { hidden: _, ...rest } = before;
  return toReview(hidden ? { ...rest, hidden: mark } : rest);
}

/** Removes a review from the site (moderation). */
export async function deleteReview(admin: Admin, id: string): Promise<{ deletedCount: number }> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed review id.');
  const { reviews } = await collections();
  // Deleted as it was read, so the totals lose what it held; a write in between makes it read again.
  for (;;) {
    const doc = await reviews.findOne({ _id }, { projection: { rating: 1, hidden: 1 } });
    if (!doc) throw new HttpError(404, 'No review has this id.');
    const { deletedCount } = await reviews.deleteOne({ _id, rating: doc.rating, hidden: { $exists: Boolean(doc.hidden) } });
    if (!deletedCount) continue;
    if (!doc.hidden) await changeReviewTotals(await getDb(), -1, -doc.rating);
    revalidateTestimonials();
    return { deletedCount };
  }
}
