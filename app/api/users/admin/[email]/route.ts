import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { assertOwnEmail, isAdmin } from '@/lib/users/users';

type Ctx = { params: Promise<{ email: string }> };

/** `{ admin }` for the caller's own email; another user's role is not the caller's business. */
export const GET = route<Ctx>(async (req, { params }) => {
  const user = await requireUser(req);
  const { email } = await params;
  assertOwnEmail(user, email);
  return NextResponse.json({ admin: await isAdmin(user.email) });
});
