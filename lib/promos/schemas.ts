import { z } from 'zod';
import { objectIdSchema } from '@/lib/db/object-id';
import { pageParams } from '@/lib/pagination/schemas';
import { MAX_PRICE } from '@/lib/menu/schemas';
import { MENU_CATEGORIES } from '@/lib/menu/types';
import { isCalendarDate } from '@/lib/reservations/calendar';
import { PROMO_KINDS } from './types';

/**
 * Promo codes' validation, written once: the admin form and the payment page's code box (each
 * with zodResolver) and the route handlers parse with these schemas. Client-safe.
 */

export const MAX_CODE_LENGTH = 32;
/** Dishes one code may name. */
export const MAX_PROMO_DISHES = 100;

/**
 * A code as a diner types it: spaces around it and its case do not matter (the server matches it
 * trimmed and in lower case); anything but letters, digits, - and _ is no code of ours.
 */
export const promoCodeSchema = z
  .string({ error: 'The code must be text.' })
  .trim()
  .min(1, 'Enter a promo code.')
  .max(MAX_CODE_LENGTH, `A promo code is at most ${MAX_CODE_LENGTH} characters.`)
  .regex(/^[A-Za-z0-9_-]+$/, 'A promo code is made of letters, digits, - and _.');

/** POST /api/promos/check: the code the diner typed, priced against their cart. */
export const promoCheckSchema = z.object({ code: promoCodeSchema });

/** An input read with `valueAsNumber` arrives as NaN when empty, and JSON has no NaN: both are "not given". */
const blankToUndefined = (value: unknown) => (value === null || value === '' || (typeof value === 'number' && Number.isNaN(value)) ? undefined : value);

const isWholeCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

const dollarsSchema = (what: string, least: 'zero' | 'positive') =>
  z
    .number({ error: `${what} must be a number` })
    .min(least === 'zero' ? 0 : 0.01, least === 'zero' ? `${what} must not be negative` : `${what} must be above 0`)
    .max(MAX_PRICE, `${what} must be at most ${MAX_PRICE}`)
    .refine(isWholeCents, `${what} can have at most 2 decimals`);

const usesSchema = (what: string) =>
  z.preprocess(blankToUndefined, z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).min(1, `${what} must be at least 1`).max(1_000_000, `${what} must be at most 1000000`).optional());

const daySchema = (what: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${what} must be a date` }).refine(isCalendarDate, `${what} must be a date`).optional());

/** The admin's promo form, and the body of POST /api/promos and PATCH /api/promos/{id}. */
export const promoInputSchema = z
  .object({
    code: promoCodeSchema,
    kind: z.enum(PROMO_KINDS, { error: 'Choose percent or a fixed amount' }),
    percent: z.preprocess(blankToUndefined, z.number({ error: 'Percent must be a number' }).int('Percent must be a whole number').min(1, 'Percent must be at least 1').max(100, 'Percent must be at most 100').optional()),
    amount: z.preprocess(blankToUndefined, dollarsSchema('Amount', 'positive').optional()),
    minSubtotal: z.preprocess((value) => blankToUndefined(value) ?? 0, dollarsSchema('Minimum subtotal', 'zero')),
    validFrom: daySchema('Valid from'),
    validUntil: daySchema('Valid until'),
    maxUses: usesSchema('Total uses'),
    maxUsesPerDiner: usesSchema('Uses per diner'),
    verifiedOnly: z.boolean({ error: 'Verified diners only must be true or false' }).optional(),
    categories: z
      .array(z.enum(MENU_CATEGORIES, { error: `Categories must be among ${MENU_CATEGORIES.join(', ')}` }), { error: 'Categories must be a list' })
      .max(MENU_CATEGORIES.length, 'Categories: each at most once')
      .default([])
      .transform((given) => MENU_CATEGORIES.filter((category) => given.includes(category))),
    menuIds: z
      .array(objectIdSchema, { error: 'Dishes must be a list of ids' })
      .max(MAX_PROMO_DISHES, `At most ${MAX_PROMO_DISHES} dishes`)
      .default([])
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    active: z.boolean({ error: 'Active must be true or false' }),
  })
  .superRefine((promo, ctx) => {
    if (promo.kind === 'percent' && promo.percent === undefined) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Percent is required' });
    if (promo.kind === 'fixed' && promo.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is required' });
    if (promo.validFrom && promo.validUntil && promo.validUntil < promo.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid until must not be before valid from' });
    }
    if (promo.maxUses !== undefined && promo.maxUsesPerDiner !== undefined && promo.maxUsesPerDiner > promo.maxUses) {
      ctx.addIssue({ code: 'custom', path: ['maxUsesPerDiner'], message: 'Uses per diner must not be above total uses' });
    }
  });
export type PromoInput = z.infer<typeof promoInputSchema>;
export type PromoFormValues = z.input<typeof promoInputSchema>;

/** PATCH /api/promos/{id}: the code as it should be, and when it was last changed as the editor saw it. */
export const promoUpdateSchema = promoInputSchema.and(z.object({ updatedAt: z.iso.datetime({ error: 'updatedAt must be the time the code was last changed' }) }));

/** GET /api/promos: the codes, newest first, a page at a time (lib/pagination). */
export const PROMOS_URL = '/api/promos';
export const promoQuerySchema = z.strictObject({ ...pageParams });
