import { z } from 'zod';
import type { PickupRules } from '@/lib/fulfilment/config';
import { pickupDateRefusal, pickupRefusal } from '@/lib/fulfilment/slots';
import type { FulfilmentChoice } from '@/lib/fulfilment/types';
import { TIP_PERCENTS, isWholeCents, type TipChoice } from '@/lib/payments/tips';
import type { RestaurantClock } from '@/lib/reservations/calendar';
import { MAX_TABLES } from '@/lib/tables/table-mode';

/**
 * What the payment page sends besides the card: how the diner gets the food and the tip. Whether
 * a slot is still ahead depends on the clock, so the schemas are made for one, as bookings' are.
 * Amounts in cents are never read from the client: the server prices the cart and the tip.
 */

export const tableSchema = z
  .number({ error: 'table must be a number' })
  .int('table must be a whole number')
  .min(1, 'Tables are numbered from 1')
  .max(MAX_TABLES, `There are at most ${MAX_TABLES} tables`);

const text = (name: string) => z.string({ error: `${name} must be text` }).max(10, `${name} is malformed`);

export function fulfilmentChoiceSchema(clock: RestaurantClock, rules: PickupRules): z.ZodType<FulfilmentChoice> {
  return z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('asap') }),
      z.strictObject({ kind: z.literal('pickup'), date: text('date'), time: text('time') }).superRefine(({ date, time }, ctx) => {
        const refused = pickupRefusal(date, time, clock, rules);
        if (refused) ctx.addIssue({ code: 'custom', path: [refused.field], message: refused.message });
      }),
      z.strictObject({ kind: z.literal('table'), table: tableSchema }),
    ],
    { error: 'fulfilment must be { kind: "asap" }, { kind: "pickup", date, time } or { kind: "table", table }' },
  );
}

/** A tip percentage, or a custom amount in dollars (whole cents); never both. */
export const tipSchema: z.ZodType<TipChoice> = z
  .strictObject(
    {
      percent: z.literal(TIP_PERCENTS, { error: `tip.percent must be one of ${TIP_PERCENTS.join(', ')}` }).optional(),
      custom: z
        .number({ error: 'The tip must be a number' })
        .finite('The tip must be a number')
        .nonnegative('The tip cannot be negative')
        .refine(isWholeCents, 'The tip must be in whole cents')
        .optional(),
    },
    { error: 'tip must be { percent } or { custom }' },
  )
  .refine((tip) => (tip.percent === undefined) !== (tip.custom === undefined), 'Choose a tip percentage or a custom amount')
  .transform((tip): TipChoice => (tip.custom !== undefined ? { custom: tip.custom } : { percent: tip.percent! }));

/**
 * POST /api/create-payment-intent. `price` is the client's idea of the total, validated and then
 * ignored; so is any other field (an amount, a tip in cents). No `tip` is no tip.
 */
export function intentBodySchema(clock: RestaurantClock, rules: PickupRules) {
  return z.object({
    price: z.number({ error: 'price must be a number' }).nonnegative('price must not be negative').finite().optional(),
    fulfilment: fulfilmentChoiceSchema(clock, rules),
    tip: tipSchema.optional(),
  });
}
export type IntentInput = z.infer<ReturnType<typeof intentBodySchema>>;

/** GET /api/pickup-slots?date=YYYY-MM-DD: a day from today to a week ahead (a closed day has no slots). */
export function pickupSlotsQuerySchema(clock: RestaurantClock) {
  return z.strictObject({
    date: text('date').superRefine((date, ctx) => {
      const refused = pickupDateRefusal(date, clock);
      if (refused) ctx.addIssue({ code: 'custom', message: refused });
    }),
  });
}
