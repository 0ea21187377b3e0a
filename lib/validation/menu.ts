import { z } from 'zod';
import { MENU_CATEGORIES } from '@/lib/menu/types';
import { MAX_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE, SNIFF_BYTES, imageTooLargeMessage, sniffImageType } from '@/lib/images/image-type';

/**
 * The menu's validation rules, written once: the admin form (react-hook-form + zodResolver) and
 * the route handlers parse with these same schemas, so a message the browser shows is the one
 * the server would answer. Imported by client code too, so nothing here may touch the server.
 */

/** Query of GET /api/menu: an optional category, nothing else. */
export const menuQuerySchema = z.strictObject({
  category: z.enum(MENU_CATEGORIES, { error: `category must be one of ${MENU_CATEGORIES.join(', ')}` }).optional(),
});

/** A MongoDB ObjectId as 24 hex characters. */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'Malformed id');

export const MAX_PRICE = 9999.99;

/** True when the price has at most two decimals (cents); tolerant of binary floating point. */
function isWholeCents(price: number): boolean {
  const cents = price * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be 80 characters or fewer');

const categorySchema = z.enum(MENU_CATEGORIES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? 'Category is required' : `Category must be one of ${MENU_CATEGORIES.join(', ')}`),
});

/** The form reads the field with `valueAsNumber`, so an empty field arrives as NaN. */
const priceSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || (typeof issue.input === 'number' && Number.isNaN(issue.input))
        ? 'Price is required'
        : 'Price must be a number',
  })
  .positive('Price must be above 0')
  .max(MAX_PRICE, `Price must be at most ${MAX_PRICE}`)
  .refine(isWholeCents, 'Price can have at most 2 decimals');

const recipeSchema = z.string({ error: 'Recipe must be text' }).trim().max(1000, 'Recipe must be 1000 characters or fewer');

/**
 * Where a menu picture lives: a path on this site (the seed artwork, our own image route) or an
 * https URL (the image host). Protocol-relative and other schemes are refused.
 */
export const imageUrlSchema = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(2048, 'Image URL is too long')
  .refine((url) => /^\/(?![/\\])\S*$/.test(url) || /^https:\/\/[^\s/]+\/\S*$/i.test(url), 'Image must be a path on this site or an https URL');

const menuItemFields = {
  name: nameSchema,
  category: categorySchema,
  price: priceSchema,
  recipe: recipeSchema.optional(),
};

/** POST /api/menu. Unknown fields are dropped. */
export const newMenuItemSchema = z.object({ ...menuItemFields, image: imageUrlSchema });
export type NewMenuItem = z.infer<typeof newMenuItemSchema>;

/** PATCH /api/menu/{id}: any of the same fields; without an image the old one stays. */
export const menuItemChangesSchema = newMenuItemSchema
  .partial()
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), 'Send at least one field to change');
export type MenuItemChanges = z.infer<typeof menuItemChangesSchema>;

/**
 * The picture chosen in the form, checked the way the upload route checks it: at most 2 MB, and
 * JPEG, PNG or WebP by its first bytes.
 */
export const imageFileSchema = z
  .file({ error: 'Choose an image file' })
  .superRefine(async (file, ctx) => {
    if (file.size > MAX_IMAGE_BYTES) {
      ctx.addIssue({ code: 'custom', message: imageTooLargeMessage(file.size) });
      return;
    }
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    if (!sniffImageType(head)) ctx.addIssue({ code: 'custom', message: NOT_AN_IMAGE_MESSAGE });
  });

const menuItemForm = z.object({ ...menuItemFields, recipe: recipeSchema, image: imageFileSchema.optional() });

/**
 * The admin form: adding needs a picture; updating keeps the old one unless a new one is chosen.
 * Both modes share one value type, so one form component serves both.
 * The requirement sits on the object because zod skips a field's checks when it is absent.
 */
export const menuItemFormSchemas = {
  add: menuItemForm.refine((values) => values.image !== undefined, {
    path: ['image'],
    message: 'Image is required',
    // Also when other fields are wrong, so every message shows on the first submit.
    when: ({ value }) => typeof value === 'object' && value !== null,
  }),
  update: menuItemForm,
};
export type MenuItemFormMode = keyof typeof menuItemFormSchemas;
export type MenuItemFormInput = z.input<(typeof menuItemFormSchemas)['update']>;
export type MenuItemFormValues = z.output<(typeof menuItemFormSchemas)['update']>;
