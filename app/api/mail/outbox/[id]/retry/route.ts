import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { retryMessage } from '@/lib/mail/admin';

type Ctx = { params: Promise<{ id: string }> };

/** Admins: puts a failed message back in line; answers it, waiting. 404 for no such message, 409 when it has not failed. */
export const POST = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await retryMessage(admin, (await params).id));
});
