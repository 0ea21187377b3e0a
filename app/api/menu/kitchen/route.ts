import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { changeKitchenMenu, kitchenMenu } from '@/lib/menu/live';
import { kitchenMenuActionSchema } from '@/lib/menu/schemas';

/** (staff) Every dish and option with its 86 (who, when, until when) and its count left today: `{ today, entries }`. */
export const GET = route(async (req) => NextResponse.json(await kitchenMenu(await requireViewer(req, 'staff')), { headers: { 'cache-control': 'no-store' } }));

/**
 * (staff) `{ action: 'off', menuId, option?: { group, choice }, for: 'close' | 'hours' | 'manual', hours? }`,
 * `{ action: 'on', menuId, option? }` or `{ action: 'count', menuId, option?, left }`: answers the
 * list as it is after. A dish or a choice the menu does not have is a 400.
 */
export const POST = route(async (req) => {
  const staff = await requireViewer(req, 'staff');
  return NextResponse.json(await changeKitchenMenu(staff, await readJson(req, kitchenMenuActionSchema)));
});
