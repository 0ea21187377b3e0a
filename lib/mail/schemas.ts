import { z } from 'zod';
import { objectIdSchema } from '@/lib/db/object-id';
import { OUTBOX_VIEWS } from './types';

/** GET /api/mail/preferences takes no parameters. */
export const preferencesQuerySchema = z.strictObject({});

/** PUT /api/mail/preferences: `{ ready }`, whether "your order is ready" emails go out. */
export const mailPreferencesSchema = z.strictObject({ ready: z.boolean({ error: 'ready must be true or false' }) });

/** GET /api/mail/outbox: `?state=failed|waiting` (failed by default) and `before`, the cursor of the page to read. */
export const outboxQuerySchema = z.strictObject({
  state: z.enum(OUTBOX_VIEWS, { error: `state must be one of ${OUTBOX_VIEWS.join(', ')}` }).optional(),
  before: objectIdSchema.optional(),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
