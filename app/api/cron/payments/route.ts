import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireCronSecret } from '@/lib/api/cron';
import { reconcilePayments } from '@/lib/payments/reconcile';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
// Seconds: a run asks the provider about at most a batch of checkouts.
export const maxDuration = 300;

/**
 * Vercel Cron (vercel.json), every five minutes: the payments reconciler (completes, voids or
 * refunds checkouts as the provider says, then deletes those past their retention). Only with
 * `Authorization: Bearer <CRON_SECRET>`. Answers `{ checked, failed, deleted }`.
 */
export const GET = route(async (req) => {
  requireCronSecret(req);
  return NextResponse.json(await reconcilePayments());
});
