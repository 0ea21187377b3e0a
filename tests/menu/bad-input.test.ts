/**
 * Bad schedules and counts, through the routes that take them: overlapping or empty windows,
 * times that do not exist, negative or fractional counts, counts over 100,000, and a schedule or
 * an 86 on a dish (or a choice) that does not exist. Each is a 400 with a message naming what is
 * wrong, and nothing is written.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postMenu } from '@/app/api/menu/route';
import { PATCH as patchMenu } from '@/app/api/menu/[id]/route';
import { POST as postKitchen } from '@/app/api/menu/kitchen/route';
import { PUT as putSchedule } from '@/app/api/menu/schedules/route';
import { collections } from '@/lib/db';
import { call, params } from '../support/http';
import { seedItem } from '../support/menu';
import { makeAdmin, type Person } from '../support/people';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let admin: Person;
let dish: string;
let counted: string;
const NOBODY = '0123456789abcdef01234567';

beforeAll(async () => {
  admin = await makeAdmin();
  dish = await seedItem({ name: 'Porridge', options: [{ name: 'Topping', min: 0, max: 1, choices: [{ name: 'Honey', price: 0 }] }] });
  counted = await seedItem({ name: 'Special', stock: { per: 'day', count: 10 } });
});

const w = (opens: string, closes: string, overnight = false) => ({ opens, closes, overnight });
const daily = (...windows: ReturnType<typeof w>[]) => ({ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], windows });

/** Everything a schedule or a count could have changed. */
async function snapshot() {
  const { menu, menuSections, menuStatus, stockCounts } = await collections();
  return Promise.all([menu, menuSections, menuStatus, stockCounts].map((c) => (c as typeof menu).find({}).sort({ _id: 1 }).toArray()));
}

const newDish = (extra: Record<string, unknown>) => call(postMenu, '/api/menu', { as: admin, json: { name: 'Bad', category: 'soup', price: 5, image: '/images/menu/soup.svg', ...extra } });
const change = (json: unknown) => call(patchMenu, `/api/menu/${dish}`, { method: 'PATCH', as: admin, json }, params({ id: dish }));
const schedule = (json: unknown) => call(putSchedule, '/api/menu/schedules', { method: 'PUT', as: admin, json });
const kitchen = (json: unknown) => call(postKitchen, '/api/menu/kitchen', { as: admin, json });

type Case = [string, () => Promise<{ status: number; body: unknown }>, string];

const cases: Case[] = [
  ['overlapping windows', () => change({ schedule: daily(w('07:00', '11:00'), w('10:30', '14:00')) }), 'schedule.windows.1.opens: Overlaps 07:00–11:00'],
  ['a window past midnight running into the next day\'s', () => newDish({ schedule: daily(w('22:00', '02:00', true), w('01:00', '05:00')) }), "schedule.windows.1.opens: Overlaps 22:00–02:00, which runs to 02:00 the next day"],
  ['an empty window', () => schedule({ category: 'soup', schedule: daily(w('11:00', '11:00')) }), 'schedule.windows.0.closes: A window from 11:00 to 11:00 is empty'],
  ['no window at all', () => change({ schedule: { days: ['monday'], windows: [] } }), 'schedule.windows: Add at least one window'],
  ['no day at all', () => change({ schedule: { days: [], windows: [w('07:00', '11:00')] } }), 'schedule.days: Choose at least one day'],
  ['a time that does not exist (25:00)', () => change({ schedule: daily(w('22:00', '25:00')) }), 'schedule.windows.0.closes: Closes: no such time; use a 24-hour time, HH:MM'],
  ['a time that does not exist (12:60)', () => schedule({ menuId: dish, schedule: daily(w('12:60', '14:00')) }), 'schedule.windows.0.opens: Opens: no such time; use a 24-hour time, HH:MM'],
  ['a day that does not exist', () => change({ schedule: { days: ['funday'], windows: [w('07:00', '11:00')] } }), 'schedule.days.0: Days must be among monday, tuesday, wednesday, thursday, friday, saturday, sunday'],
  ['a negative count', () => change({ stock: { per: 'day', count: -1 } }), 'stock.count: Count must not be negative'],
  ['a fractional count', () => newDish({ stock: { per: 'total', count: 2.5 } }), 'stock.count: Count must be a whole number of portions'],
  ['a count over 100,000', () => change({ stock: { per: 'total', count: 100_001 } }), 'stock.count: Count must be at most 100,000'],
  ['a count of an option over 100,000', () => change({ options: [{ name: 'Topping', min: 0, max: 1, choices: [{ name: 'Honey', price: 0, stock: { per: 'day', count: 1e6 } }] }] }), 'options.0.choices.0.stock.count: Count must be at most 100,000'],
  ['a negative count from the kitchen', () => kitchen({ action: 'count', menuId: counted, left: -3 }), 'left: Count must not be negative'],
  ['a fractional count from the kitchen', () => kitchen({ action: 'count', menuId: counted, left: 1.5 }), 'left: Count must be a whole number of portions'],
  ['a count from the kitchen for a dish that is not counted', () => kitchen({ action: 'count', menuId: dish, left: 3 }), 'Porridge is not counted: give it a count in its menu form first.'],
  ['a schedule on a dish that does not exist', () => schedule({ menuId: NOBODY, schedule: daily(w('07:00', '11:00')) }), 'There is no dish on the menu with this id.'],
  ['a schedule on an option that does not exist', () => schedule({ menuId: dish, option: { group: 'Topping', choice: 'Caviar' }, schedule: daily(w('07:00', '11:00')) }), 'Porridge has no choice "Caviar" in "Topping".'],
  ['a schedule on a section that does not exist', () => schedule({ category: 'breakfast', schedule: daily(w('07:00', '11:00')) }), 'category: category must be one of salad, pizza, soup, dessert, drinks, offered, popular'],
  ['a schedule naming a section and a dish', () => schedule({ category: 'soup', menuId: dish, schedule: null }), 'Name a section (category) or a dish (menuId), not both'],
  ['an 86 of a dish that does not exist', () => kitchen({ action: 'off', menuId: NOBODY, for: 'close' }), 'There is no dish on the menu with this id.'],
  ['an 86 for some hours without the hours', () => kitchen({ action: 'off', menuId: dish, for: 'hours' }), 'hours: hours: give them with for: hours, and only then'],
  ['an 86 for 25 hours', () => kitchen({ action: 'off', menuId: dish, for: 'hours', hours: 25 }), 'hours: hours must be at most 24'],
];

describe('bad schedules and counts', () => {
  it.each(cases)('%s: 400 with a message, and nothing changes', async (_name, send, message) => {
    const before = await snapshot();
    const res = await send();
    expect(res).toEqual({ status: 400, body: { error: message } });
    expect(await snapshot()).toEqual(before);
  });
});
