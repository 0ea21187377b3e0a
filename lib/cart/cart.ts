import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { ObjectId, type WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { collections, conditionalUpsert, toObjectId } from '@/lib/db';
import type { CartItemDoc } from '@/lib/db/documents';
import { assertOwnEmail, authorize, type Shopper } from '@/lib/auth/viewer';
import type { AddedToCart, CartItem, LineAttention } from '@/lib/cart/types';
import { MAX_CART_LINES, MAX_QUANTITY, priceSelection } from '@/lib/menu/pricing';
import { toMenuItem } from '@/lib/menu/queries';
import type { MenuItem } from '@/lib/menu/types';
import type { OrderLine } from '@/lib/orders/types';
import type { AddToCartInput } from '@/lib/cart/schemas';
import { BEING_PAID, claimsOn } from './claims';
import { fingerprint, itemKeyOf } from './item-key';

/**
 * The one place that reads and writes cart lines, and prices them for a payment. Lines belong to
 * a uid. A line is a dish with its choices, note and quantity, priced on the server when added;
 * a line whose dish has since gone, sold out or changed is shown as needing attention and is
 * refused at payment until it is removed or chosen again, so nothing is charged at a stale price.
 */

export const CART_CHANGED = 'Your cart changed, please review it.';

/** Ids as stored ObjectIds; a malformed one matches nothing, so it is left out. */
function objectIds(ids: readonly string[]): ObjectId[] {
  return ids.map(toObjectId).filter((id): id is ObjectId => id !== null);
}

async function menuItemsOf(lines: readonly CartItemDoc[]): Promise<Map<string, MenuItem>> {
  const { menu } = await collections();
  const docs = await menu.find({ _id: { $in: objectIds(lines.map((line) => line.menuId)) } }).toArray();
  return new Map(docs.map((doc) => [doc._id.toHexString(), toMenuItem(doc)]));
}

/**
 * Adds a dish as the viewer chose it. Name, picture and price come from the menu, and the choices
 * are checked against it. An identical line (same dish as priced, same choices, same note) gets
 * the quantity added instead, in one conditional upsert on its unique `lineKey`: of two identical
 * adds racing, one makes the line and the other adds to it. A line holds at most MAX_QUANTITY: a
 * line too full for this add fails the condition, the unique `lineKey` refuses a second line, and
 * the add is refused (409), never cut short quietly.
 */
export async function addToCart(viewer: Shopper, input: AddToCartInput): Promise<AddedToCart> {
  authorize(viewer, 'guest');
  const { menu, carts } = await collections();
  const _id = toObjectId(input.menuId);
  const doc = _id ? await menu.findOne({ _id }) : null;
  if (!doc) throw new HttpError(404, 'No menu item has this id.');
  const item = toMenuItem(doc);
  if (!item.available) throw new HttpError(409, `Sold out: ${item.name} cannot be ordered right now.`);
  const quantity = input.quantity ?? 1;
  const priced = priceSelection(item, input.options ?? [], quantity);
  if (!priced.ok) throw new HttpError(400, priced.error);
  const note = input.note || undefined;
  const itemKey = itemKeyOf(item);
  const lineKey = `${viewer.uid}:${fingerprint([item._id, itemKey, priced.options, note ?? ''])}`;
  if ((await carts.countDocuments({ ownerUid: viewer.uid })) >= MAX_CART_LINES && !(await carts.findOne({ lineKey }, { projection: { _id: 1 } }))) {
    throw new HttpError(409, `Your cart holds ${MAX_CART_LINES} lines, the most one order may have. Pay for these first, or add to a line already there.`);
  }

  const lineId = new ObjectId();
  const line = await conditionalUpsert(
    carts,
    { lineKey, quantity: { $lte: MAX_QUANTITY - quantity } },
    {
      $inc: { quantity },
      $setOnInsert: {
        _id: lineId,
        menuId: item._id,
        ownerUid: viewer.uid,
        email: viewer.email,
        name: item.name,
        image: item.image,
        price: priced.unitCents / 100,
        options: priced.options,
        ...(note ? { note } : {}),
        unitCents: priced.unitCents,
        itemKey,
        createdAt: clockNow(),
      },
    },
    { quantity: 1 },
  );
  if (line) return { insertedId: line._id.toHexString(), quantity: line.quantity, merged: !line._id.equals(lineId) };
  const full = await carts.findOne({ lineKey }, { projection: { quantity: 1 } });
  throw new HttpError(
    409,
    `Your cart already holds ${full?.quantity ?? MAX_QUANTITY} of this ${item.name}, and one line holds at most ${MAX_QUANTITY}. Add it with other choices or a note, or pay for these first.`,
  );
}

/** Why the line cannot be paid for as it is, or null. */
function attentionOf(line: CartItemDoc, item: MenuItem | undefined): LineAttention | null {
  if (!item) return { reason: 'removed', message: `${line.name} is no longer on the menu. Please remove it.` };
  if (!item.available) return { reason: 'sold-out', message: `${item.name} is sold out. Please remove it.` };
  const now = priceSelection(item, line.options, line.quantity);
  if (!now.ok || now.unitCents !== line.unitCents || line.itemKey !== itemKeyOf(item)) {
    return { reason: 'changed', message: `${item.name} changed on the menu since you added it. Please choose it again or remove it.` };
  }
  return null;
}

function toCartItem(line: WithId<CartItemDoc>, item: MenuItem | undefined): CartItem {
  const { quantity, unitCents } = line;
  const attention = attentionOf(line, item);
  return {
    _id: line._id.toHexString(),
    menuId: line.menuId,
    email: line.email,
    name: line.name,
    image: line.image,
    price: line.price,
    quantity,
    options: line.options,
    ...(line.note ? { note: line.note } : {}),
    lineCents: unitCents * quantity,
    ...(item?.taxRate ? { taxRate: item.taxRate } : {}),
    ...(attention ? { attention } : {}),
  };
}

/** The viewer's cart lines in the order they were added; `email`, when a client names one, must be theirs. */
export async function listCart(viewer: Shopper, email = viewer.email): Promise<CartItem[]> {
  authorize(viewer, 'guest');
  assertOwnEmail(viewer, email);
  const { carts } = await collections();
  const lines = await carts.find({ ownerUid: viewer.uid }).sort({ _id: 1 }).toArray();
  const items = await menuItemsOf(lines);
  const paying = new Set((await claimsOn(viewer.uid, lines.map((line) => line._id.toHexString()))).live);
  return lines.map((line) => {
    const item = toCartItem(line, items.get(line.menuId));
    return paying.has(item._id) ? { ...item, attention: { reason: 'paying', message: BEING_PAID } } : item;
  });
}

/**
 * Deletes one of the viewer's own lines. Not theirs or already gone is one answer, 404, so a
 * caller learns nothing about other people's carts.
 */
export async function removeFromCart(viewer: Shopper, id: string): Promise<{ deletedCount: number }> {
  authorize(viewer, 'guest');
  const _id = toObjectId(id);
  const { carts } = await collections();
  const { deletedCount } = _id ? await carts.deleteOne({ _id, ownerUid: viewer.uid }) : { deletedCount: 0 };
  if (!deletedCount) throw new HttpError(404, 'No item in your cart has this id.');
  return { deletedCount };
}

/**
 * Removes what a payment covered; lines added since stay. A line raised after checkout began (an
 * identical dish added in another tab) keeps what was not paid for, and the payment is written on
 * it so that is taken once. Safe to repeat. No viewer: the paid payment is the authority (a Stripe
 * webhook completes payments with nobody signed in).
 */
export async function removePaidLines(payment: {
  ownerUid?: string;
  transactionId: string;
  cartIds: readonly string[];
  lines: readonly Pick<OrderLine, 'quantity'>[];
}): Promise<void> {
  const { ownerUid, transactionId, cartIds, lines } = payment;
  if (!ownerUid || !cartIds.length) return;
  const { carts } = await collections();
  for (const [i, cartId] of cartIds.entries()) {
    const _id = toObjectId(cartId);
    const paid = lines[i]?.quantity;
    if (!_id || paid === undefined) continue;
    const untouched = { _id, ownerUid, paidBy: { $ne: transactionId } };
    const { deletedCount } = await carts.deleteOne({ ...untouched, quantity: { $lte: paid } });
    if (!deletedCount) await carts.updateOne({ ...untouched, quantity: { $gt: paid } }, { $inc: { quantity: -paid }, $push: { paidBy: transactionId } });
  }
}

/**
 * Why the owner's cart no longer holds what a payment covers, or null when it does: each line
 * still there, unchanged on the menu, with at least the quantity paid for (a line raised since
 * keeps the rest for later). Read just before the money is taken, once the payment's claim on the
 * lines is held (lib/cart/claims.ts), so no other payment can change them meanwhile.
 */
export async function cartRefusal(ownerUid: string, cartIds: readonly string[], lines: readonly Pick<OrderLine, 'quantity'>[]): Promise<{ message: string; gone: boolean } | null> {
  const ids = objectIds(cartIds);
  if (!cartIds.length) return null;
  if (!ids.length) return { message: CART_CHANGED, gone: true };
  const { carts } = await collections();
  const found = new Map((await carts.find({ ownerUid, _id: { $in: ids } }).toArray()).map((line) => [line._id.toHexString(), line]));
  const items = await menuItemsOf([...found.values()]);
  for (const [i, cartId] of cartIds.entries()) {
    const line = found.get(cartId);
    if (!line || line.quantity < (lines[i]?.quantity ?? 1)) return { message: CART_CHANGED, gone: true };
    const attention = attentionOf(line, items.get(line.menuId));
    if (attention) return { message: attention.message, gone: false };
  }
  return null;
}

/** The kitchen load units the viewer's cart would take (each dish's load times its quantity; a dish gone from the menu counts none). */
export async function cartLoad(viewer: Shopper): Promise<number> {
  authorize(viewer, 'guest');
  const { carts } = await collections();
  const lines = await carts.find({ ownerUid: viewer.uid }).toArray();
  const items = await menuItemsOf(lines);
  return lines.reduce((sum, line) => sum + (items.get(line.menuId)?.kitchenLoad ?? 0) * (line.quantity ?? 1), 0);
}

export interface PricedCart {
  /** The total in whole cents, so no sum is ever off by a fraction of a cent. */
  cents: number;
  cartIds: string[];
  menuItemIds: string[];
  /** What each line is, as bought; `lines[i]` is cart line `cartIds[i]`. */
  lines: OrderLine[];
  /** The kitchen load units the order takes: each dish's load times its quantity. */
  load: number;
}

/**
 * Prices the viewer's cart (or just the given lines of it) against the menu as it is now. A line
 * whose dish has gone, sold out or changed since it was added is refused with 409 naming it: the
 * diner removes it or chooses it again, and is never charged a price they did not see.
 */
export async function priceCart(viewer: Shopper, onlyIds?: readonly string[]): Promise<PricedCart> {
  authorize(viewer, 'guest');
  const { carts } = await collections();
  const ids = onlyIds && objectIds(onlyIds);
  const found = await carts
    .find({ ownerUid: viewer.uid, ...(ids ? { _id: { $in: ids } } : {}) })
    .sort({ _id: 1 })
    .toArray();
  const items = await menuItemsOf(found);
  const refusals = found.flatMap((line) => attentionOf(line, items.get(line.menuId))?.message ?? []);
  if (refusals.length) throw new HttpError(409, [...new Set(refusals)].join(' '));
  const lines = found.map((line): OrderLine => {
    const item = items.get(line.menuId)!;
    const { quantity, unitCents } = line;
    return {
      menuId: line.menuId,
      name: item.name,
      category: item.category,
      options: line.options,
      ...(line.note ? { note: line.note } : {}),
      quantity,
      unitCents,
      lineCents: unitCents * quantity,
      ...(item.taxRate ? { taxRate: item.taxRate } : {}),
    };
  });
  return {
    cents: lines.reduce((sum, line) => sum + line.lineCents, 0),
    load: found.reduce((sum, line) => sum + items.get(line.menuId)!.kitchenLoad * (line.quantity ?? 1), 0),
    cartIds: found.map((line) => line._id.toHexString()),
    menuItemIds: lines.flatMap((line) => Array<string>(line.quantity).fill(line.menuId)),
    lines,
  };
}
