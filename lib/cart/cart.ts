import 'server-only';
import type { ObjectId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { collections, toObjectId } from '@/lib/db';
import type { SessionClaims } from '@/lib/auth/session';
import type { CartItem } from '@/lib/cart/types';
import { getMenuItem } from '@/lib/menu/queries';
import { toCents } from '@/lib/menu/money';
import { normalizeEmail } from '@/lib/users/users';

/** The one place that reads and writes cart lines, and prices them for a payment. */

/** Ids as stored ObjectIds; a malformed one matches nothing, so it is left out. */
function objectIds(ids: readonly string[]): ObjectId[] {
  return ids.map(toObjectId).filter((id): id is ObjectId => id !== null);
}

/** Adds one menu item for the signed-in user; name, picture and price come from the menu. */
export async function addToCart(user: SessionClaims, menuId: string): Promise<{ insertedId: string }> {
  const item = await getMenuItem(menuId);
  if (!item) throw new HttpError(404, 'No menu item has this id.');
  const { carts } = await collections();
  const { insertedId } = await carts.insertOne({
    menuId: item._id,
    email: normalizeEmail(user.email),
    name: item.name,
    image: item.image,
    price: item.price,
    createdAt: new Date(),
  });
  return { insertedId: insertedId.toHexString() };
}

/** The user's cart lines in the order they were added. */
export async function listCart(email: string): Promise<CartItem[]> {
  const { carts } = await collections();
  const docs = await carts.find({ email: normalizeEmail(email) }).sort({ _id: 1 }).toArray();
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
 * Deletes one of the user's own lines. Not theirs or already gone is one answer, 404, so a
 * caller learns nothing about other people's carts.
 */
export async function removeFromCart(email: string, id: string): Promise<{ deletedCount: number }> {
  const _id = toObjectId(id);
  const { carts } = await collections();
  const { deletedCount } = _id ? await carts.deleteOne({ _id, email: normalizeEmail(email) }) : { deletedCount: 0 };
  if (!deletedCount) throw new HttpError(404, 'No item in your cart has this id.');
  return { deletedCount };
}

/** Removes the lines a payment covered; lines added since stay. Safe to repeat. */
export async function removePaidLines(email: string, cartIds: readonly string[]): Promise<void> {
  const ids = objectIds(cartIds);
  if (!ids.length) return;
  const { carts } = await collections();
  await carts.deleteMany({ _id: { $in: ids }, email: normalizeEmail(email) });
}

export interface PricedCart {
  /** The total in whole cents, so no sum is ever off by a fraction of a cent. */
  cents: number;
  cartIds: string[];
  menuItemIds: string[];
}

/**
 * Prices the user's cart (or just the given lines of it) at the menu's current prices, never at
 * the price stored on the line: what is charged is what the menu says now.
 */
export async function priceCart(email: string, onlyIds?: readonly string[]): Promise<PricedCart> {
  const { carts, menu } = await collections();
  const ids = onlyIds && objectIds(onlyIds);
  const lines = await carts
    .find({ email: normalizeEmail(email), ...(ids ? { _id: { $in: ids } } : {}) })
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
