import 'server-only';
import type { ObjectId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { collections, toObjectId } from '@/lib/db';
import { assertOwnEmail, authorize, type Viewer } from '@/lib/auth/viewer';
import type { CartItem } from '@/lib/cart/types';
import { getMenuItem } from '@/lib/menu/queries';
import { toCents } from '@/lib/menu/money';

/** The one place that reads and writes cart lines, and prices them for a payment. Lines belong to a uid. */

/** Ids as stored ObjectIds; a malformed one matches nothing, so it is left out. */
function objectIds(ids: readonly string[]): ObjectId[] {
  return ids.map(toObjectId).filter((id): id is ObjectId => id !== null);
}

/** Adds one menu item for the viewer; name, picture and price come from the menu. */
export async function addToCart(viewer: Viewer, menuId: string): Promise<{ insertedId: string }> {
  authorize(viewer);
  const item = await getMenuItem(menuId);
  if (!item) throw new HttpError(404, 'No menu item has this id.');
  const { carts } = await collections();
  const { insertedId } = await carts.insertOne({
    menuId: item._id,
    ownerUid: viewer.uid,
    email: viewer.email,
    name: item.name,
    image: item.image,
    price: item.price,
    createdAt: new Date(),
  });
  return { insertedId: insertedId.toHexString() };
}

/** The viewer's cart lines in the order they were added; `email`, when a client names one, must be theirs. */
export async function listCart(viewer: Viewer, email = viewer.email): Promise<CartItem[]> {
  authorize(viewer);
  assertOwnEmail(viewer, email);
  const { carts } = await collections();
  const docs = await carts.find({ ownerUid: viewer.uid }).sort({ _id: 1 }).toArray();
  return docs.map((doc) => ({
    _id: doc._id.toHexString(),
    menuId: doc.menuId,
    email: doc.email,
    name: doc.name,
    image: doc.image,
    price: doc.price,
  }));
}

/**
 * Deletes one of the viewer's own lines. Not theirs or already gone is one answer, 404, so a
 * caller learns nothing about other people's carts.
 */
export async function removeFromCart(viewer: Viewer, id: string): Promise<{ deletedCount: number }> {
  authorize(viewer);
  const _id = toObjectId(id);
  const { carts } = await collections();
  const { deletedCount } = _id ? await carts.deleteOne({ _id, ownerUid: viewer.uid }) : { deletedCount: 0 };
  if (!deletedCount) throw new HttpError(404, 'No item in your cart has this id.');
  return { deletedCount };
}

/**
 * Removes the lines a payment covered; lines added since stay. Safe to repeat. No viewer: the
 * paid payment is the authority (a Stripe webhook completes payments with nobody signed in).
 */
export async function removePaidLines(payment: { ownerUid?: string; cartIds: readonly string[] }): Promise<void> {
  const ids = objectIds(payment.cartIds);
  if (!ids.length || !payment.ownerUid) return;
  const { carts } = await collections();
  await carts.deleteMany({ _id: { $in: ids }, ownerUid: payment.ownerUid });
}

export interface PricedCart {
  /** The total in whole cents, so no sum is ever off by a fraction of a cent. */
  cents: number;
  cartIds: string[];
  menuItemIds: string[];
}

/**
 * Prices the viewer's cart (or just the given lines of it) at the menu's current prices, never at
 * the price stored on the line: what is charged is what the menu says now.
 */
export async function priceCart(viewer: Viewer, onlyIds?: readonly string[]): Promise<PricedCart> {
  authorize(viewer);
  const { carts, menu } = await collections();
  const ids = onlyIds && objectIds(onlyIds);
  const lines = await carts
    .find({ ownerUid: viewer.uid, ...(ids ? { _id: { $in: ids } } : {}) })
    .sort({ _id: 1 })
    .toArray();
  const items = await menu.find({ _id: { $in: objectIds(lines.map((line) => line.menuId)) } }, { projection: { price: 1 } }).toArray();
  const prices = new Map(items.map((item) => [item._id.toHexString(), item.price]));
  let cents = 0;
  for (const line of lines) {
    const price = prices.get(line.menuId);
    if (price === undefined) throw new HttpError(409, `${line.name} is no longer on the menu. Please remove it from your cart.`);
    cents += toCents(price);
  }
  return { cents, cartIds: lines.map((line) => line._id.toHexString()), menuItemIds: lines.map((line) => line.menuId) };
}
