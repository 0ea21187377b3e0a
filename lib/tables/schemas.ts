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
