import 'server-only';
import { HttpError } from '@/lib/api/http';
import { LOG_IN, authorize, type Shopper } from '@/lib/auth/viewer';
import { collections, getDb, toObjectId } from '@/lib/db';
import type { MenuCategory, MenuItem } from '@/lib/menu/types';
import type { MenuItemDoc, ReviewDoc } from '@/lib/db/documents';
import type { RatingSummary, Review } from '@/lib/reviews/types';
import { ObjectId, type WithId } from 'mongodb';
import type { Filter } from '@/lib/db';
import { mapPage, readPage, type Paged } from '@/lib/pagination/page';
import { dayRange } from '@/lib/pagination/days';
import { getSettings } from '@/lib/settings/store';
import type { ReviewsQuery } from '@/lib/reviews/schemas';
import { readReviewTotals } from '@/lib/reviews/totals';

/** The one place the public site reads the menu and the reviews. */

export function toMenuItem(doc: WithId<MenuItemDoc>): MenuItem {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    recipe: doc.recipe,
    image: doc.image,
    category: doc.category,
    price: doc.price,
    available: doc.available,
    allergens: doc.allergens,
    dietary: doc.dietary,
    options: doc.options,
    kitchenLoad: doc.kitchenLoad,
    ...(doc.taxRate ? { taxRate: doc.taxRate } : {}),
    ...(doc.schedule ? { schedule: doc.schedule } : {}),
    ...(doc.stock ? { stock: doc.stock } : {}),
  };
}

export function toReview(doc: WithId<ReviewDoc>): Review {
  return { _id: doc._id.toHexString(), name: doc.name, details: doc.details, rating: doc.rating, ...(doc.hidden ? { hidden: true } : {}) };
}

/** The reviews on the site: those no admin hid. */
const PUBLISHED: Filter<ReviewDoc> = { 'hidden.at': { $exists: false } };

export async function getMenuItems(category?: MenuCategory): Promise<MenuItem[]> {
  const { menu } = await collections();
  const docs = await menu
    .find(category ? { category } : {})
    .sort({ name: 1 })
    .toArray();
  return docs.map(toMenuItem);
}

/** Items grouped by category, read once, for pages that show several categories. */
export async function getMenuByCategory(): Promise<Record<MenuCategory, MenuItem[]>> {
  const items = await getMenuItems();
  const groups: Record<MenuCategory, MenuItem[]> = {
    salad: [],
    pizza: [],
    soup: [],
    dessert: [],
    drinks: [],
    offered: [],
    popular: [],
  };
  for (const item of items) groups[item.category]?.push(item);
  return groups;
}

/** The item, or null when the id is malformed or unknown. */
export async function getMenuItem(id: string): Promise<MenuItem | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const { menu } = await collections();
  const doc = await menu.findOne({ _id });
  return doc ? toMenuItem(doc) : null;
}

/**
 * A page of the reviews, newest first, by the day they were written: an id holds its creation
 * time, so the days are a range of ids and the list needs no index but its own. Anybody reads
 * those on the site; only an admin those hidden (`status` hidden or all).
 */
export async function getReviews({ limit, cursor, from, to, status = 'published' }: ReviewsQuery = {}, viewer: Shopper | null = null): Promise<Paged<Review>> {
  if (status !== 'published') {
    if (!viewer) throw new HttpError(401, LOG_IN);
    authorize(viewer, 'admin');
  }
  const { reviews } = await collections();
  const filter: Filter<ReviewDoc> = status === 'published' ? { ...PUBLISHED } : status === 'hidden' ? { 'hidden.at': { $exists: true } } : {};
  const written = dayRange({ from, to }, (await getSettings()).schedule.timeZone, idAt);
  if (written) filter._id = written;
  const page = await readPage(reviews, { list: 'reviews', scope: { from, to, status }, filter }, { limit, cursor });
  return mapPage(page, (docs) => docs.map(toReview));
}

/** The smallest id made at `at`. */
const idAt = (at: Date) => ObjectId.createFromTime(Math.floor(at.getTime() / 1000));

/** How many reviews the home page's testimonials show, the newest first. */
export const TESTIMONIALS = 10;

/**
 * The home page's testimonials and the rating of every review on the site: the page stays the
 * same size however many reviews a year brings, while its rating (for crawlers) counts them all.
 */
export async function getTestimonials(limit = TESTIMONIALS): Promise<{ latest: Review[]; rating: RatingSummary | null }> {
  const { reviews } = await collections();
  const [docs, rating] = await Promise.all([reviews.find(PUBLISHED).sort({ _id: -1 }).limit(limit).toArray(), readReviewTotals(await getDb())]);
  return { latest: docs.map(toReview), rating };
}
