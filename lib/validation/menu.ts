import { z } from 'zod';
import { MENU_CATEGORIES } from '@/lib/definitions';

/** Query of GET /api/menu: an optional category, nothing else. */
export const menuQuerySchema = z.strictObject({
  category: z.enum(MENU_CATEGORIES, { error: `category must be one of ${MENU_CATEGORIES.join(', ')}` }).optional(),
});

/** A MongoDB ObjectId as 24 hex characters. */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'Malformed id');
