import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireCronSecret } from '@/lib/api/cron';
import { drainOutbox } from '@/lib/mail/drain';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
// Seconds: a round of 50 messages against a slow SMTP server fits well inside.
export const maxDuration = 300;

/**
 * Vercel Cron (vercel.json), every minute: sweeps for messages a stopped function never wrote and
 * sends what is due. Only with `Authorization: Bearer <CRON_SECRET>`. Answers `{ sent, failed, retrying, swept }`.
 */
export const GET = route(async (req) => {
  requireCronSecret(req);
  return NextResponse.json(await drainOutbox());
});
