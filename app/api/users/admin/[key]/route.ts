import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { makeAdmin } from '@/lib/users/admin';
import { assertOwnEmail, isAdmin, requireAdmin } from '@/lib/users/users';

/**
 * Next.js allows one parameter name per path level, and two calls share this one: GET reads it
 * as the caller's email (spec §7 `GET /users/admin/{email}`), PATCH as a user id
 * (`PATCH /users/admin/{id}`).
 */
type Ctx = { params: Promise<{ key: string }> };

/** `{ admin }` for the caller's own email; another user's role is not the caller's business. */
export const GET = route<Ctx>(async (req, { params }) => {
  const user = await requireUser(req);
  assertOwnEmail(user, (await params).key);
  return NextResponse.json({ admin: await isAdmin(user.email) });
});

/** Makes the user with this id an admin: `{ modifiedCount }`. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  await requireAdmin(req);
  return NextResponse.json(await makeAdmin((await params).key));
});
