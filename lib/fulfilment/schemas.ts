import { z } from 'zod';
import { pickupDateRefusal } from '@/lib/fulfilment/slots';
import type { FulfilmentChoice } from '@/lib/fulfilment/types';
import type { RestaurantClock } from '@/lib/reservations/calendar';
import { MAX_TABLES, TABLE_TOKEN } from '@/lib/tables/table-mode';

/**
 * How the diner gets the food, as the payment page sends it. Only its form is checked here (a
 * date from today to a week ahead, a time, a table and its token): whether the restaurant is
 * open then, and has room, is the payment rules' to say (lib/fulfilment/pickup.ts), with a 409
 * that says when it opens. Whether a date has passed depends on the clock, so the schemas are
 * made for one, as bookings' are.
 */

export const tableSchema = z
  .number({ error: 'table must be a number' })
  .int('table must be a whole number')
  .min(1, 'Tables are numbered from 1')
  .max(MAX_TABLES, `There are at most ${MAX_TABLES} tables`);

const text = (name: string) => z.string({ error: `${name} must be text` }).max(10, `${name} is malformed`);

export function fulfilmentChoiceSchema(clock: RestaurantClock): z.ZodType<FulfilmentChoice> {
  return z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('asap') }),
      z
        .strictObject({
          kind: z.literal('pickup'),
          date: text('date'),
          time: text('time').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a pickup time (HH:MM).'),
        })
        .superRefine(({ date }, ctx) => {
          const refused = pickupDateRefusal(date, clock);
          if (refused) ctx.addIssue({ code: 'custom', path: ['date'], message: refused });
        }),
      z.strictObject({
        kind: z.literal('table'),
        table: tableSchema,
        token: z.string({ error: 'Scan the QR code on your table to order for it (token is missing).' }).regex(TABLE_TOKEN, 'token is malformed: scan the QR code on your table again.'),
      }),
    ],
    { error: 'fulfilment must be { kind: "asap" }, { kind: "pickup", date, time } or { kind: "table", table, token }' },
  );
}

/** GET /api/pickup-slots?date=YYYY-MM-DD[&load=N]: a day from today to a week ahead (a closed day has no slots), for an order of `load` units. */
export function pickupSlotsQuerySchema(clock: RestaurantClock) {
  return z.strictObject({
    date: text('date').superRefine((date, ctx) => {
      const refused = pickupDateRefusal(date, clock);
      if (refused) ctx.addIssue({ code: 'custom', message: refused });
    }),
    load: z
      .string()
      .regex(/^\d{1,4}$/, 'load must be a whole number of kitchen units')
      .transform(Number)
      .optional(),
  });
}
