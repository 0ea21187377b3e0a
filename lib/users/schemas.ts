import { z } from 'zod';
import { ACCOUNT_ROLES } from '@/lib/auth/roles';
import { pageParams, searchSchema } from '@/lib/pagination/schemas';

/** POST /api/users: the identity comes from the session; only a display name may be offered. */
export const createUserBodySchema = z.object({
  name: z.string().trim().max(80, 'name must be under 80 characters').optional(),
});

/** PATCH /api/users/{id}: the role an admin gives somebody (a diner has none stored). */
export const roleChangeSchema = z.object({
  role: z.enum(ACCOUNT_ROLES, { error: `role must be one of ${ACCOUNT_ROLES.join(', ')}` }),
});

/** The list of users, first page. */
export const USERS_URL = '/api/users';

/** GET /api/users, newest first, a page at a time: `?search=` the start of a name or an email, `?role=`. */
export const usersQuerySchema = z.strictObject({
  search: searchSchema,
  role: z.enum(ACCOUNT_ROLES, { error: `role must be one of ${ACCOUNT_ROLES.join(', ')}` }).optional(),
  ...pageParams,
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
