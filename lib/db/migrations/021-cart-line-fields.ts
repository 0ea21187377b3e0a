import { ObjectId } from 'mongodb';
import { itemKeyOf } from '../../cart/item-key.ts';
import { toCents } from '../../menu/money.ts';
import type { CartItemDoc } from '../documents.ts';
import type { AppCollection } from '../types.ts';
import { inBatches } from './batches.ts';
import type { Migration } from './types.ts';

/** A cart line as stored before lines had quantities, choices and their dish's fingerprint. */
type LineBefore = Omit<CartItemDoc, 'quantity' | 'options' | 'unitCents' | 'itemKey'> & Partial<Pick<CartItemDoc, 'quantity' | 'options' | 'unitCents' | 'itemKey'>>;

/**
 * Cart lines from before options get what every line has: a quantity (they were one dish), no
 * choices, their price in cents, and the fingerprint of their dish. They were held to the price
 * they were added at, so a dish that still costs that is taken as the one they were added for;
 * one that costs otherwise gets the fingerprint of a dish at the line's price, which no dish on
 * the menu has, and the line says it changed, as it did before.
 */
export const cartLineFields: Migration = {
  id: '021-cart-line-fields',
  description: 'cart lines get their quantity, choices, price in cents and the fingerprint of their dish',
  async up(db) {
    const carts = db.collection('carts') as unknown as AppCollection<LineBefore>;
    const lacking = await carts
      .find({ $or: [{ quantity: { $exists: false } }, { options: { $exists: false } }, { unitCents: { $exists: false } }, { itemKey: { $exists: false } }] })
      .toArray();
    if (!lacking.length) return;
    const ids = [...new Set(lacking.map((line) => line.menuId))].filter((id) => /^[0-9a-f]{24}$/i.test(id)).map((id) => new ObjectId(id));
    const dishes = new Map((await db.collection('menu').find({ _id: { $in: ids } }).toArray()).map((dish) => [dish._id.toHexString(), dish]));
    await inBatches(lacking, (line) => {
      const unitCents = line.unitCents ?? toCents(line.price);
      const dish = dishes.get(line.menuId);
      const priced = dish && toCents(dish.price) === unitCents
        ? { price: dish.price, options: dish.options ?? [], allergens: dish.allergens ?? [], dietary: dish.dietary ?? [] }
        : { price: unitCents / 100, options: [], allergens: [], dietary: [] };
      const fields = { quantity: line.quantity ?? 1, options: line.options ?? [], unitCents, itemKey: line.itemKey ?? itemKeyOf(priced) };
      return carts.updateOne({ _id: line._id }, { $set: fields });
    });
  },
};
