import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { setSchedule } from '@/lib/menu/admin';
import { scheduleChangeSchema } from '@/lib/menu/schemas';

/**
 * (admins) `{ category, schedule }` for a section, `{ menuId, option?: { group, choice }, schedule }`
 * for a dish or one of its options; a schedule is `{ days, windows }`, or null for none. Answers
 * every section's schedule: `{ sections }`. A dish or a choice the menu does not have is a 400.
 */
export const PUT = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await setSchedule(admin, await readJson(req, scheduleChangeSchema)));
});
