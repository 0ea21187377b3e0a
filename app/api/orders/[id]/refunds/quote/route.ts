import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { quoteRefund } from '@/lib/payments/refunds';
import { refundQuoteSchema } from '@/lib/payments/schemas';

type Ctx = { params: Promise<{ id: string }> };

/**
 * `{ amountCents }` or `{ lines: [{ index, quantity }] }` (admins): `{ cents }`, what that refund
 * would give back now, or the 409 it would get. Nothing changes.
 */
export const POST = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  const input = await readJson(req, refundQuoteSchema);
  return NextResponse.json(await quoteRefund(admin, (await params).id, input));
});
