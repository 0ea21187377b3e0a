import { z } from 'zod';
import { isCalendarDate } from '@/lib/reservations/calendar';

/**
 * The query parameters every list shares (client-safe): `limit` and `cursor` page through it, and
 * the filters it offers are built from the pieces below, so each list refuses bad input alike.
 */

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
/** The rows a screen's HTML carries: a screenful, so a page stays small however long its rows; the rest are read as it scrolls. */
export const FIRST_SCREEN = 20;

const LIMIT_ERROR = `limit must be a whole number from 1 to ${MAX_LIMIT}`;

export const limitSchema = z
  .string()
  .regex(/^\d{1,4}$/, LIMIT_ERROR)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_LIMIT, LIMIT_ERROR);

/** Opaque to the client; ./page.ts checks its signature and which list it belongs to. */
export const cursorSchema = z.string().max(400, 'cursor is not one this list gave').regex(/^[\w-]+\.[\w-]+$/, 'cursor is not one this list gave');

export const pageParams = { limit: limitSchema.optional(), cursor: cursorSchema.optional() };

export const SEARCH_MAX = 100;
const SEARCH_ERROR = "search may hold letters, digits, spaces and @ . _ + - ' # only";

/**
 * A search typed by a person: matched as the start of a field, never as a pattern, so it holds
 * what names, emails and order numbers are made of and nothing a regular expression needs.
 */
export const searchSchema = z
  .string()
  .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
  .regex(/^[\p{L}\p{M}\p{N} @._+'#-]*$/u, SEARCH_ERROR)
  .transform((s) => s.trim())
  .optional();

const daySchema = z.string().refine(isCalendarDate, 'must be a date, YYYY-MM-DD');

/** `from` and `to`, both days included, on the restaurant's calendar. */
export const dayRangeParams = { from: daySchema.optional(), to: daySchema.optional() };

export const dayRangeRefinement: [(range: { from?: string; to?: string }) => boolean, { message: string; path: string[] }] = [
  ({ from, to }) => !from || !to || from <= to,
  { message: 'from must not be after to', path: ['from'] },
];

export interface PageQuery {
  limit?: number;
  cursor?: string;
}
