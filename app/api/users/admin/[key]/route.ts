import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { adminFlag } from '@/lib/users/account';
import { setRole } from '@/lib/users/admin';

/**
 * Next.js allows one parameter name per path level, and two calls share this one: GET reads it
 * as the caller's email (`GET /users/admin/{email}`), PATCH as a user id (`PATCH /users/admin/{id}`).
 */
type Ctx = { params: Promise<{ key: string }> };

/** `{ admin }` for the caller's own email; another user's role is not the caller's business. */
export const GET = route<Ctx>(async (req, { params }) => {
  return NextResponse.json(adminFlag(await requireViewer(req), (await params).key));
});

/** Makes the user with this id an admin: `{ modifiedCount }` (`PATCH /api/users/{id}` sets any role). */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await setRole(admin, (await params).key, 'admin'));
});
