import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { confirmDemoPayment } from '@/lib/payments/checkout';
import { demoConfirmSchema } from '@/lib/validation/payment';

/** Charges a demo card for the caller's intent (demo mode only): `{ status, transactionId }`. */
export const POST = route(async (req) => {
  const user = await requireUser(req);
  const input = await readJson(req, demoConfirmSchema);
  return NextResponse.json(await confirmDemoPayment(user, input));
});
