import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { setSectionSchedule } from '@/lib/menu/admin';
import { sectionScheduleSchema } from '@/lib/menu/schemas';

/** (admins) `{ category, schedule }`, a schedule of `{ days, windows }` or null (whenever the restaurant is open): answers every section's schedule. */
export const PUT = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await setSectionSchedule(admin, await readJson(req, sectionScheduleSchema)));
});
