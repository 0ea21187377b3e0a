import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { menuQuerySchema, newMenuItemSchema } from '@/lib/menu/schemas';
import { getMenuItems } from '@/lib/menu/queries';
import { addMenuItem } from '@/lib/menu/admin';

export const GET = route(async (req) => {
  const { category } = readQuery(req, menuQuerySchema);
  return NextResponse.json(await getMenuItems(category));
});

/** Adds a menu item: `{ insertedId }`. */
export const POST = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const item = await readJson(req, newMenuItemSchema);
  return NextResponse.json(await addMenuItem(admin, item), { status: 201 });
});
