import { z } from 'zod';
import { MAX_TABLES } from '@/lib/tables/table-mode';

/** PUT /api/tables: how many tables the restaurant has, shared by the admin form and the handler. */
export const tableCountSchema = z.object({
  count: z
    .number({ error: 'Enter the number of tables' })
    .int('The number of tables is a whole number')
    .min(1, 'A restaurant has at least 1 table')
    .max(MAX_TABLES, `At most ${MAX_TABLES} tables`),
});
export type TableCountInput = z.infer<typeof tableCountSchema>;

/** POST /api/tables/key: how many days the new QR codes work (the owner's choice; 30 when left out). */
export const tableKeySchema = z.object({
  days: z
    .number({ error: 'days must be a number of days' })
    .int('days must be a whole number of days')
    .min(1, 'New codes work for at least 1 day')
    .max(365, 'New codes work for at most 365 days')
    .optional(),
});
export type TableKeyInput = z.infer<typeof tableKeySchema>;
