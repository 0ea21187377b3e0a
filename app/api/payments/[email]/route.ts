import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { listPayments } from '@/lib/payments/history';

type Ctx = { params: Promise<{ email: string }> };

/** The caller's payments, newest first; anybody else's email is refused. */
export const GET = route<Ctx>(async (req, { params }) => {
  const viewer = await requireViewer(req, 'guest');
  return NextResponse.json(await listPayments(viewer, (await params).email));
});
