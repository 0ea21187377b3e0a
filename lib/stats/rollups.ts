/**
 * The daily rollups behind the statistics: one document per restaurant day (`dailyRollups`),
 * moved by the same code path that writes the change it counts. Paying an order adds it to its
 * day; cancelling it takes its money back out. Each is one conditional write that also records
 * the order's id in the day, so a change applied twice (a retried completion, a replayed
 * cancellation) counts once. `rebuildRollups` makes them again from the orders, with the same
 * arithmetic (`orderFigures`), for a database written before rollups or by hand.
 *
 * Takes the database handle rather than reaching for it, so the migration and the scripts use it
 * as the app does.
 */
import type { ObjectId } from 'mongodb';
import type { DailyRollupDoc, PaymentDoc, RestaurantSettingsDoc } from '../db/documents.ts';
import { isDuplicateKeyError } from '../db/errors.ts';
import type { AppCollection, AppDb, Filter } from '../db/types.ts';
import { defaultSettings } from '../settings/defaults.ts';
import { zonedClock } from '../settings/schedule.ts';

export type CountedOrder = Pick<PaymentDoc, 'data' | 'price' | 'tipCents' | 'lines' | 'status'> & { _id: ObjectId };

/** The fields of an order the rollups read. */
export const COUNTED_FIELDS = { data: 1, price: 1, tipCents: 1, lines: 1, status: 1 } as const;

/** The restaurant day an order counts on: the day it was paid, on the clock of the restaurant's time zone. */
export const dayOf = (paid: Date, timeZone: string) => zonedClock(paid, timeZone).today;

/**
 * The time zone of the restaurant's saved settings (or of their defaults), read straight from the
 * database, for the migration and the scripts, which run without the app's settings cache. The
 * rollups are made in the zone of their day: after the zone changes in Settings, a rebuild
 * moves the past into the new one.
 */
export async function storedTimeZone(db: AppDb): Promise<string> {
  const saved = (await db.collection('settings').findOne({ _id: 'restaurant' })) as RestaurantSettingsDoc | null;
  return saved?.settings.schedule?.timeZone ?? defaultSettings(process.env).schedule.timeZone;
}

/** What an order that earns adds to its day, as `$inc` fields: its food, its tip, its dishes per category. */
export function orderFigures(order: CountedOrder): Record<string, number> {
  const tip = order.tipCents ?? 0;
  const figures: Record<string, number> = { revenueCents: Math.round(order.price * 100) - tip, tipsCents: tip };
  for (const line of Array.isArray(order.lines) ? order.lines : []) {
    if (typeof line.category !== 'string') continue;
    const at = `categories.${line.category}`;
    figures[`${at}.quantity`] = (figures[`${at}.quantity`] ?? 0) + line.quantity;
    figures[`${at}.revenueCents`] = (figures[`${at}.revenueCents`] ?? 0) + line.lineCents;
  }
  return figures;
}

const negated = (figures: Record<string, number>) => Object.fromEntries(Object.entries(figures).map(([field, n]) => [field, -n]));

const rollupsOf = (db: AppDb): AppCollection<DailyRollupDoc> => db.collection('dailyRollups');

/**
 * Counts a newly paid order into its day. An order already counted there matches nothing, and
 * its upsert then meets the day's document under its `_id`: a duplicate key, which means done.
 */
export async function countPaidOrder(db: AppDb, order: CountedOrder, timeZone: string): Promise<void> {
  const id = order._id.toHexString();
  try {
    await rollupsOf(db).updateOne(
      { _id: dayOf(order.data, timeZone), counted: { $ne: id } } as Filter<DailyRollupDoc>,
      { $inc: { orders: 1, ...(order.status === 'cancelled' ? { cancelled: 1 } : orderFigures(order)) }, $push: { counted: id, ...(order.status === 'cancelled' ? { cancelledIds: id } : {}) } },
      { upsert: true },
    );
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/** Takes a cancelled order's money out of its day, once, and only if the order was counted there. */
export async function countCancellation(db: AppDb, order: CountedOrder, timeZone: string): Promise<void> {
  const id = order._id.toHexString();
  await rollupsOf(db).updateOne(
    { _id: dayOf(order.data, timeZone), counted: id, cancelledIds: { $ne: id } } as Filter<DailyRollupDoc>,
    { $inc: { cancelled: 1, ...negated(orderFigures(order)) }, $push: { cancelledIds: id } },
  );
}

/** The figures of a period: every day from `from` to `to` ('YYYY-MM-DD', both included), or all of them. */
export interface PeriodFigures {
  orders: number;
  cancelled: number;
  revenueCents: number;
  tipsCents: number;
  refundsCents: number;
  discountsCents: number;
  taxCents: Record<string, number>;
  /** Highest revenue first, then by name. */
  categories: { category: string; quantity: number; revenueCents: number }[];
}

export async function readPeriod(db: AppDb, { from, to }: { from?: string; to?: string } = {}): Promise<PeriodFigures> {
  const range = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
  const days = await rollupsOf(db)
    .find(from || to ? { _id: range } : {}, { projection: { counted: 0, cancelledIds: 0 } })
    .toArray();
  const sum: PeriodFigures = { orders: 0, cancelled: 0, revenueCents: 0, tipsCents: 0, refundsCents: 0, discountsCents: 0, taxCents: {}, categories: [] };
  const categories = new Map<string, { quantity: number; revenueCents: number }>();
  for (const day of days) {
    sum.orders += day.orders ?? 0;
    sum.cancelled += day.cancelled ?? 0;
    sum.revenueCents += day.revenueCents ?? 0;
    sum.tipsCents += day.tipsCents ?? 0;
    sum.refundsCents += day.refundsCents ?? 0;
    sum.discountsCents += day.discountsCents ?? 0;
    for (const [rate, cents] of Object.entries(day.taxCents ?? {})) sum.taxCents[rate] = (sum.taxCents[rate] ?? 0) + cents;
    for (const [category, sold] of Object.entries(day.categories ?? {})) {
      const total = categories.get(category) ?? { quantity: 0, revenueCents: 0 };
      total.quantity += sold.quantity ?? 0;
      total.revenueCents += sold.revenueCents ?? 0;
      categories.set(category, total);
    }
  }
  sum.categories = [...categories]
    .filter(([, sold]) => sold.quantity > 0)
    .map(([category, sold]) => ({ category, ...sold }))
    .sort((a, b) => b.revenueCents - a.revenueCents || a.category.localeCompare(b.category));
  return sum;
}

/** Every order ever paid, from the days' counts: what the order list says it holds when nothing filters it. */
export async function paidOrderCount(db: AppDb): Promise<number> {
  const days = await rollupsOf(db).find({}, { projection: { orders: 1 } }).toArray();
  return days.reduce((sum, day) => sum + (day.orders ?? 0), 0);
}

/** How many orders a rebuild reads at a time. */
const READ_BATCH = 2000;

/**
 * Makes every day's rollup again from the orders: each order counted as paying it counts it, and
 * its cancellation as cancelling it does. Days with no order left are removed. Reads the orders a
 * batch at a time in `_id` order, in the restaurant's time zone (its settings', unless given); run it with the server stopped, or orders paid meanwhile may be
 * counted twice or missed until the next rebuild. Answers how many days and orders it counted.
 */
export async function rebuildRollups(db: AppDb, timeZone?: string): Promise<{ days: number; orders: number }> {
  const zone = timeZone ?? (await storedTimeZone(db));
  const payments = db.collection('payments') as unknown as AppCollection<CountedOrder>;
  const days = new Map<string, DailyRollupDoc & Required<Pick<DailyRollupDoc, 'cancelled' | 'revenueCents' | 'tipsCents' | 'categories' | 'cancelledIds'>>>();
  let orders = 0;
  let after: ObjectId | null = null;
  for (;;) {
    const batch: CountedOrder[] = await payments
      .find(after ? { _id: { $gt: after } } : {}, { projection: COUNTED_FIELDS })
      .sort({ _id: 1 })
      .limit(READ_BATCH)
      .toArray();
    if (!batch.length) break;
    for (const order of batch) {
      const key = dayOf(order.data, zone);
      const day = days.get(key) ?? { _id: key, orders: 0, cancelled: 0, revenueCents: 0, tipsCents: 0, categories: {}, counted: [], cancelledIds: [] };
      days.set(key, day);
      const id = order._id.toHexString();
      day.orders += 1;
      day.counted.push(id);
      if (order.status === 'cancelled') {
        day.cancelled += 1;
        day.cancelledIds.push(id);
        continue;
      }
      for (const [field, n] of Object.entries(orderFigures(order))) {
        const [top, category, measure] = field.split('.') as [keyof DailyRollupDoc, string?, ('quantity' | 'revenueCents')?];
        if (top === 'categories') {
          const sold = day.categories[category!] ?? { quantity: 0, revenueCents: 0 };
          day.categories[category!] = sold;
          sold[measure!] += n;
        } else {
          const totals = day as unknown as Record<string, number>;
          totals[top] = (totals[top] ?? 0) + n;
        }
      }
    }
    orders += batch.length;
    after = batch.at(-1)!._id;
  }
  const rollups = rollupsOf(db);
  await rollups.deleteMany({ _id: { $nin: [...days.keys()] } });
  for (const { _id, ...figures } of days.values()) await rollups.updateOne({ _id }, { $set: figures }, { upsert: true });
  return { days: days.size, orders };
}
