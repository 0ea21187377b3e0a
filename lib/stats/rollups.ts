/**
 * The daily rollups behind the statistics: one document per restaurant day (`dailyRollups`),
 * moved by the same code path that writes the change it counts. Paying an order adds its sale to
 * the day it was paid; a refund takes money back out on the day it is made; cancelling counts the
 * cancellation (its money goes back by its refund). Each is one conditional write that also records
 * the order's or the refund's id in the day, so a change applied twice (a retried completion, a
 * replayed cancellation, a refund also reported by Stripe's webhook) counts once. `rebuildRollups` makes them again from the orders, with the same
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
import type { TaxTotal } from '../tax/tax.ts';

export type CountedOrder = Pick<PaymentDoc, 'data' | 'price' | 'tipCents' | 'lines' | 'status' | 'tax' | 'fulfilment' | 'refunds' | 'promo'> & { _id: ObjectId };

/** The fields of an order the rollups read. */
export const COUNTED_FIELDS = { data: 1, price: 1, tipCents: 1, lines: 1, status: 1, tax: 1, fulfilment: 1, refunds: 1, promo: 1 } as const;

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

/** A key safe inside a field path (no dot, no dollar): menu ids and tax rate ids are. */
const SAFE_KEY = /^[\w-]{1,64}$/;

/** What one order adds to its day: `inc` as `$inc` fields, `set` the names it is shown by, as `$set` fields. */
export interface OrderFigures {
  inc: Record<string, number>;
  set: Record<string, string | number>;
}

/**
 * What a paid order adds to its day, whatever became of it later (refunds are counted on the days
 * they are made): its sale (what was charged less the tip), its tip, its promo code's discount, its tax by rate as charged,
 * and its sale by hour of the day, by pickup or table, and its dishes by dish and by category.
 */
export function orderFigures(order: CountedOrder, timeZone: string): OrderFigures {
  const tip = order.tipCents ?? 0;
  const sale = Math.round(order.price * 100) - tip;
  const inc: Record<string, number> = { revenueCents: sale, tipsCents: tip };
  if (order.promo?.discountCents) inc.discountsCents = order.promo.discountCents;
  const set: Record<string, string | number> = {};
  const add = (field: string, n: number) => (inc[field] = (inc[field] ?? 0) + n);
  const hour = Math.floor(zonedClock(order.data, timeZone).minutes / 60);
  add(`hours.${hour}.orders`, 1);
  add(`hours.${hour}.revenueCents`, sale);
  if (order.fulfilment) {
    add(`fulfilment.${order.fulfilment.kind}.orders`, 1);
    add(`fulfilment.${order.fulfilment.kind}.revenueCents`, sale);
  }
  for (const rate of order.tax?.lines ?? []) {
    if (!SAFE_KEY.test(rate.id)) continue;
    // A rate is one id at one percent: a rate changed in Settings later counts apart.
    const at = `tax.${rate.id}_${Math.round(rate.percent * 1000)}`;
    add(`${at}.cents`, rate.taxCents);
    add(`${at}.baseCents`, rate.baseCents);
    set[`${at}.name`] = rate.name;
    set[`${at}.percent`] = rate.percent;
  }
  for (const line of Array.isArray(order.lines) ? order.lines : []) {
    if (typeof line.category === 'string') {
      add(`categories.${line.category}.quantity`, line.quantity);
      add(`categories.${line.category}.revenueCents`, line.lineCents);
    }
    if (SAFE_KEY.test(line.menuId)) {
      add(`dishes.${line.menuId}.quantity`, line.quantity);
      add(`dishes.${line.menuId}.revenueCents`, line.lineCents);
      set[`dishes.${line.menuId}.name`] = line.name;
    }
  }
  return { inc, set };
}

/** A refund as the rollups count it: on the day it was made, once. */
export interface CountedRefund {
  id: string;
  cents: number;
  /** When the money went back: the provider's answer, or when it was asked for a refund from before that was kept. */
  at: Date;
}

/** The refunds of an order that gave money back (a refund from before refunds had a status did). */
export function refundsDone(order: Pick<PaymentDoc, 'refunds'>): CountedRefund[] {
  return (order.refunds ?? []).filter((r) => (r.status ?? 'done') === 'done').map((r) => ({ id: r.id, cents: r.cents, at: r.doneAt ?? r.at }));
}

const rollupsOf = (db: AppDb): AppCollection<DailyRollupDoc> => db.collection('dailyRollups');

/**
 * One conditional upsert into a day, guarded by an id the day must not hold yet in `list`. A day
 * already holding it matches nothing, and the upsert then meets the day's document under its
 * `_id`: a duplicate key, which means done.
 */
async function countOnce(db: AppDb, day: string, list: 'counted' | 'refundIds', id: string, update: { $inc: Record<string, number>; $set?: Record<string, unknown>; $push: Record<string, string> }): Promise<void> {
  const { $set, ...rest } = update;
  try {
    await rollupsOf(db).updateOne({ _id: day, [list]: { $ne: id } } as Filter<DailyRollupDoc>, $set && Object.keys($set).length ? update : rest, { upsert: true });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/** Counts a newly paid order into its day (with its cancellation, when it was cancelled before it was counted). */
export async function countPaidOrder(db: AppDb, order: CountedOrder, timeZone: string): Promise<void> {
  const id = order._id.toHexString();
  const { inc, set } = orderFigures(order, timeZone);
  const cancelled = order.status === 'cancelled';
  await countOnce(db, dayOf(order.data, timeZone), 'counted', id, {
    $inc: { orders: 1, ...(cancelled ? { cancelled: 1 } : {}), ...inc },
    $set: set,
    $push: { counted: id, ...(cancelled ? { cancelledIds: id } : {}) },
  });
}

/**
 * Counts an order's cancellation on the day it was paid, once, and only if the order was counted
 * there. Its money stays in the day's sales: what goes back to the diner is counted by the refund
 * that gives it back, on the day it is made, so a cancelled and refunded order is taken out once.
 */
export async function countCancellation(db: AppDb, order: CountedOrder, timeZone: string): Promise<void> {
  const id = order._id.toHexString();
  await rollupsOf(db).updateOne(
    { _id: dayOf(order.data, timeZone), counted: id, cancelledIds: { $ne: id } } as Filter<DailyRollupDoc>,
    { $inc: { cancelled: 1 }, $push: { cancelledIds: id } },
  );
}

/**
 * Counts the refunds of an order that are done into the days they were made, each once however
 * often it is applied: the refund path calls it once the provider answered, and so does Stripe's
 * `charge.refunded` for the same order, which then changes nothing.
 */
export async function countRefunds(db: AppDb, order: Pick<PaymentDoc, 'refunds'>, timeZone: string): Promise<void> {
  for (const refund of refundsDone(order)) {
    await countOnce(db, dayOf(refund.at, timeZone), 'refundIds', refund.id, { $inc: { refundsCents: refund.cents }, $push: { refundIds: refund.id } });
  }
}

interface Sold {
  quantity: number;
  revenueCents: number;
}
interface Taken {
  orders: number;
  revenueCents: number;
}

/** The figures of a period: every day from `from` to `to` ('YYYY-MM-DD', both included), or all of them. */
export interface PeriodFigures {
  orders: number;
  cancelled: number;
  /** What paid orders were charged, less their tips: the food, and the tax when it was added on top. */
  revenueCents: number;
  tipsCents: number;
  /** Money given back in the period, whichever day its order was paid. */
  refundsCents: number;
  discountsCents: number;
  /** The tax of each rate as charged, highest first. */
  tax: TaxTotal[];
  /** Highest revenue first, then by name. */
  categories: ({ category: string } & Sold)[];
  /** Highest revenue first, then by name. */
  dishes: ({ menuId: string; name: string } & Sold)[];
  /** Each hour of the day with a sale, in order. */
  hours: ({ hour: number } & Taken)[];
  fulfilment: Record<'pickup' | 'table', Taken>;
}

const byRevenue = <T extends { revenueCents: number }>(key: (t: T) => string) => (a: T, b: T) => b.revenueCents - a.revenueCents || key(a).localeCompare(key(b));

function addInto<T extends object>(into: Map<string, T>, key: string, from: Partial<Record<keyof T, unknown>>, empty: () => T): void {
  const total = into.get(key) ?? empty();
  for (const [field, value] of Object.entries(from)) {
    const sum = total as Record<string, unknown>;
    if (typeof value === 'number' && typeof sum[field] === 'number') sum[field] = (sum[field] as number) + value;
    else if (typeof value === 'string' || typeof value === 'number') sum[field] = value;
  }
  into.set(key, total);
}

export async function readPeriod(db: AppDb, { from, to }: { from?: string; to?: string } = {}): Promise<PeriodFigures> {
  const range = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
  const days = await rollupsOf(db)
    .find(from || to ? { _id: range } : {}, { projection: { counted: 0, cancelledIds: 0, refundIds: 0 } })
    .sort({ _id: 1 })
    .toArray();
  const sum: PeriodFigures = {
    orders: 0, cancelled: 0, revenueCents: 0, tipsCents: 0, refundsCents: 0, discountsCents: 0, tax: [], categories: [], dishes: [], hours: [],
    fulfilment: { pickup: { orders: 0, revenueCents: 0 }, table: { orders: 0, revenueCents: 0 } },
  };
  const categories = new Map<string, Sold>();
  const dishes = new Map<string, Sold & { name: string }>();
  const hours = new Map<string, Taken>();
  const tax = new Map<string, Omit<TaxTotal, 'id'>>();
  for (const day of days) {
    sum.orders += day.orders ?? 0;
    sum.cancelled += day.cancelled ?? 0;
    sum.revenueCents += day.revenueCents ?? 0;
    sum.tipsCents += day.tipsCents ?? 0;
    sum.refundsCents += day.refundsCents ?? 0;
    sum.discountsCents += day.discountsCents ?? 0;
    for (const [key, rate] of Object.entries(day.tax ?? {})) addInto(tax, key, rate, () => ({ name: '', percent: 0, baseCents: 0, cents: 0 }));
    for (const [key, sold] of Object.entries(day.categories ?? {})) addInto(categories, key, sold, () => ({ quantity: 0, revenueCents: 0 }));
    for (const [key, sold] of Object.entries(day.dishes ?? {})) addInto(dishes, key, sold, () => ({ name: '', quantity: 0, revenueCents: 0 }));
    for (const [key, taken] of Object.entries(day.hours ?? {})) addInto(hours, key, taken, () => ({ orders: 0, revenueCents: 0 }));
    for (const kind of ['pickup', 'table'] as const) {
      sum.fulfilment[kind].orders += day.fulfilment?.[kind]?.orders ?? 0;
      sum.fulfilment[kind].revenueCents += day.fulfilment?.[kind]?.revenueCents ?? 0;
    }
  }
  sum.tax = [...tax].map(([key, rate]) => ({ id: key.replace(/_\d+$/, ''), ...rate })).sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name));
  sum.categories = [...categories].filter(([, sold]) => sold.quantity > 0).map(([category, sold]) => ({ category, ...sold })).sort(byRevenue((c) => c.category));
  sum.dishes = [...dishes].filter(([, sold]) => sold.quantity > 0).map(([menuId, sold]) => ({ menuId, ...sold })).sort(byRevenue((d) => d.name));
  sum.hours = [...hours].map(([hour, taken]) => ({ hour: Number(hour), ...taken })).filter((h) => h.orders > 0).sort((a, b) => a.hour - b.hour);
  return sum;
}

/** Every order ever paid, from the days' counts: what the order list says it holds when nothing filters it. */
export async function paidOrderCount(db: AppDb): Promise<number> {
  const days = await rollupsOf(db).find({}, { projection: { orders: 1 } }).toArray();
  return days.reduce((sum, day) => sum + (day.orders ?? 0), 0);
}

/** Every field of a day but its `_id`. */
const ROLLUP_FIELDS = ['orders', 'cancelled', 'revenueCents', 'tipsCents', 'refundsCents', 'discountsCents', 'tax', 'categories', 'dishes', 'hours', 'fulfilment', 'counted', 'cancelledIds', 'refundIds'] as const satisfies readonly (keyof DailyRollupDoc)[];

/** How many orders a rebuild reads at a time. */
const READ_BATCH = 2000;

/**
 * Makes every day's rollup again from the orders: each order counted as paying it counts it, its
 * cancellation as cancelling it does, and each of its refunds done on the day it was made. Days
 * with nothing left are removed. Reads the orders a
 * batch at a time in `_id` order, in the restaurant's time zone (its settings', unless given); run it with the server stopped, or orders paid meanwhile may be
 * counted twice or missed until the next rebuild. Answers how many days and orders it counted.
 */
export async function rebuildRollups(db: AppDb, timeZone?: string): Promise<{ days: number; orders: number }> {
  const zone = timeZone ?? (await storedTimeZone(db));
  const payments = db.collection('payments');
  const days = new Map<string, Omit<DailyRollupDoc, '_id'>>();
  const dayAt = (key: string) => {
    const day = days.get(key) ?? {};
    days.set(key, day);
    return day;
  };
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
      const day = dayAt(dayOf(order.data, zone));
      const id = order._id.toHexString();
      const { inc, set } = orderFigures(order, zone);
      applied(day, { orders: 1, ...(order.status === 'cancelled' ? { cancelled: 1 } : {}), ...inc }, set);
      (day.counted ??= []).push(id);
      if (order.status === 'cancelled') (day.cancelledIds ??= []).push(id);
      for (const refund of refundsDone(order)) {
        const refundDay = dayAt(dayOf(refund.at, zone));
        applied(refundDay, { refundsCents: refund.cents }, {});
        (refundDay.refundIds ??= []).push(refund.id);
      }
    }
    orders += batch.length;
    after = batch.at(-1)!._id;
  }
  const rollups = rollupsOf(db);
  await rollups.deleteMany({ _id: { $nin: [...days.keys()] } });
  for (const [_id, figures] of days) {
    // A field the rebuilt day does not have goes, so nothing of the day before stays.
    const gone = Object.fromEntries(ROLLUP_FIELDS.filter((field) => !(field in figures)).map((field) => [field, '' as const]));
    await rollups.updateOne({ _id }, { $set: figures, ...(Object.keys(gone).length ? { $unset: gone } : {}) }, { upsert: true });
  }
  return { days: days.size, orders };
}

/** `$inc` and `$set` of dotted fields, applied to a day in memory as the database applies them to its document. */
function applied(day: object, inc: Record<string, number>, set: Record<string, unknown>): void {
  const walk = (field: string, write: (parent: Record<string, unknown>, key: string) => void) => {
    const path = field.split('.');
    let at = day as Record<string, unknown>;
    for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    write(at, path.at(-1)!);
  };
  for (const [field, n] of Object.entries(inc)) walk(field, (parent, key) => (parent[key] = ((parent[key] as number | undefined) ?? 0) + n));
  for (const [field, value] of Object.entries(set)) walk(field, (parent, key) => (parent[key] = value));
}
