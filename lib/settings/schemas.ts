import { z } from 'zod';
import { addDays, fromMinutes, isCalendarDate } from '@/lib/reservations/calendar';
import { MAX_TABLES } from '@/lib/tables/table-mode';
import { TAX_RATE_ID } from '@/lib/tax/tax';
import { DAY_MINUTES, isTimeZone, windowSpan, zonedClock } from './schedule';
import { WEEKDAYS, type OpeningWindow } from './types';

/**
 * The settings' rules, written once: the Settings page (react-hook-form + zodResolver) and
 * PUT /api/settings parse with the same schema, so the form shows the words the server would
 * answer, each under its field. Every object is strict: an unknown field, or a `$` key, is
 * refused rather than stored. Whether a date has passed depends on the clock, so the schema is
 * made for one, read in the time zone being saved.
 */

/** Pickup times fall on a grid that divides the day. */
export const SLOT_LENGTHS = [5, 10, 15, 20, 30, 60] as const;
export const MAX_CAPACITY = 1000;
export const MAX_WINDOWS_PER_DAY = 6;
export const MAX_DATES = 60;
export const MAX_TIP_PRESETS = 4;
/** Minutes a pause may last; null is until somebody resumes. */
export const PAUSE_MINUTES = [15, 30, 60] as const;

/** An input of `valueAsNumber` arrives as NaN when empty. */
const isBlank = (input: unknown) => input === undefined || (typeof input === 'number' && Number.isNaN(input));

function whole(name: string, min: number, max: number) {
  return z
    .number({ error: (issue) => (isBlank(issue.input) ? `${name} is required` : `${name} must be a number`) })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
}

function line(name: string, max: number, min = 1) {
  return z
    .string({ error: `${name} must be text` })
    .trim()
    .min(min, `${name} is required`)
    .max(max, `${name} must be ${max} characters or fewer`)
    .refine((value) => !/\p{Cc}/u.test(value), `${name} must not contain control characters`);
}

const time = (name: string) => z.string({ error: `${name} must be a time` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${name}: use a 24-hour time, HH:MM`);
const date = (name: string) => z.string({ error: `${name} must be a date` }).refine(isCalendarDate, `${name}: use a date, YYYY-MM-DD`);
const note = line('Note', 200, 0);
const link = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(200, `${name} must be 200 characters or fewer`)
    .refine((url) => url === '' || /^https:\/\/[^\s/]+(\/\S*)?$/i.test(url), `${name} must be an https:// address, or empty`);

const windowSchema = z
  .strictObject({ opens: time('Opens'), closes: time('Closes'), overnight: z.boolean({ error: 'Past midnight must be true or false' }) })
  .superRefine((window, ctx) => {
    const { start, end } = windowSpan(window);
    if (!window.overnight && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'Closes before it opens. Tick "past midnight" if it closes the next day.' });
    } else if (window.overnight && (window.closes === '00:00' || end - DAY_MINUTES >= start)) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'A window past midnight closes the next day, before it would open again (a time after 00:00).' });
    }
  });

const span = (w: OpeningWindow) => `${w.opens}–${w.closes}`;

/** A day's windows, none overlapping another. */
const windowsSchema = z
  .array(windowSchema, { error: 'Windows must be a list' })
  .max(MAX_WINDOWS_PER_DAY, `At most ${MAX_WINDOWS_PER_DAY} windows a day`)
  .superRefine((windows, ctx) => {
    windows.forEach((window, i) => {
      const a = windowSpan(window);
      const other = windows.findIndex((w, j) => j < i && windowSpan(w).start < a.end && a.start < windowSpan(w).end);
      if (other >= 0) ctx.addIssue({ code: 'custom', path: [i, 'opens'], message: `Overlaps ${span(windows[other]!)}` });
    });
  });

const hoursSchema = z
  .strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, windowsSchema])) as Record<(typeof WEEKDAYS)[number], typeof windowsSchema>)
  .superRefine((hours, ctx) => {
    // A window past midnight must not run into the next day's first ones.
    WEEKDAYS.forEach((day, i) => {
      const next = WEEKDAYS[(i + 1) % 7]!;
      for (const window of hours[day]) {
        const tail = windowSpan(window).end - DAY_MINUTES;
        if (tail <= 0) continue;
        const hit = hours[next].findIndex((w) => windowSpan(w).start < tail);
        if (hit >= 0) ctx.addIssue({ code: 'custom', path: [next, hit, 'opens'], message: `Overlaps ${day}'s ${span(window)}, which runs to ${fromMinutes(tail)}` });
      }
    });
  });

const closureSchema = z
  .strictObject({ from: date('From'), to: date('To'), note })
  .refine((closure) => closure.to >= closure.from, { path: ['to'], message: 'To must not be before from' });

const specialHoursSchema = z.strictObject({
  date: date('Date'),
  windows: windowsSchema.min(1, 'Add a window, or make the day a closure instead'),
  note,
});

function scheduleSchema(now: Date) {
  return z
    .strictObject({
      timeZone: z.string({ error: 'Time zone must be text' }).refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/Paris'),
      hours: hoursSchema,
      closures: z.array(closureSchema, { error: 'Closures must be a list' }).max(MAX_DATES, `At most ${MAX_DATES} closures`),
      specialHours: z.array(specialHoursSchema, { error: 'Special hours must be a list' }).max(MAX_DATES, `At most ${MAX_DATES} dates with special hours`),
    })
    .superRefine((schedule, ctx) => {
      if (!isTimeZone(schedule.timeZone)) return;
      const today = zonedClock(now, schedule.timeZone).today;
      schedule.closures.forEach((closure, i) => {
        if (closure.to < today) ctx.addIssue({ code: 'custom', path: ['closures', i, 'to'], message: 'This closure is over: remove it' });
      });
      schedule.specialHours.forEach((special, i) => {
        if (special.date < today) ctx.addIssue({ code: 'custom', path: ['specialHours', i, 'date'], message: 'This date has passed: remove it' });
        else if (schedule.specialHours.findIndex((s) => s.date === special.date) < i) {
          ctx.addIssue({ code: 'custom', path: ['specialHours', i, 'date'], message: 'This date has special hours twice' });
        }
      });
      if (schedule.closures.some((c) => c.from > addDays(today, 3 * 366))) ctx.addIssue({ code: 'custom', path: ['closures'], message: 'A closure can be at most three years ahead' });
    });
}

const restaurantSchema = z.strictObject({
  name: line('Name', 80),
  tagline: line('Tagline', 80, 0),
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .min(1, 'Phone is required')
    .max(25, 'Phone must be 25 characters or fewer')
    .regex(/^\+?[\d\s().-]+$/, { message: 'Phone: use digits, spaces and + ( ) - only', abort: true })
    .refine((phone) => (phone.match(/\d/g)?.length ?? 0) >= 6, 'Phone is too short'),
  email: z.string({ error: 'Email must be text' }).trim().max(120, 'Email must be 120 characters or fewer').pipe(z.email('Email is not an email address')),
  address: z.strictObject({
    street: line('Street', 120),
    city: line('City', 80),
    postalCode: line('Postal code', 20),
    country: line('Country', 56),
  }),
  social: z.strictObject({ microblog: link('X'), video: link('YouTube'), network: link('Facebook') }),
});

const tipsSchema = z.strictObject({
  presets: z
    .array(whole('A tip percentage', 1, 100), { error: 'Tip presets must be a list' })
    .min(1, 'Offer at least one tip percentage')
    .max(MAX_TIP_PRESETS, `At most ${MAX_TIP_PRESETS} tip percentages`)
    .refine((presets) => new Set(presets).size === presets.length, 'Each tip percentage once')
    .transform((presets) => [...presets].sort((a, b) => a - b)),
  custom: z.boolean({ error: 'Custom tip must be true or false' }),
});

export const MAX_TAX_RATES = 10;

const taxRateSchema = z.strictObject({
  id: z.string({ error: 'A tax rate id must be text' }).regex(TAX_RATE_ID, 'A tax rate id is lowercase letters, digits and -'),
  name: line('Tax name', 40),
  percent: z
    .number({ error: (issue) => (isBlank(issue.input) ? 'Rate is required' : 'Rate must be a number') })
    .min(0, 'Rate must be at least 0 %')
    .max(100, 'Rate must be at most 100 %')
    .refine((percent) => Math.abs(percent * 1000 - Math.round(percent * 1000)) < 1e-6, 'Rate: at most 3 decimals, such as 13.5 or 8.875'),
});

const taxSchema = z.strictObject({
  mode: z.enum(['inclusive', 'added'], { error: 'Tax mode must be inclusive (prices include tax) or added (tax is added at checkout)' }),
  rates: z
    .array(taxRateSchema, { error: 'Tax rates must be a list' })
    .max(MAX_TAX_RATES, `At most ${MAX_TAX_RATES} tax rates`)
    .superRefine((rates, ctx) => {
      rates.forEach((rate, i) => {
        if (rates.findIndex((r) => r.id === rate.id) < i) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Each tax rate id once' });
        else if (rates.findIndex((r) => r.name === rate.name && r.percent === rate.percent) < i) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'This rate is listed twice' });
      });
    }),
});

/** Everything an admin edits on the Settings page, as of `now`. */
export function settingsSchema(now = new Date()) {
  return z.strictObject({
    restaurant: restaurantSchema,
    schedule: scheduleSchema(now),
    ordering: z.strictObject({
      enabled: z.boolean({ error: 'Online ordering must be on or off' }),
      pauseWithoutKitchenMinutes: whole('Minutes without a kitchen display', 0, 240),
      guests: z.boolean({ error: 'Guest orders must be on or off' }),
    }),
    pickup: z.strictObject({
      prepMinutes: whole('Preparation time', 0, 240),
      slotMinutes: whole('Slot length', 1, 60).refine((n) => (SLOT_LENGTHS as readonly number[]).includes(n), `Slot length must be one of ${SLOT_LENGTHS.join(', ')} minutes`),
      capacity: whole('Capacity per slot', 1, MAX_CAPACITY),
    }),
    tips: tipsSchema,
    tax: taxSchema,
    tables: z.strictObject({ count: whole('Number of tables', 1, MAX_TABLES) }),
    reservations: z.strictObject({
      seatsPerSlot: whole('Seats per slot', 1, 1000),
      upcomingBookings: whole('Bookings one guest may hold', 1, 1000),
      upcomingSeats: whole('Seats one guest may hold', 1, 10_000),
      pendingHours: whole('Hours to confirm a booking', 1, 720),
    }),
    notices: z.strictObject({
      textsPerMonth: whole('Texts per month', 0, 1_000_000),
      lateAfterMinutes: whole('Minutes past the promised time', 0, 240),
      lateExtraMinutes: whole('Minutes added to the new time', 5, 120),
    }),
  });
}

/** PUT /api/settings: the settings, and the version the admin's page was showing. */
export function settingsBodySchema(now = new Date()) {
  return z.strictObject({ version: whole('version', 0, Number.MAX_SAFE_INTEGER), settings: settingsSchema(now) });
}
export type SettingsBody = z.infer<ReturnType<typeof settingsBodySchema>>;
/** The Settings form's values: what the schema reads. */
export type SettingsInput = z.input<ReturnType<typeof settingsSchema>>;

/** POST /api/settings/ordering: what the kitchen does when it is overwhelmed, and undoes. */
export const orderingActionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('pause'),
      minutes: z.union([...PAUSE_MINUTES.map((n) => z.literal(n)), z.null()], { error: `minutes must be ${PAUSE_MINUTES.join(', ')} or null (until resumed)` }),
    }),
    z.strictObject({ action: z.literal('resume') }),
    z.strictObject({ action: z.literal('busy'), extraMinutes: whole('extraMinutes', 5, 120), forMinutes: whole('forMinutes', 15, 480) }),
    z.strictObject({ action: z.literal('calm') }),
  ],
  { error: 'action must be pause, resume, busy or calm' },
);
export type OrderingAction = z.infer<typeof orderingActionSchema>;
