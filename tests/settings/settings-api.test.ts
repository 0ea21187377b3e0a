/**
 * GET and PUT /api/settings as the Settings page calls them: a save that names a stale version is
 * refused with the current values and changes nothing; bad input is a 400 naming the field, with
 * nothing saved; the environment fills a fresh database only; and a save reaches every reader at
 * once in this process, and the prerendered pages through their tag.
 */
import { revalidateTag } from 'next/cache';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as getRoute, PUT as putRoute } from '@/app/api/settings/route';
import { PUT as tablesRoute } from '@/app/api/tables/route';
import { collections } from '@/lib/db';
import { getSettings, readSnapshot, SETTINGS_TAG } from '@/lib/settings/store';
import type { RestaurantSettings, VersionedSettings } from '@/lib/settings/types';
import { errorOf, request } from '../support/http';
import { makeAdmin, type Person } from '../support/people';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let admin: Person;
beforeEach(async () => {
  admin ??= await makeAdmin();
  vi.mocked(revalidateTag).mockClear();
});

const read = async () => (await (await getRoute(request('GET', '/api/settings', { headers: admin.headers }), undefined)).json()) as VersionedSettings;
const put = (json: unknown, headers: Record<string, string> = {}) => putRoute(request('PUT', '/api/settings', { headers: { ...admin.headers, ...headers }, json }), undefined);
const putRaw = (body: string) => putRoute(request('PUT', '/api/settings', { headers: { ...admin.headers, 'content-type': 'application/json' }, body }), undefined);
/** The saved document, as the database holds it. */
const stored = async () => JSON.stringify(await (await collections()).settings.findOne({ _id: 'restaurant' }));

/** The settings with one change, as a form would send them. */
function changed(settings: RestaurantSettings, change: (s: RestaurantSettings) => void): RestaurantSettings {
  const copy = structuredClone(settings);
  change(copy);
  return copy;
}

describe('a fresh database', () => {
  it("answers the environment's settings as version 0", async () => {
    const { version, settings } = await read();
    expect(version).toBe(0);
    expect(settings.restaurant).toMatchObject({ name: 'Bistro Boss', phone: '+1 (555) 010-2024' });
    expect(settings.tables.count).toBe(20);
    expect(settings.ordering).toEqual({ enabled: true, pauseWithoutKitchenMinutes: 0, guests: true });
  });
});

describe('saving', () => {
  it('saves, moves the version on, and every reader sees it at once, the prerendered pages through their tag', async () => {
    const before = await read();
    const next = changed(before.settings, (s) => {
      s.restaurant.phone = '+1 555 010 9999';
    });
    const res = await put({ version: before.version, settings: next });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ version: before.version + 1, settings: next });
    expect((await getSettings()).restaurant.phone).toBe('+1 555 010 9999');
    expect(await read()).toEqual({ version: before.version + 1, settings: next });
    expect(revalidateTag).toHaveBeenCalledWith(SETTINGS_TAG, { expire: 0 });
  });

  it('keeps the environment as a default only: once saved, a changed variable changes nothing', async () => {
    vi.stubEnv('NEXT_PUBLIC_PHONE', '+1 555 000 0000');
    try {
      expect((await readSnapshot()).versioned.settings.restaurant.phone).not.toBe('+1 555 000 0000');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a stale save with 409 and the current values, and changes nothing: two admins do not overwrite each other', async () => {
    const opened = await read();
    const first = changed(opened.settings, (s) => {
      s.restaurant.name = 'First Bistro';
    });
    const second = changed(opened.settings, (s) => {
      s.restaurant.tagline = 'Second thoughts';
    });
    // Both press Save at once, from the same version: exactly one wins.
    const answers = await Promise.all([put({ version: opened.version, settings: first }), put({ version: opened.version, settings: second })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const current = await read();
    expect(current.version).toBe(opened.version + 1);
    const refused = (await answers.find((a) => a.status === 409)!.json()) as VersionedSettings & { error: string };
    expect(refused).toEqual({ error: 'Someone else saved the settings while you were editing. Their settings are shown; save again to replace them.', ...current });
    expect([first, second]).toContainEqual(current.settings);
  });

  it('counts the number of tables saved from the Tables page as a change: a form opened before is stale', async () => {
    const opened = await read();
    expect((await tablesRoute(request('PUT', '/api/tables', { headers: admin.headers, json: { count: 12 } }), undefined)).status).toBe(200);
    const res = await put({ version: opened.version, settings: opened.settings });
    expect(res.status).toBe(409);
    expect(((await res.json()) as VersionedSettings).settings.tables.count).toBe(12);
  });
});

describe('bad input: 400 naming the field, and nothing saved', () => {
  const w = (opens: string, closes: string, overnight = false) => ({ opens, closes, overnight });
  const cases: [string, (s: RestaurantSettings) => void, string][] = [
    ['overlapping windows', (s) => void (s.schedule.hours.monday = [w('12:00', '15:00'), w('14:00', '18:00')]), 'settings.schedule.hours.monday.1.opens: Overlaps 12:00–15:00'],
    ['a window that ends before it starts', (s) => void (s.schedule.hours.tuesday = [w('14:00', '12:00')]), 'settings.schedule.hours.tuesday.0.closes: Closes before it opens. Tick "past midnight" if it closes the next day.'],
    ['a window past midnight running into the next day', (s) => void ((s.schedule.hours.friday = [w('18:00', '03:00', true)]), (s.schedule.hours.saturday = [w('02:00', '05:00')])), "settings.schedule.hours.saturday.0.opens: Overlaps friday's 18:00–03:00, which runs to 03:00"],
    ['a window past midnight longer than a day', (s) => void (s.schedule.hours.sunday = [w('10:00', '11:00', true)]), 'settings.schedule.hours.sunday.0.closes: A window past midnight closes the next day, before it would open again (a time after 00:00).'],
    ['a time that is not one', (s) => void (s.schedule.hours.monday = [w('25:00', '26:00')]), 'settings.schedule.hours.monday.0.opens: Opens: use a 24-hour time, HH:MM'],
    ['an unknown time zone', (s) => void (s.schedule.timeZone = 'Mars/Olympus_Mons'), 'settings.schedule.timeZone: Unknown time zone: use an IANA name such as Europe/Paris'],
    ['a closure in the past', (s) => void (s.schedule.closures = [{ from: '2020-01-01', to: '2020-01-02', note: '' }]), 'settings.schedule.closures.0.to: This closure is over: remove it'],
    ['a closure that ends before it starts', (s) => void (s.schedule.closures = [{ from: '2099-01-02', to: '2099-01-01', note: '' }]), 'settings.schedule.closures.0.to: To must not be before from'],
    ['special hours in the past', (s) => void (s.schedule.specialHours = [{ date: '2020-01-01', windows: [w('12:00', '13:00')], note: '' }]), 'settings.schedule.specialHours.0.date: This date has passed: remove it'],
    ['capacity 0', (s) => void (s.pickup.capacity = 0), 'settings.pickup.capacity: Capacity per slot must be at least 1'],
    ['capacity over 1,000', (s) => void (s.pickup.capacity = 1001), 'settings.pickup.capacity: Capacity per slot must be at most 1000'],
    ['a slot length that does not divide the hour', (s) => void (s.pickup.slotMinutes = 7), 'settings.pickup.slotMinutes: Slot length must be one of 5, 10, 15, 20, 30, 60 minutes'],
    ['a negative preparation time', (s) => void (s.pickup.prepMinutes = -5), 'settings.pickup.prepMinutes: Preparation time must be at least 0'],
    ['no tip percentage', (s) => void (s.tips.presets = []), 'settings.tips.presets: Offer at least one tip percentage'],
    ['a tip percentage twice', (s) => void (s.tips.presets = [10, 10]), 'settings.tips.presets: Each tip percentage once'],
    ['a phone of letters', (s) => void (s.restaurant.phone = 'call me'), 'settings.restaurant.phone: Phone: use digits, spaces and + ( ) - only'],
    ['an email that is not one', (s) => void (s.restaurant.email = 'hello'), 'settings.restaurant.email: Email is not an email address'],
    ['a social link that is not https', (s) => void (s.restaurant.social.video = 'javascript:alert(1)'), 'settings.restaurant.social.video: YouTube must be an https:// address, or empty'],
    ['no name', (s) => void (s.restaurant.name = '  '), 'settings.restaurant.name: Name is required'],
    ['tables over the most', (s) => void (s.tables.count = 201), 'settings.tables.count: Number of tables must be at most 200'],
    ['a negative reservation limit', (s) => void (s.reservations.upcomingBookings = -1), 'settings.reservations.upcomingBookings: Bookings one guest may hold must be at least 1'],
    ['a tax rate below 0 %', (s) => void (s.tax.rates = [{ id: 'std', name: 'VAT', percent: -1 }]), 'settings.tax.rates.0.percent: Rate must be at least 0 %'],
    ['a tax rate over 100 %', (s) => void (s.tax.rates = [{ id: 'std', name: 'VAT', percent: 100.5 }]), 'settings.tax.rates.0.percent: Rate must be at most 100 %'],
    ['a tax rate with 4 decimals', (s) => void (s.tax.rates = [{ id: 'std', name: 'Sales tax', percent: 8.8755 }]), 'settings.tax.rates.0.percent: Rate: at most 3 decimals, such as 13.5 or 8.875'],
    ['a tax rate id twice', (s) => void (s.tax.rates = [{ id: 'std', name: 'VAT', percent: 20 }, { id: 'std', name: 'VAT', percent: 5 }]), 'settings.tax.rates.1.id: Each tax rate id once'],
    ['an unknown tax mode', (s) => void ((s.tax as unknown as Record<string, unknown>).mode = 'both'), 'settings.tax.mode: Tax mode must be inclusive (prices include tax) or added (tax is added at checkout)'],
    ['an unknown field', (s) => void ((s.restaurant as unknown as Record<string, unknown>).owner = 'me'), 'settings.restaurant: Unrecognized key: "owner"'],
    ['a $ key', (s) => void ((s.pickup as unknown as Record<string, unknown>).$inc = { capacity: 1 }), 'settings.pickup: Unrecognized key: "$inc"'],
    ['a $ operator as a value', (s) => void ((s.restaurant as unknown as Record<string, unknown>).name = { $ne: '' }), 'settings.restaurant.name: Name must be text'],
  ];

  it.each(cases)('%s', async (_name, change, error) => {
    const { version, settings } = await read();
    const before = await stored();
    const res = await put({ version, settings: changed(settings, change) });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(error);
    expect(await stored()).toBe(before);
  });

  it('a $ key at the top, a missing version, and a body that is not the settings', async () => {
    const { version, settings } = await read();
    const before = await stored();
    const answers = [
      await put({ version, settings, $set: { 'settings.restaurant.name': 'Injected' } }),
      await put({ settings }),
      await put({ version: -1, settings }),
      await put([1, 2, 3]),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(await Promise.all(answers.map(errorOf))).toEqual([
      'Unrecognized key: "$set"',
      'version: version is required',
      'version: version must be at least 0',
      'Invalid input: expected object, received array',
    ]);
    expect(await stored()).toBe(before);
  });

  it('a body of 1 MB is refused unread, with nothing saved', async () => {
    const before = await stored();
    const res = await putRaw(JSON.stringify({ version: 0, settings: { restaurant: { name: 'x'.repeat(1_048_576) } } }));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe('The request body is too large.');
    expect(await stored()).toBe(before);
  });
});

describe('reading the settings', () => {
  it("costs no database round trip per request: this process keeps them until it writes them", async () => {
    const { settings } = await collections();
    // A change this process did not make (it would be another instance's) is not read per request...
    const current = await getSettings();
    await settings.updateOne({ _id: 'restaurant' }, { $set: { 'settings.restaurant.tagline': 'Written behind its back' } });
    expect((await getSettings()).restaurant.tagline).toBe(current.restaurant.tagline);
    // ...while its own write is read at once.
    const { version } = await read();
    const saved = await put({ version, settings: { ...current, restaurant: { ...current.restaurant, tagline: 'Saved here' } } });
    expect(saved.status).toBe(200);
    expect((await getSettings()).restaurant.tagline).toBe('Saved here');
  });
});
