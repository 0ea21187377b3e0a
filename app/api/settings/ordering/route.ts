import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { orderingActionSchema } from '@/lib/settings/schemas';
import { orderingView } from '@/lib/settings/ordering';
import { changeOrdering } from '@/lib/settings/store';

/** `{ state, status }` (staff): the kitchen's pause and busy mode still in force, and the line diners read. */
export const GET = route(async (req) => NextResponse.json(await orderingView(await requireViewer(req, 'staff'))));

/**
 * (staff) `{ action: 'pause', minutes: 15 | 30 | 60 | null }` (null: until resumed),
 * `{ action: 'resume' }`, `{ action: 'busy', extraMinutes, forMinutes }` or `{ action: 'calm' }`:
 * answers `{ state, status }` as they are now.
 */
export const POST = route(async (req) => {
  const staff = await requireViewer(req, 'staff');
  await changeOrdering(staff, await readJson(req, orderingActionSchema));
  return NextResponse.json(await orderingView(staff));
});
