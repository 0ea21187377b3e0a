import { z } from 'zod';
import { objectIdSchema } from '@/lib/validation/menu';

/**
 * POST /api/carts. Only the menu item's id is read: an API client may also send the
 * name, picture, price and email, and those are dropped here because the server takes them from
 * the menu and the session (a price the client chose must never reach the cart).
 */
export const addToCartSchema = z.object({
  menuId: objectIdSchema,
});

/** GET /api/carts?email=: exactly one email, nothing else. */
export const cartQuerySchema = z.strictObject({
  email: z.string({ error: 'email is required' }).trim().email('email must be an email address'),
});
