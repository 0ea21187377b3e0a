import { z } from 'zod';
import { MAX_NOTE, MAX_QUANTITY } from '@/lib/menu/pricing';
import { MAX_CHOICES, MAX_OPTION_GROUPS, optionNameSchema } from '@/lib/menu/schemas';
import { objectIdSchema } from '@/lib/db/object-id';

export const quantitySchema = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`);

/** What the diner chose, by names; whether the dish has those groups and choices is the server's check (lib/menu/pricing.ts). */
export const selectedOptionsSchema = z
  .array(
    z.object({
      group: optionNameSchema('group'),
      choices: z.array(optionNameSchema('choice'), { error: 'choices must be a list of names' }).max(MAX_CHOICES, `At most ${MAX_CHOICES} choices per group`),
    }),
    { error: 'options must be a list of { group, choices }' },
  )
  .max(MAX_OPTION_GROUPS, `At most ${MAX_OPTION_GROUPS} option groups`);

/** One line of text for the kitchen ("no onions, please"): no line breaks or other control characters. */
export const noteSchema = z
  .string({ error: 'note must be text' })
  .refine((note) => !/\p{Cc}/u.test(note), 'note must be one line of text, without control characters')
  .trim()
  .max(MAX_NOTE, `note must be ${MAX_NOTE} characters or fewer`);

/**
 * POST /api/carts. Only the dish, the choices, the quantity and the note are read: an API client
 * may also send a name, picture, price or email, and those are dropped here because the server
 * takes them from the menu and the session (a price the client chose must never reach the cart).
 */
export const addToCartSchema = z.object({
  menuId: objectIdSchema,
  quantity: quantitySchema.optional(),
  options: selectedOptionsSchema.optional(),
  note: noteSchema.optional(),
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

/** GET /api/carts?email=: exactly one email, nothing else. */
export const cartQuerySchema = z.strictObject({
  email: z.string({ error: 'email is required' }).trim().email('email must be an email address'),
});
