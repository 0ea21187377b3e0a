import { z } from 'zod';
import { objectIdSchema } from '@/lib/db/object-id';
import { formatCents } from '@/lib/menu/money';
import { isCalendarDate } from '@/lib/reservations/calendar';
import { MAX_UNIT_CENTS, dearestUnitCents } from '@/lib/menu/pricing';
import { TAX_RATE_ID } from '@/lib/tax/tax';
import { ALLERGENS, DIETS, MAX_KITCHEN_LOAD, MAX_STOCK, MENU_CATEGORIES, type OptionGroup } from '@/lib/menu/types';
import { DAY_MINUTES, windowSpan } from '@/lib/settings/schedule';
import { WEEKDAYS } from '@/lib/settings/types';
import { MAX_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE, SNIFF_BYTES, imageTooLargeMessage, sniffImageType } from '@/lib/images/image-type';

/**
 * The menu's validation rules, written once: the admin form (react-hook-form + zodResolver) and
 * the route handlers parse with these same schemas, so a message the browser shows is the one
 * the server would answer. Imported by client code too, so nothing here may touch the server.
 */

/** Query of GET /api/menu: an optional category, nothing else. */
export const menuQuerySchema = z.strictObject({
  category: z.enum(MENU_CATEGORIES, { error: `category must be one of ${MENU_CATEGORIES.join(', ')}` }).optional(),
});

export const MAX_PRICE = 9999.99;

/** True when the price has at most two decimals (cents); tolerant of binary floating point. */
function isWholeCents(price: number): boolean {
  const cents = price * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be 80 characters or fewer');

const categorySchema = z.enum(MENU_CATEGORIES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? 'Category is required' : `Category must be one of ${MENU_CATEGORIES.join(', ')}`),
});

/** The form reads the field with `valueAsNumber`, so an empty field arrives as NaN. */
const priceSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || (typeof issue.input === 'number' && Number.isNaN(issue.input))
        ? 'Price is required'
        : 'Price must be a number',
  })
  .positive('Price must be above 0')
  .max(MAX_PRICE, `Price must be at most ${MAX_PRICE}`)
  .refine(isWholeCents, 'Price can have at most 2 decimals');

const recipeSchema = z.string({ error: 'Recipe must be text' }).trim().max(1000, 'Recipe must be 1000 characters or fewer');

/**
 * Where a menu picture lives: a path on this site (the seed artwork, our own image route) or an
 * https URL (the image host). Protocol-relative and other schemes are refused.
 */
export const imageUrlSchema = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(2048, 'Image URL is too long')
  .refine((url) => /^\/(?![/\\])\S*$/.test(url) || /^https:\/\/[^\s/]+\/\S*$/i.test(url), 'Image must be a path on this site or an https URL');

/** Option groups per dish, and choices per group: a menu's, not a form builder's. */
export const MAX_OPTION_GROUPS = 8;
export const MAX_CHOICES = 12;
/** The most one choice may add to a dish. */
export const MAX_CHOICE_PRICE = 999.99;
export const MAX_OPTION_NAME = 40;

/** The name of an option group or choice: what the cart and orders refer to it by. */
export function optionNameSchema(what: string) {
  return z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} is required`)
    .max(MAX_OPTION_NAME, `${what} must be ${MAX_OPTION_NAME} characters or fewer`)
    .refine((name) => !/\p{Cc}/u.test(name), `${what} must not contain control characters`);
}

/** An input of `valueAsNumber` arrives as NaN when empty. */
const isBlank = (input: unknown) => input === undefined || (typeof input === 'number' && Number.isNaN(input));

/** What one of the dish counts against a pickup slot's capacity: a whole number, 0 for what takes the kitchen no work. */
const kitchenLoadSchema = z
  .number({ error: (issue) => (isBlank(issue.input) ? 'Kitchen load is required (1 for a usual dish)' : 'Kitchen load must be a number') })
  .int('Kitchen load must be a whole number')
  .min(0, 'Kitchen load must not be below 0')
  .max(MAX_KITCHEN_LOAD, `Kitchen load must be at most ${MAX_KITCHEN_LOAD}`);

const choicePriceSchema = z
  .number({ error: (issue) => (isBlank(issue.input) ? 'Extra price is required (0 for none)' : 'Extra price must be a number') })
  .min(0, 'Extra price must not be negative')
  .max(MAX_CHOICE_PRICE, `Extra price must be at most ${MAX_CHOICE_PRICE}`)
  .refine(isWholeCents, 'Extra price can have at most 2 decimals');

const countSchema = (what: string, least: number) =>
  z
    .number({ error: (issue) => (isBlank(issue.input) ? `${what} is required` : `${what} must be a number`) })
    .int(`${what} must be a whole number`)
    .min(least, `${what} must be at least ${least}`)
    .max(MAX_CHOICES, `${what} must be at most ${MAX_CHOICES}`);

/** The first name that appears twice (ignoring case), if any. */
function repeatedName(names: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return undefined;
}

/** A schedule's windows: at most this many. */
export const MAX_SCHEDULE_WINDOWS = 6;

const clockTime = (name: string) =>
  z.string({ error: `${name} must be a time` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${name}: no such time; use a 24-hour time, HH:MM`);

const scheduleWindowSchema = z
  .strictObject({ opens: clockTime('Opens'), closes: clockTime('Closes'), overnight: z.boolean({ error: 'Past midnight must be true or false' }) })
  .superRefine((window, ctx) => {
    const { start, end } = windowSpan(window);
    if (window.opens === window.closes) ctx.addIssue({ code: 'custom', path: ['closes'], message: `A window from ${window.opens} to ${window.closes} is empty` });
    else if (!window.overnight && end <= start) ctx.addIssue({ code: 'custom', path: ['closes'], message: 'Closes before it opens. Tick "past midnight" if it ends the next day.' });
    else if (window.overnight && (window.closes === '00:00' || end - DAY_MINUTES >= start)) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'A window past midnight ends the next day, before it would open again (a time after 00:00).' });
    }
  });

/**
 * When a section, a dish or an option is served: the weekdays (each once) and at least one window,
 * none overlapping another, nor a window past midnight the next day's first ones.
 */
export const menuScheduleSchema = z
  .strictObject({
    days: z
      .array(z.enum(WEEKDAYS, { error: `Days must be among ${WEEKDAYS.join(', ')}` }), { error: 'Days must be a list' })
      .min(1, 'Choose at least one day')
      .max(WEEKDAYS.length, `Days: at most ${WEEKDAYS.length}`)
      .refine((days) => new Set(days).size === days.length, 'Each day once')
      .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
    windows: z
      .array(scheduleWindowSchema, { error: 'Windows must be a list' })
      .min(1, 'Add at least one window')
      .max(MAX_SCHEDULE_WINDOWS, `At most ${MAX_SCHEDULE_WINDOWS} windows`),
  })
  .superRefine(({ days, windows }, ctx) => {
    const spans = windows.map(windowSpan);
    const text = (i: number) => `${windows[i]!.opens}–${windows[i]!.closes}`;
    spans.forEach((a, i) => {
      const other = spans.findIndex((b, j) => j < i && b.start < a.end && a.start < b.end);
      if (other >= 0) ctx.addIssue({ code: 'custom', path: ['windows', i, 'opens'], message: `Overlaps ${text(other)}` });
    });
    // A window past midnight runs into the next day's windows when that day is served too.
    const nextDayServed = days.some((day) => days.includes(WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % 7]!));
    if (!nextDayServed) return;
    spans.forEach((a, i) => {
      const tail = a.end - DAY_MINUTES;
      const hit = tail > 0 ? spans.findIndex((b) => b.start < tail) : -1;
      if (hit >= 0) ctx.addIssue({ code: 'custom', path: ['windows', hit, 'opens'], message: `Overlaps ${text(i)}, which runs to ${windows[i]!.closes} the next day` });
    });
  });

/** A count of portions: a whole number from 0 to MAX_STOCK, a day or until changed. */
export const stockCountSchema = z
  .number({ error: (issue) => (isBlank(issue.input) ? 'Count is required' : 'Count must be a number') })
  .int('Count must be a whole number of portions')
  .min(0, 'Count must not be negative')
  .max(MAX_STOCK, `Count must be at most ${MAX_STOCK.toLocaleString('en-US')}`);

export const stockRuleSchema = z.strictObject({
  per: z.enum(['day', 'total'], { error: 'per must be day (a fresh count each day) or total (until changed)' }),
  count: stockCountSchema,
});

const optionGroupSchema = z
  .object({
    name: optionNameSchema('Group name'),
    min: countSchema('Least choices', 0),
    max: countSchema('Most choices', 1),
    choices: z
      .array(
        z.object({
          name: optionNameSchema('Choice name'),
          price: choicePriceSchema,
          // A form leaves an unused one as null; the choice is stored without it.
          schedule: menuScheduleSchema.nullish().transform((schedule) => schedule ?? undefined),
          stock: stockRuleSchema.nullish().transform((stock) => stock ?? undefined),
        }),
        { error: 'Choices must be a list' },
      )
      .min(1, 'Add at least one choice')
      .max(MAX_CHOICES, `At most ${MAX_CHOICES} choices per group`),
  })
  .superRefine((group, ctx) => {
    const twice = repeatedName(group.choices.map((c) => c.name));
    if (twice) ctx.addIssue({ code: 'custom', path: ['choices'], message: `"${twice}" is a choice twice` });
    if (group.min > group.max) ctx.addIssue({ code: 'custom', path: ['min'], message: 'Least choices must not be above most choices' });
    if (group.max > group.choices.length) ctx.addIssue({ code: 'custom', path: ['max'], message: 'Most choices must not be above the number of choices' });
  });

export const optionGroupsSchema = z
  .array(optionGroupSchema, { error: 'Options must be a list of groups' })
  .max(MAX_OPTION_GROUPS, `At most ${MAX_OPTION_GROUPS} option groups`)
  .superRefine((groups, ctx) => {
    const twice = repeatedName(groups.map((g) => g.name));
    if (twice) ctx.addIssue({ code: 'custom', message: `"${twice}" is a group twice` });
  });

/** A list of known keys, each once, in the list's own order (the order menus print them in). */
function keysSchema<const K extends readonly [string, ...string[]]>(keys: K, what: string) {
  return z
    .array(z.enum(keys, { error: `${what} must be among ${keys.join(', ')}` }), { error: `${what} must be a list` })
    .max(keys.length, `${what}: at most ${keys.length}`)
    .transform((given) => keys.filter((key): key is K[number] => given.includes(key)));
}

export const allergensSchema = keysSchema(ALLERGENS, 'Allergens');
export const dietarySchema = keysSchema(DIETS, 'Dietary tags');

/**
 * The dearest way to order one of the dish (its price and, in every group, its `max` dearest
 * choices) must fit MAX_UNIT_CENTS, so no cart line can ever exceed one card payment.
 */
export function unitCeilingError(item: { price: number; options?: OptionGroup[] }): string | null {
  const dearest = dearestUnitCents({ price: item.price, options: item.options ?? [] });
  if (dearest <= MAX_UNIT_CENTS) return null;
  return `With its dearest choices one would cost ${formatCents(dearest)}; the most is ${formatCents(MAX_UNIT_CENTS)}`;
}

function withinUnitCeiling(item: { price?: number; options?: OptionGroup[] }, ctx: z.RefinementCtx) {
  if (typeof item.price !== 'number') return;
  const error = unitCeilingError({ price: item.price, options: item.options });
  if (error) ctx.addIssue({ code: 'custom', path: ['options'], message: error });
}

/** A tax rate's id, or '' for the first rate (whichever that is when the dish is sold). */
const taxRateSchema = z.union([z.literal(''), z.string().regex(TAX_RATE_ID)], { error: 'taxRate must be the id of a tax rate, or empty for the first rate' });

const menuItemFields = {
  name: nameSchema,
  category: categorySchema,
  price: priceSchema,
  recipe: recipeSchema.optional(),
  available: z.boolean({ error: 'Available must be true or false' }).optional(),
  allergens: allergensSchema.optional(),
  dietary: dietarySchema.optional(),
  options: optionGroupsSchema.optional(),
  kitchenLoad: kitchenLoadSchema.optional(),
  taxRate: taxRateSchema.optional(),
  /** Null takes it off (served whenever the restaurant is open; not counted). */
  schedule: menuScheduleSchema.nullable().optional(),
  stock: stockRuleSchema.nullable().optional(),
};

const newMenuItemObject = z.object({ ...menuItemFields, image: imageUrlSchema });

/** POST /api/menu. Unknown fields are dropped; what is left out is available, with no allergens, tags or options, and a kitchen load of 1. */
export const newMenuItemSchema = newMenuItemObject.superRefine(withinUnitCeiling);
export type NewMenuItem = z.infer<typeof newMenuItemSchema>;

/**
 * PATCH /api/menu/{id}: any of the same fields; without an image the old one stays. Sold out is
 * `{ available: false }`. The price ceiling is checked against the stored dish (lib/menu/admin.ts).
 */
export const menuItemChangesSchema = newMenuItemObject
  .partial()
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), 'Send at least one field to change');
export type MenuItemChanges = z.infer<typeof menuItemChangesSchema>;

/**
 * The picture chosen in the form, checked the way the upload route checks it: at most 2 MB, and
 * JPEG, PNG or WebP by its first bytes.
 */
export const imageFileSchema = z
  .file({ error: 'Choose an image file' })
  .superRefine(async (file, ctx) => {
    if (file.size > MAX_IMAGE_BYTES) {
      ctx.addIssue({ code: 'custom', message: imageTooLargeMessage(file.size) });
      return;
    }
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    if (!sniffImageType(head)) ctx.addIssue({ code: 'custom', message: NOT_AN_IMAGE_MESSAGE });
  });

const menuItemForm = z
  .object({
    ...menuItemFields,
    recipe: recipeSchema,
    available: z.boolean(),
    allergens: allergensSchema,
    dietary: dietarySchema,
    options: optionGroupsSchema,
    kitchenLoad: kitchenLoadSchema,
    image: imageFileSchema.optional(),
  })
  .superRefine(withinUnitCeiling);

/**
 * The admin form: adding needs a picture; updating keeps the old one unless a new one is chosen.
 * Both modes share one value type, so one form component serves both.
 * The requirement sits on the object because zod skips a field's checks when it is absent.
 */
export const menuItemFormSchemas = {
  add: menuItemForm.refine((values) => values.image !== undefined, {
    path: ['image'],
    message: 'Image is required',
    // Also when other fields are wrong, so every message shows on the first submit.
    when: ({ value }) => typeof value === 'object' && value !== null,
  }),
  update: menuItemForm,
};
export type MenuItemFormMode = keyof typeof menuItemFormSchemas;
export type MenuItemFormInput = z.input<(typeof menuItemFormSchemas)['update']>;
export type MenuItemFormValues = z.output<(typeof menuItemFormSchemas)['update']>;

/**
 * PUT /api/menu/schedules: the schedule of a section (`category`), of a dish (`menuId`) or of one
 * of its options (`menuId` and `option`), or null for none (served whenever the restaurant is open).
 */
export const scheduleChangeSchema = z
  .strictObject({
    category: z.enum(MENU_CATEGORIES, { error: `category must be one of ${MENU_CATEGORIES.join(', ')}` }).optional(),
    menuId: objectIdSchema.optional(),
    option: z.strictObject({ group: optionNameSchema('group'), choice: optionNameSchema('choice') }).optional(),
    schedule: menuScheduleSchema.nullable(),
  })
  .refine((change) => (change.category === undefined) !== (change.menuId === undefined), 'Name a section (category) or a dish (menuId), not both')
  .refine((change) => !change.option || change.menuId !== undefined, { path: ['option'], message: 'An option belongs to a dish: give its menuId' });
export type ScheduleChange = z.infer<typeof scheduleChangeSchema>;

/** GET /api/menu/availability: the day the counts are for ('YYYY-MM-DD'), today when left out. */
export const availabilityQuerySchema = z.strictObject({
  date: z.string({ error: 'date must be a date' }).refine(isCalendarDate, 'date: use a date, YYYY-MM-DD').optional(),
});

/** Hours an 86 "for N hours" may last. */
export const MAX_OFF_HOURS = 24;

const kitchenTarget = {
  menuId: objectIdSchema,
  /** An option of the dish, by its group's and choice's names; absent is the dish itself. */
  option: z.strictObject({ group: optionNameSchema('group'), choice: optionNameSchema('choice') }).optional(),
};

/**
 * POST /api/menu/kitchen (staff): 86 a dish or an option until close (back at the next opening),
 * for some hours, or until turned back on; turn it back on; or say how many portions are left.
 */
export const kitchenMenuActionSchema = z.discriminatedUnion(
  'action',
  [
    z
      .strictObject({
        action: z.literal('off'),
        ...kitchenTarget,
        for: z.enum(['close', 'hours', 'manual'], { error: 'for must be close (back at the next opening), hours or manual (until turned back on)' }),
        hours: z.number({ error: 'hours must be a number' }).int('hours must be a whole number').min(1, 'hours must be at least 1').max(MAX_OFF_HOURS, `hours must be at most ${MAX_OFF_HOURS}`).optional(),
      })
      .refine((action) => (action.for === 'hours') === (action.hours !== undefined), { path: ['hours'], message: 'hours: give them with for: hours, and only then' }),
    z.strictObject({ action: z.literal('on'), ...kitchenTarget }),
    z.strictObject({ action: z.literal('count'), ...kitchenTarget, left: stockCountSchema }),
  ],
  { error: 'action must be off (with for: close, hours or manual), on or count' },
);
export type KitchenMenuAction = z.infer<typeof kitchenMenuActionSchema>;
