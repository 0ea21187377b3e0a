import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Staff } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import type { Actor, MenuItemDoc, MenuStatusDoc } from '@/lib/db/documents';
import { PICKUP_DAYS_AHEAD } from '@/lib/fulfilment/slots';
import { addDays } from '@/lib/reservations/calendar';
import { instantOf, nextOpening, zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';
import { choiceKey, lineProblems, type ChoiceAvailability, type DishAvailability, type LineToJudge, type MenuAvailability } from './availability';
import type { KitchenMenuAction } from './schemas';
import type { KitchenMenuEntry, KitchenMenuState, MenuCategory, MenuSchedule, StockRule } from './types';

/**
 * What changes on the menu with the clock and the count, read and written in one place: the
 * sections' schedules (admins), the kitchen's 86s (staff), and the portions left of each counted
 * dish and option (lib/menu/stock.ts holds them for payments). The pages stay prerendered: they
 * fetch this small state (GET /api/menu/availability) and judge it with the shared rule
 * (lib/menu/availability.ts); the payment judges the same state at the time the order is for.
 *
 * Nothing runs for a dish to come back: an 86 keeps the time it ends, and every reader compares
 * that time with the clock.
 */

/** Where a count of `rule` keeps what is left on `date`: its own key, a day at a time for a count a day. */
export function stockKey(thing: string, rule: StockRule, date: string): string {
  return rule.per === 'day' ? `${thing}@${date}` : thing;
}

/** A dish or one of its choices: its key (the dish's id, or its choice's `choiceKey`), its name and what the menu says of it. */
interface Thing {
  key: string;
  menuId: string;
  name: string;
  option?: { group: string; choice: string };
  schedule?: MenuSchedule;
  stock?: StockRule;
}

/** The dish and each of its choices. */
function thingsOf(doc: WithId<MenuItemDoc>): Thing[] {
  const menuId = doc._id.toHexString();
  const choices = doc.options.flatMap((group) =>
    group.choices.map((choice): Thing => ({
      key: choiceKey(menuId, group.name, choice.name),
      menuId,
      name: `${choice.name} (${group.name}, ${doc.name})`,
      option: { group: group.name, choice: choice.name },
      ...(choice.schedule ? { schedule: choice.schedule } : {}),
      ...(choice.stock ? { stock: choice.stock } : {}),
    })),
  );
  return [{ key: menuId, menuId, name: doc.name, ...(doc.schedule ? { schedule: doc.schedule } : {}), ...(doc.stock ? { stock: doc.stock } : {}) }, ...choices];
}

const PROJECTION = { name: 1, category: 1, schedule: 1, stock: 1, options: 1 } as const;

/** The dishes named (all when none are), as the menu has them now. */
async function dishes(menuIds?: readonly string[]): Promise<WithId<MenuItemDoc>[]> {
  const { menu } = await collections();
  if (!menuIds) return menu.find({}, { projection: PROJECTION }).toArray();
  const ids = menuIds.map(toObjectId).filter((id) => id !== null);
  return ids.length ? menu.find({ _id: { $in: ids } }, { projection: PROJECTION }).toArray() : [];
}

/** An 86 still in force at `now`. */
const offAt = (status: MenuStatusDoc | undefined, now: Date) => (status?.off && (status.off.until === null || status.off.until > now) ? status.off : null);

/** What is left of each counted thing on `date` (its count when nothing was taken yet). */
async function leftOn(things: readonly Thing[], date: string): Promise<Map<string, number>> {
  const counted = things.filter((thing) => thing.stock);
  const keys = counted.map((thing) => stockKey(thing.key, thing.stock!, date));
  if (!keys.length) return new Map();
  const { stockCounts } = await collections();
  const found = new Map((await stockCounts.find({ _id: { $in: keys } }, { projection: { left: 1 } }).toArray()).map((doc) => [doc._id, doc.left]));
  return new Map(counted.map((thing, i) => [thing.key, found.get(keys[i]!) ?? thing.stock!.count]));
}

async function statuses(): Promise<Map<string, MenuStatusDoc>> {
  const { menuStatus } = await collections();
  return new Map((await menuStatus.find({}).toArray()).map((doc) => [doc._id, doc]));
}

/** Each section's schedule; a section without one is served whenever the restaurant is open. */
export async function sectionSchedules(): Promise<Partial<Record<MenuCategory, MenuSchedule>>> {
  const { menuSections } = await collections();
  return Object.fromEntries((await menuSections.find({}).toArray()).map((doc) => [doc._id, doc.schedule]));
}

/**
 * The menu's state on a day: each section's schedule, and each dish and option that is
 * scheduled, counted or 86'd with what it is (for the dishes named, all when none are), with
 * what the menu says of each of them. The counts are those of `date`, else of the day of `at`
 * (else today) on the restaurant's calendar.
 */
export async function readMenuState({ date, at, menuIds, now = clockNow() }: { date?: string; at?: Date; menuIds?: readonly string[]; now?: Date } = {}): Promise<{ availability: MenuAvailability; things: Thing[] }> {
  const { timeZone } = (await getSettings()).schedule;
  const day = date ?? zonedClock(at ?? now, timeZone).today;
  const [docs, status, sections] = await Promise.all([dishes(menuIds), statuses(), sectionSchedules()]);
  const things = docs.flatMap(thingsOf);
  const left = await leftOn(things, day);
  const live = (thing: Thing) => {
    const off = offAt(status.get(thing.key), now);
    return {
      ...(thing.schedule ? { schedule: thing.schedule } : {}),
      ...(off ? { off: { until: off.until?.toISOString() ?? null } } : {}),
      ...(left.has(thing.key) ? { left: left.get(thing.key)! } : {}),
    };
  };
  const entries: Record<string, DishAvailability> = {};
  for (const doc of docs) {
    const [dish, ...choices] = thingsOf(doc);
    const options = choices.flatMap((choice): ChoiceAvailability[] => {
      const state = live(choice);
      return Object.keys(state).length ? [{ ...choice.option!, ...state }] : [];
    });
    const state = live(dish!);
    if (Object.keys(state).length || options.length || sections[doc.category]) {
      entries[dish!.key] = { category: doc.category, ...state, ...(options.length ? { options } : {}) };
    }
  }
  return { availability: { timeZone, date: day, sections, dishes: entries }, things };
}

/**
 * 409 naming each line that cannot be had at `at`, the time the order is for (an 86, its hours,
 * too few left): what Pay answers before a payment is opened, in the words the cart shows.
 */
export async function assertAvailable(lines: readonly LineToJudge[], at: Date, now = clockNow()): Promise<void> {
  if (!lines.length) return;
  const { availability } = await readMenuState({ at, menuIds: lines.map((line) => line.menuId), now });
  const problems = lineProblems(availability, lines, at, now);
  if (problems.size) throw new HttpError(409, [...new Set(problems.values())].join(' '));
}

/** How long this process answers GET /api/menu/availability from what it read: a burst of page views reads the state once. */
const PUBLIC_TTL_MS = 1_000;
const g = globalThis as { __bistroMenuState?: Map<string, { at: number; state: Promise<MenuAvailability> }> };
const kept = (g.__bistroMenuState ??= new Map());

/** GET /api/menu/availability: the whole menu's state for `date` (today when not given). Public: it is what the menu pages show. */
export async function menuAvailability(date?: string, now = clockNow()): Promise<MenuAvailability> {
  const key = date ?? '';
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < PUBLIC_TTL_MS) return hit.state;
  if (kept.size > 32) kept.clear();
  const state = readMenuState({ date, now }).then((read) => read.availability);
  kept.set(key, { at: Date.now(), state });
  state.catch(() => kept.delete(key));
  return state;
}

/** After a change this process made: its next answer reads again. */
export function menuStateChanged(): void {
  kept.clear();
}

// ---- the kitchen's view and its changes ----

const actor = (person: Pick<Staff, 'uid' | 'name' | 'email'>): Actor => ({ uid: person.uid, name: person.name || person.email, email: person.email });

/** Every dish and option as the kitchen display lists them: its 86 with who and when, and its count with what is left today. */
export async function kitchenMenu(staff: Staff, now = clockNow()): Promise<KitchenMenuState> {
  authorize(staff, 'staff');
  const { timeZone } = (await getSettings()).schedule;
  const today = zonedClock(now, timeZone).today;
  const [docs, status] = await Promise.all([dishes(), statuses()]);
  const things = docs.sort((a, b) => a.name.localeCompare(b.name)).flatMap(thingsOf);
  const left = await leftOn(things, today);
  const entry = (thing: Thing, category: MenuCategory): KitchenMenuEntry => {
    const off = offAt(status.get(thing.key), now);
    return {
      key: thing.key,
      menuId: thing.menuId,
      name: thing.name,
      category,
      ...(thing.option ? { option: thing.option } : {}),
      ...(thing.schedule ? { schedule: thing.schedule } : {}),
      ...(off ? { off: { until: off.until?.toISOString() ?? null, for: off.for, by: off.by.name, at: off.at.toISOString() } } : {}),
      ...(thing.stock ? { stock: { ...thing.stock, left: left.get(thing.key)! } } : {}),
    };
  };
  return { today, entries: docs.flatMap((doc) => thingsOf(doc).map((thing) => entry(thing, doc.category))) };
}

/** The dish or option a kitchen action names: 400 when the menu has no such dish or choice. */
async function target(action: KitchenMenuAction): Promise<Thing> {
  const [doc] = await dishes([action.menuId]);
  if (!doc) throw new HttpError(400, 'There is no dish on the menu with this id.');
  const things = thingsOf(doc);
  if (!action.option) return things[0]!;
  const { group, choice } = action.option;
  const found = things.find((thing) => thing.option?.group === group && thing.option.choice === choice);
  if (!found) throw new HttpError(400, `${doc.name} has no choice "${choice}" in "${group}".`);
  return found;
}

/** When an 86 "until close" ends: the next opening after `now` (the next service), or never when no opening is set. */
async function nextOpeningAfter(now: Date): Promise<Date | null> {
  const { schedule } = await getSettings();
  const opening = nextOpening(schedule, zonedClock(now, schedule.timeZone));
  return opening ? instantOf(opening, schedule.timeZone) : null;
}

/**
 * POST /api/menu/kitchen (staff): 86 a dish or an option (until close, for some hours, until
 * turned back on), turn it back on, or say how many portions are left today. Each is one write of
 * what it changes, recording who and when; answers the kitchen's list as it is after.
 */
export async function changeKitchenMenu(staff: Staff, action: KitchenMenuAction, now = clockNow()): Promise<KitchenMenuState> {
  authorize(staff, 'staff');
  const thing = await target(action);
  const by = actor(staff);
  const { menuStatus } = await collections();
  const where = { menuId: thing.menuId, ...(thing.option ? { option: thing.option } : {}) };
  if (action.action === 'count') {
    if (!thing.stock) throw new HttpError(400, `${thing.name} is not counted: give it a count in its menu form first.`);
    const today = zonedClock(now, (await getSettings()).schedule.timeZone).today;
    await setLeft(stockKey(thing.key, thing.stock, today), action.left, by, now);
  } else {
    const until = action.action === 'on' ? null : action.for === 'close' ? await nextOpeningAfter(now) : action.for === 'hours' ? new Date(now.getTime() + action.hours! * 3_600_000) : null;
    const off = action.action === 'on' ? null : { until, for: action.for, by, at: now };
    await menuStatus.updateOne({ _id: thing.key }, { $set: { ...where, off, changedAt: now, changedBy: by } }, { upsert: true });
  }
  menuStateChanged();
  return kitchenMenu(staff, now);
}

/** Says how many portions are left under `key`, whatever was left before (the portions held stay held). */
async function setLeft(key: string, left: number, by: Actor, now: Date): Promise<void> {
  const { stockCounts } = await collections();
  await stockCounts.updateOne({ _id: key }, { $set: { left, setAt: now, setBy: by }, $setOnInsert: { holds: [], held: {} } }, { upsert: true });
  menuStateChanged();
}

/** How many times a change of a count a day is tried again while payments hold and give back portions under it. */
const RECOUNT_TRIES = 5;

/**
 * A dish's or an option's count as an admin saved it: "12 left" is what is left from now on; "24 a
 * day" is that day's count less what payments hold of it, on every day a pickup can be ordered
 * for (a day with nothing taken yet starts from the count when it is first read). Each day is one
 * conditional write on the holds it read, tried again when a payment moved them meanwhile.
 */
export async function recount(thingKey: string, rule: StockRule, by: Actor, now = clockNow()): Promise<void> {
  if (rule.per === 'total') return setLeft(thingKey, rule.count, by, now);
  const { stockCounts } = await collections();
  const today = zonedClock(now, (await getSettings()).schedule.timeZone).today;
  const keys = Array.from({ length: PICKUP_DAYS_AHEAD + 1 }, (_, i) => stockKey(thingKey, rule, addDays(today, i)));
  for (const counter of await stockCounts.find({ _id: { $in: keys } }).toArray()) {
    let doc: typeof counter | null = counter;
    for (let tries = 0; doc && tries < RECOUNT_TRIES; tries++) {
      const held = doc.holds.reduce((sum, tx) => sum + (doc!.held[tx] ?? 0), 0);
      const { modifiedCount } = await stockCounts.updateOne({ _id: doc._id, holds: doc.holds }, { $set: { left: Math.max(0, rule.count - held), setAt: now, setBy: by } });
      if (modifiedCount) break;
      doc = await stockCounts.findOne({ _id: doc._id });
    }
  }
  menuStateChanged();
}

/** The counts of the dish and its choices that are new or differ from what was stored (`before`): what `recount` must set. */
export function changedCounts(before: WithId<MenuItemDoc> | null, after: WithId<MenuItemDoc>): { key: string; rule: StockRule }[] {
  const was = new Map((before ? thingsOf(before) : []).map((thing) => [thing.key, thing.stock]));
  return thingsOf(after).flatMap((thing) => (thing.stock && JSON.stringify(thing.stock) !== JSON.stringify(was.get(thing.key)) ? [{ key: thing.key, rule: thing.stock }] : []));
}

/** The things of the dishes named, for a payment's lines: lib/menu/stock.ts counts them. */
export async function thingsFor(menuIds: readonly string[]): Promise<Thing[]> {
  return (await dishes([...new Set(menuIds)])).flatMap(thingsOf);
}
export type { Thing };
