import 'server-only';
import { revalidatePath } from 'next/cache';
import type { ObjectId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import type { MenuItemDoc } from '@/lib/db/documents';
import { unitCeilingError, type MenuItemChanges, type NewMenuItem } from '@/lib/menu/schemas';
import { DEFAULT_KITCHEN_LOAD } from '@/lib/menu/types';
import { clockNow } from '@/lib/settings/clock';

/**
 * The one place the menu is written. Every write ends by marking the public pages built from
 * the menu for regeneration, so the next visitor of the home, menu and order pages (and the
 * sitemap) sees the change instead of the copy prerendered up to 5 minutes earlier.
 */

/**
 * The public pages that read the menu. Order pages by their route pattern, which covers every
 * category and page, new ones included; the pattern names the route file, route group and all
 * (the cache tags pages carry are `/(site)/order/…/page`: without the group nothing matches).
 */
const ORDER_PAGES_ROUTE = '/(site)/order/[category]/[[...page]]';

function revalidateMenuPages(): void {
  revalidatePath('/');
  revalidatePath('/menu');
  revalidatePath(ORDER_PAGES_ROUTE, 'page');
  revalidatePath('/sitemap.xml');
}

function itemId(id: string): ObjectId {
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed menu item id.');
  return _id;
}

const notFound = () => new HttpError(404, 'No menu item has this id.');

export async function addMenuItem(admin: Admin, item: NewMenuItem): Promise<{ insertedId: string }> {
  authorize(admin, 'admin');
  const { menu } = await collections();
  const doc: MenuItemDoc = {
    ...item,
    recipe: item.recipe ?? '',
    available: item.available ?? true,
    allergens: item.allergens ?? [],
    dietary: item.dietary ?? [],
    options: item.options ?? [],
    kitchenLoad: item.kitchenLoad ?? DEFAULT_KITCHEN_LOAD,
    createdAt: clockNow(),
  };
  const { insertedId } = await menu.insertOne(doc);
  revalidateMenuPages();
  return { insertedId: insertedId.toHexString() };
}

/** Sets the fields given; the others, the picture included, stay as they are. */
export async function updateMenuItem(admin: Admin, id: string, changes: MenuItemChanges): Promise<{ modifiedCount: number }> {
  authorize(admin, 'admin');
  const _id = itemId(id);
  const { menu } = await collections();
  if (changes.price !== undefined || changes.options !== undefined) {
    // A new price or new options must still fit one card payment with the other as stored.
    const stored = await menu.findOne({ _id }, { projection: { price: 1, options: 1 } });
    if (!stored) throw notFound();
    const ceiling = unitCeilingError({ price: changes.price ?? stored.price, options: changes.options ?? stored.options });
    if (ceiling) throw new HttpError(400, `options: ${ceiling}`);
  }
  // The schema leaves out what was not sent (JSON has no undefined), so $set touches only those.
  const { matchedCount, modifiedCount } = await menu.updateOne({ _id }, { $set: changes });
  if (!matchedCount) throw notFound();
  if (modifiedCount) revalidateMenuPages();
  return { modifiedCount };
}

export async function deleteMenuItem(admin: Admin, id: string): Promise<{ deletedCount: number }> {
  authorize(admin, 'admin');
  const _id = itemId(id);
  const { menu } = await collections();
  const { deletedCount } = await menu.deleteOne({ _id });
  if (!deletedCount) throw notFound();
  revalidateMenuPages();
  return { deletedCount };
}
