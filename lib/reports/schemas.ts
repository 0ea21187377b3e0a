import { z } from 'zod';
import { isCalendarDate } from '@/lib/reservations/calendar';
import { rangeRefusal } from './periods';

/** GET /api/reports/sales (client-safe): `from` and `to`, both days included, and `format=csv` for the orders themselves. */
const daySchema = z.string({ error: 'from and to are required, as YYYY-MM-DD' }).refine(isCalendarDate, 'must be a date, YYYY-MM-DD');

export const salesReportQuerySchema = z
  .strictObject({ from: daySchema, to: daySchema, format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional() })
  .superRefine((range, ctx) => {
    const refused = rangeRefusal(range);
    if (refused) ctx.addIssue({ code: 'custom', message: refused, path: ['to'] });
  });

export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;
