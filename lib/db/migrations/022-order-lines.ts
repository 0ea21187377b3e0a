import { ObjectId } from 'mongodb';
import { toCents } from '../../menu/money.ts';
import type { OrderLine } from '../../orders/types.ts';
import type { MenuItemDoc } from '../documents.ts';
import type { AppCollection, AppDb, WithId } from '../types.ts';
import { inBatches } from './batches.ts';
import type { Migration } from './types.ts';

/** What an order or a checkout kept of what it bought before it kept its lines: each dish's id, once per unit. */
interface DishesBefore {
  _id: ObjectId;
  menuItemIds: string[];
  lines?: OrderLine[];
}

export const DISH_GONE = 'Dish no longer on the menu';

/**
 * Orders (and unpaid checkouts) from before they kept their lines get them, made from their dishes
 * and the menu as it is when this runs: one line per dish, with how many, its name and category,
 * and its price then, which is what the statistics counted them at. A dish gone from the menu by
 * then is named so, in no category, at no price. Orders keep their total as paid.
 */
export const orderLines: Migration = {
  id: '022-order-lines',
  description: 'orders from before lines were kept get lines from their dishes and the menu',
  async up(db) {
    for (const name of ['payments', 'checkout_intents'] as const) {
      const collection = db.collection(name) as unknown as AppCollection<DishesBefore>;
      const lacking = await collection.find({ lines: { $exists: false } }, { projection: { menuItemIds: 1 } }).toArray();
      if (!lacking.length) continue;
      const dishes = await dishesOf(db, lacking);
      await inBatches(lacking, (doc) => collection.updateOne({ _id: doc._id, lines: { $exists: false } }, { $set: { lines: linesOf(doc.menuItemIds, dishes) } }));
    }
  },
};

async function dishesOf(db: AppDb, docs: readonly DishesBefore[]): Promise<Map<string, WithId<MenuItemDoc>>> {
  const ids = [...new Set(docs.flatMap((doc) => doc.menuItemIds))].filter((id) => /^[0-9a-f]{24}$/i.test(id)).map((id) => new ObjectId(id));
  const found = await db.collection('menu').find({ _id: { $in: ids } }).toArray();
  return new Map(found.map((dish) => [dish._id.toHexString(), dish]));
}

function linesOf(menuItemIds: readonly string[], dishes: Map<string, WithId<MenuItemDoc>>): OrderLine[] {
  const quantities = new Map<string, number>();
  for (const id of menuItemIds) quantities.set(id, (quantities.get(id) ?? 0) + 1);
  return [...quantities].map(([menuId, quantity]) => {
    const dish = dishes.get(menuId);
    const unitCents = dish ? toCents(dish.price) : 0;
    return { menuId, name: dish?.name ?? DISH_GONE, ...(dish ? { category: dish.category } : {}), options: [], quantity, unitCents, lineCents: unitCents * quantity };
  });
}
