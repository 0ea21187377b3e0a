/**
 * A year of past orders for demos and load tests (`npm run seed -- --history <N>`): plausible
 * dishes, their options and quantities from the menu, lunch and dinner peaks, busier weekends and a growing
 * restaurant, tips, pickup (as soon as possible or at a chosen time) and table orders, statuses
 * that follow the kitchen's steps, a few hundred regular and occasional diners. Orders carry no
 * number: numbers go up with time from the first order the restaurant takes, and a history added
 * to a live database is older than its numbered orders. Deterministic: the same seed, count and `now` give the same orders, ids included.
 *
 * Each order is drafted in steps (when, who, what, how it went: `draftOrder`), and `toPaymentDoc`
 * turns a draft into the stored document. A new facet of an order is one more step filling one
 * more draft field, written out in `toPaymentDoc`.
 *
 * Loaded by Next.js and by plain Node scripts alike: relative imports with extensions.
 */
import { ObjectId } from 'mongodb';
import type { MenuItemDoc, PaymentDoc, UserDoc } from '../db/documents.ts';
import type { AppDb } from '../db/types.ts';
import type { Fulfilment } from '../fulfilment/types.ts';
import { priceSelection } from '../menu/pricing.ts';
import { ORDER_CATEGORIES, type OptionGroup, type OrderCategory, type SelectedOption } from '../menu/types.ts';
import { tipCents, type TipChoice } from '../payments/tips.ts';
import type { OrderLine } from '../orders/types.ts';
import { rebuildRollups } from '../stats/rollups.ts';

type OrderStatus = PaymentDoc['status'];

export interface HistoryMenuItem {
  _id: ObjectId;
  name: string;
  category: OrderCategory;
  price: number;
  options: OptionGroup[];
}

export interface HistoryOptions {
  /** How many orders. */
  count: number;
  /** Another seed, another history. */
  seed?: number;
  /** The end of the year of history; orders are spread over the 365 days before it. */
  now?: Date;
}

export interface Diner {
  /** Synthetic: these diners have no Firebase account, so nobody can sign in as them. */
  uid: string;
  name: string;
  email: string;
}

/** One order before it is written down; see the file comment for adding to it. */
export interface OrderDraft {
  index: number;
  at: Date;
  diner: Diner;
  lines: Array<{ item: HistoryMenuItem; options: SelectedOption[]; quantity: number }>;
  fulfilment: Fulfilment;
  tip: TipChoice;
  status: OrderStatus;
  /** The kitchen's steps after payment, as lib/orders records them. */
  steps: Array<{ status: OrderStatus; at: Date }>;
}

export const DINER_COUNT = 300;
export const DINER_DOMAIN = 'guests.bistro.test';
const MINUTE = 60_000;

/** Tables in the history's dining room (the app's default table count). */
const HISTORY_TABLES = 20;
/** mulberry32: small, fast, and the same sequence on every machine for a given seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, weighted: ReadonlyArray<readonly [T, number]>): T {
  let r = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of weighted) if ((r -= weight) < 0) return value;
  return weighted[weighted.length - 1]![0];
}

/** A normal variate (Box–Muller), for the peaks around lunch and dinner. */
function normal(random: Random, mean: number, deviation: number): number {
  return mean + deviation * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Lena', 'Omar', 'Sofia', 'Jonas', 'Aisha', 'Lucas', 'Chloe', 'Mateo', 'Nora', 'Yuki', 'Priya', 'Felix', 'Ines', 'Hugo'];
const LAST = ['Martin', 'Garcia', 'Kim', 'Rossi', 'Okafor', 'Novak', 'Dubois', 'Silva', 'Jensen', 'Haddad', 'Tanaka', 'Murphy', 'Costa', 'Weber', 'Patel'];

function diners(random: Random): Diner[] {
  return Array.from({ length: DINER_COUNT }, (_, i) => {
    const first = FIRST[Math.floor(random() * FIRST.length)]!;
    const last = LAST[Math.floor(random() * LAST.length)]!;
    const email = `${first}.${last}.${i + 1}@${DINER_DOMAIN}`.toLowerCase();
    return { uid: `history:${email}`, name: `${first} ${last}`, email };
  });
}

// Monday first; weekends are busiest.
const WEEKDAY = [0.7, 0.8, 0.9, 1, 1.3, 1.45, 1.1];

/** The 365 calendar days up to and including `now`'s, as local midnights. */
function yearOfDays(now: Date): Date[] {
  return Array.from({ length: 365 }, (_, d) => {
    const day = new Date(now);
    day.setHours(0, 0, 0, 0);
    day.setDate(day.getDate() - 364 + d); // calendar days, not 24-hour steps: DST days are 23 or 25 hours
    return day;
  });
}

/** A day's share of the orders: by weekday, and growing over the year (a year ago half as busy). */
function dayWeight(day: Date, d: number): number {
  return WEEKDAY[(day.getDay() + 6) % 7]! * (0.5 + (0.5 * d) / 364);
}

/** Minutes after midnight, local time: lunch around 12:45, dinner around 19:30, a little in between. */
function minuteOfDay(random: Random): number {
  const minute = pick(random, [
    [() => normal(random, 12.75 * 60, 40), 0.4],
    [() => normal(random, 19.5 * 60, 55), 0.5],
    [() => 11 * 60 + random() * 11 * 60, 0.1],
  ] as const)();
  return Math.min(22 * 60, Math.max(11 * 60, Math.round(minute)));
}

const QUANTITY = [[1, 0.72], [2, 0.22], [3, 0.06]] as const;

/**
 * A diner's choices for a dish: a required group gets its first choice most often (the listed
 * default), an optional one is mostly left alone, and now and then takes one or two extras.
 */
function chooseOptions(random: Random, groups: readonly OptionGroup[]): SelectedOption[] {
  const options: SelectedOption[] = [];
  for (const group of groups) {
    const wanted = group.min > 0 ? group.min : random() < 0.7 ? 0 : pick(random, [[1, 0.75], [2, 0.25]] as const);
    const count = Math.min(wanted, group.max, group.choices.length);
    const names = new Set<string>();
    while (names.size < count) names.add(group.choices[Math.floor(group.choices.length * random() ** 2)]!.name);
    if (names.size) options.push({ group: group.name, choices: group.choices.filter((c) => names.has(c.name)).map((c) => c.name) });
  }
  return options;
}

/** A meal: one to three mains, often drinks, sometimes dessert; bigger at dinner. */
function chooseLines(random: Random, menu: Map<OrderCategory, HistoryMenuItem[]>, dinner: boolean): OrderDraft['lines'] {
  // Keyed by dish and choices: the same dish chosen the same way again is one line, as in the cart.
  const lines = new Map<string, OrderDraft['lines'][number]>();
  const add = (category: OrderCategory) => {
    const items = menu.get(category);
    if (!items?.length) return;
    // Earlier dishes of a category sell more: a skewed pick, so a few dishes are favourites.
    const item = items[Math.floor(items.length * random() ** 1.6)]!;
    const options = chooseOptions(random, item.options);
    const key = JSON.stringify([item._id.toHexString(), options]);
    const line = lines.get(key) ?? { item, options, quantity: 0 };
    line.quantity += pick(random, QUANTITY);
    lines.set(key, line);
  };
  const mains = pick(random, dinner ? [[1, 0.45], [2, 0.4], [3, 0.15]] : [[1, 0.7], [2, 0.25], [3, 0.05]]);
  for (let i = 0; i < mains; i++) add(pick(random, [['pizza', 0.45], ['salad', 0.3], ['soup', 0.25]] as const));
  if (random() < 0.6) add('drinks');
  if (random() < (dinner ? 0.45 : 0.2)) add('dessert');
  if (!lines.size) add(ORDER_CATEGORIES.find((c) => menu.get(c)?.length)!);
  return [...lines.values()];
}

/** How the order went: finished long ago, or still in the kitchen if it was placed just now. */
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Pickup or a table: more tables at dinner. A pickup is as soon as possible (the next quarter hour
 * after 20 minutes of cooking) or at a time chosen up to two hours ahead, on the restaurant's clock.
 */
function chooseFulfilment(random: Random, at: Date, dinner: boolean): Fulfilment {
  if (random() < (dinner ? 0.6 : 0.35)) return { kind: 'table', table: 1 + Math.floor(random() * HISTORY_TABLES) };
  const asap = random() < 0.6;
  const ahead = asap ? 20 : 30 + Math.floor(random() * 90);
  const slot = new Date(Math.ceil((at.getTime() + ahead * MINUTE) / (15 * MINUTE)) * 15 * MINUTE);
  return { kind: 'pickup', date: `${slot.getFullYear()}-${pad(slot.getMonth() + 1)}-${pad(slot.getDate())}`, time: `${pad(slot.getHours())}:${pad(slot.getMinutes())}`, asap };
}

/** Most diners tip a percentage, some nothing, a few a round amount of their own. */
function chooseTip(random: Random): TipChoice {
  const tip = pick<TipChoice | 'custom'>(random, [[{ percent: 0 }, 30], [{ percent: 10 }, 30], [{ percent: 15 }, 20], [{ percent: 20 }, 12], ['custom', 8]]);
  return tip === 'custom' ? { custom: 1 + Math.floor(random() * 5) } : tip;
}

function chooseOutcome(random: Random, at: Date, now: Date): Pick<OrderDraft, 'status' | 'steps'> {
  const after = (minutes: number, from: Date) => new Date(Math.min(now.getTime(), from.getTime() + minutes * MINUTE));
  const age = (now.getTime() - at.getTime()) / MINUTE;
  if (age < 10) return { status: 'pending', steps: [] };
  if (random() < 0.04) {
    const preparing = random() < 0.5 ? [{ status: 'preparing' as const, at: after(3 + random() * 5, at) }] : [];
    return { status: 'cancelled', steps: [...preparing, { status: 'cancelled', at: after(8 + random() * 10, at) }] };
  }
  const preparing = after(2 + random() * 6, at);
  if (age < 25) return { status: 'preparing', steps: [{ status: 'preparing', at: preparing }] };
  const ready = after(12 + random() * 15, preparing);
  if (age < 45) return { status: 'ready', steps: [{ status: 'preparing', at: preparing }, { status: 'ready', at: ready }] };
  const completed = after(4 + random() * 20, ready);
  return { status: 'completed', steps: [{ status: 'preparing', at: preparing }, { status: 'ready', at: ready }, { status: 'completed', at: completed }] };
}

/** The timestamp of the order, then random bytes from the PRNG: time-ordered like a real id, and reproducible. */
function objectId(random: Random, at: Date): ObjectId {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.floor(at.getTime() / 1000), 0);
  for (let i = 4; i < 12; i++) bytes[i] = Math.floor(random() * 256);
  return new ObjectId(bytes);
}

export function historyTransactionId(seed: number, index: number): string {
  return `history-${seed}-${index}`;
}

export function toPaymentDoc(draft: OrderDraft, seed: number, random: Random): PaymentDoc {
  // Priced as checkout prices a cart line, by the one pricing function.
  const lines = draft.lines.map(({ item, options, quantity }): OrderLine => {
    const priced = priceSelection({ price: item.price, options: item.options }, options, quantity);
    if (!priced.ok) throw new Error(`The history chose ${item.name} in a way its menu refuses: ${priced.error}`);
    return { menuId: item._id.toHexString(), name: item.name, category: item.category, options: priced.options, quantity, unitCents: priced.unitCents, lineCents: priced.lineCents };
  });
  const subtotalCents = lines.reduce((cents, line) => cents + line.lineCents, 0);
  // A custom tip is at most the food's price, as checkout allows.
  const tip = Math.min(tipCents(subtotalCents, draft.tip), subtotalCents);
  return {
    _id: objectId(random, draft.at),
    ownerUid: draft.diner.uid,
    email: draft.diner.email,
    name: draft.diner.name,
    price: (subtotalCents + tip) / 100,
    subtotalCents,
    tipCents: tip,
    ...('percent' in draft.tip ? { tipPercent: draft.tip.percent } : {}),
    fulfilment: draft.fulfilment,
    transactionId: historyTransactionId(seed, draft.index),
    data: draft.at,
    // Each line was one cart line, removed from the cart when paid.
    cartIds: lines.map(() => objectId(random, draft.at).toHexString()),
    menuItemIds: lines.flatMap((line) => Array<string>(line.quantity).fill(line.menuId)),
    lines,
    status: draft.status,
    statusHistory: [{ status: 'pending', at: draft.at }, ...draft.steps],
    updatedAt: draft.steps.at(-1)?.at ?? draft.at,
  };
}

export interface History {
  diners: Diner[];
  orders: PaymentDoc[];
}

/** The history's diners and its `count` orders over the year before `now`, oldest first, made one at a time as they are read. */
export function historyOrders(menuItems: readonly HistoryMenuItem[], { count, seed = 1, now = new Date() }: HistoryOptions): { diners: Diner[]; orders: Iterable<PaymentDoc> } {
  const random = prng(seed);
  const menu = new Map<OrderCategory, HistoryMenuItem[]>();
  for (const item of menuItems) menu.set(item.category, [...(menu.get(item.category) ?? []), item]);
  if (!ORDER_CATEGORIES.some((c) => menu.get(c)?.length)) throw new Error('The menu has no dishes to order: seed the menu first.');

  const people = diners(random);
  const days = yearOfDays(now);
  const weights = days.map(dayWeight);
  const total = weights.reduce((a, b) => a + b, 0);
  const sample = () => {
    let r = random() * total;
    let d = 0;
    while ((r -= weights[d]!) > 0 && d < days.length - 1) d++;
    const at = new Date(days[d]!);
    at.setHours(0, minuteOfDay(random), Math.floor(random() * 60), 0);
    return at.getTime();
  };
  // The times alone are held (8 bytes an order), sorted; each order is made when it is read.
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    // Later today has not happened yet: draw again (if now is before opening, today simply has none).
    let at = sample();
    for (let tries = 0; at > now.getTime() && tries < 50; tries++) at = sample();
    times[i] = at > now.getTime() ? now.getTime() - random() * 60 * MINUTE : at;
  }
  times.sort();

  function* orders(): Generator<PaymentDoc> {
    for (let index = 0; index < count; index++) {
      const at = new Date(times[index]!);
      // Regulars order far more often than the rest: a skewed pick of the diner.
      const diner = people[Math.floor(DINER_COUNT * random() ** 2)]!;
      const dinner = at.getHours() >= 17;
      const draft: OrderDraft = {
        index,
        at,
        diner,
        lines: chooseLines(random, menu, dinner),
        fulfilment: chooseFulfilment(random, at, dinner),
        tip: chooseTip(random),
        ...chooseOutcome(random, at, now),
      };
      yield toPaymentDoc(draft, seed, random);
    }
  }
  return { diners: people, orders: orders() };
}

export interface History {
  diners: Diner[];
  orders: PaymentDoc[];
}

/** The history with every order made at once: for tests and small counts. */
export function generateHistory(menuItems: readonly HistoryMenuItem[], options: HistoryOptions): History {
  const { diners: people, orders } = historyOrders(menuItems, options);
  return { diners: people, orders: [...orders] };
}

export interface HistoryResult {
  orders: { inserted: number; existing: number };
  diners: { inserted: number; existing: number };
}

const BATCH = 10_000;

/**
 * Adds the history's orders and diners that are not there yet (orders are recognised by their
 * transaction id, diners by email), and counts the orders into the statistics' daily rollups:
 * running it again adds nothing, and nothing an admin added or changed is touched. The orders are
 * made and written a batch at a time: a million of them never sit in memory at once.
 */
export async function addHistory(db: AppDb, options: HistoryOptions): Promise<HistoryResult> {
  const seed = options.seed ?? 1;
  const menu = (await db.collection('menu').find({ category: { $in: [...ORDER_CATEGORIES] } }).toArray()) as Array<MenuItemDoc & { _id: ObjectId }>;
  const { diners: people, orders } = historyOrders(
    menu.map(({ _id, name, category, price, options }) => ({ _id, name, category: category as OrderCategory, price, options })),
    { ...options, seed },
  );
  const payments = db.collection('payments');
  const users = db.collection('users');
  // The history's transaction ids share a prefix: what is there already is a range of the unique index.
  const prefix = historyTransactionId(seed, 0).slice(0, -1);
  const have = new Set(
    (await payments.find({ transactionId: { $gte: prefix, $lt: `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}` } }, { projection: { transactionId: 1 } }).toArray()).map((p) => p.transactionId),
  );
  const firstOrder = new Map<string, Date>();
  let inserted = 0;
  let batch: PaymentDoc[] = [];
  const flush = async () => {
    if (batch.length) await payments.insertMany(batch);
    inserted += batch.length;
    batch = [];
  };
  for (const order of orders) {
    if (!firstOrder.has(order.email)) firstOrder.set(order.email, order.data);
    if (have.has(order.transactionId)) continue;
    batch.push(order);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  // Written around the payment path, so counted the way a rebuild counts: as paying and cancelling would have.
  if (inserted) await rebuildRollups(db);

  const known = new Set((await users.find({ email: { $regex: `@${DINER_DOMAIN.replace(/\./g, '\\.')}$` } }, { projection: { email: 1 } }).toArray()).map((u) => u.email));
  const newDiners: UserDoc[] = people
    .filter((d) => !known.has(d.email) && firstOrder.has(d.email))
    .map((d) => ({ uid: d.uid, name: d.name, email: d.email, createdAt: firstOrder.get(d.email)! }));
  if (newDiners.length) await users.insertMany(newDiners);
  return {
    orders: { inserted, existing: options.count - inserted },
    diners: { inserted: newDiners.length, existing: firstOrder.size - newDiners.length },
  };
}
