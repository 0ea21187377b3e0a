import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { menuAvailability } from '@/lib/menu/live';
import { availabilityQuerySchema } from '@/lib/menu/schemas';

/**
 * What changes on the menu with the clock and the count (public), for `?date=` (today when left
 * out): `{ timeZone, date, sections, dishes }` (lib/menu/availability.ts). The prerendered menu and
 * order pages fetch it and judge it at the time the diner chose; kept a few seconds by caches, so
 * a burst of visits reads it once.
 */
export const GET = route(async (req) => {
  const { date } = readQuery(req, availabilityQuerySchema);
  return NextResponse.json(await menuAvailability(date), { headers: { 'cache-control': 'public, max-age=5, stale-while-revalidate=25' } });
});
