import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { pickupSlots } from '@/lib/fulfilment/pickup';
import { pickupSlotsQuerySchema } from '@/lib/fulfilment/schemas';
import { clockNow } from '@/lib/settings/clock';
import { restaurantClockAt } from '@/lib/settings/store';

/**
 * `?date=YYYY-MM-DD` (today to a week ahead), optionally `&load=N` (the kitchen load units of the
 * order, 1 by default): `[{ time, available }]`, every slot of the day still ahead, with whether
 * it has room for that order.
 */
export const GET = route(async (req) => {
  const now = clockNow();
  const { date, load } = readQuery(req, pickupSlotsQuerySchema(await restaurantClockAt(now)));
  return NextResponse.json(await pickupSlots(date, now, load), { headers: { 'cache-control': 'no-store' } });
});
