import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { listPayments } from '@/lib/payments/records';
import { assertOwnEmail } from '@/lib/users/users';

type Ctx = { params: Promise<{ email: string }> };

/** The caller's payments, newest first; anybody else's email is refused. */
export const GET = route<Ctx>(async (req, { params }) => {
  const user = await requireUser(req);
  const { email } = await params;
  assertOwnEmail(user, email);
  return NextResponse.json(await listPayments(user.email));
});
