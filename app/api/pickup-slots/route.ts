import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { pickupSlots } from '@/lib/fulfilment/pickup';
import { restaurantClock } from '@/lib/reservations/calendar';
import { pickupSlotsQuerySchema } from '@/lib/fulfilment/schemas';

/** `?date=YYYY-MM-DD` (today to a week ahead): `[{ time, available }]`, every slot of the day still ahead. */
export const GET = route(async (req) => {
  const now = new Date();
  const { date } = readQuery(req, pickupSlotsQuerySchema(restaurantClock(now)));
  return NextResponse.json(await pickupSlots(date, now), { headers: { 'cache-control': 'no-store' } });
});
