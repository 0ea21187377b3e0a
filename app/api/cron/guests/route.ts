import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireCronSecret } from '@/lib/api/cron';
import { removeIdleGuests } from '@/lib/users/guests';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Vercel Cron (vercel.json), daily: removes the records of guests with no order for 30 days. Only
 * with `Authorization: Bearer <CRON_SECRET>`. Answers `{ removed }`.
 */
export const GET = route(async (req) => {
  requireCronSecret(req);
  return NextResponse.json(await removeIdleGuests());
});
