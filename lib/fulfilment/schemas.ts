import { z } from 'zod';
import type { PickupRules } from '@/lib/fulfilment/config';
import { pickupDateRefusal, pickupRefusal } from '@/lib/fulfilment/slots';
import type { FulfilmentChoice } from '@/lib/fulfilment/types';
import type { RestaurantClock } from '@/lib/reservations/calendar';
import { MAX_TABLES } from '@/lib/tables/table-mode';

/**
 * How the diner gets the food, as the payment page sends it. Whether a slot is still ahead depends
 * on the clock, so the schemas are made for one, as bookings' are.
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

/** GET /api/pickup-slots?date=YYYY-MM-DD: a day from today to a week ahead (a closed day has no slots). */
export function pickupSlotsQuerySchema(clock: RestaurantClock) {
  return z.strictObject({
    date: text('date').superRefine((date, ctx) => {
      const refused = pickupDateRefusal(date, clock);
      if (refused) ctx.addIssue({ code: 'custom', message: refused });
    }),
  });
}
