import { z } from 'zod';

/**
 * A MongoDB ObjectId as 24 hex characters: how every id in a path or a body is checked. Client-safe
 * (forms use it too), so it holds nothing but the schema; `toObjectId` in lib/db turns one into
 * the driver's value on the server.
 */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'Malformed id');
