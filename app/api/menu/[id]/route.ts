import { NextResponse } from 'next/server';
import { HttpError, readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { menuItemChangesSchema } from '@/lib/menu/schemas';
import { objectIdSchema } from '@/lib/db/object-id';
import { getMenuItem } from '@/lib/menu/queries';
import { deleteMenuItem, updateMenuItem } from '@/lib/menu/admin';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (_req, { params }) => {
  const { id } = await params;
  if (!objectIdSchema.safeParse(id).success) throw new HttpError(400, 'Malformed menu item id.');
  const item = await getMenuItem(id);
  if (!item) throw new HttpError(404, 'No menu item has this id.');
  return NextResponse.json(item);
});

/** Changes the fields sent: `{ modifiedCount }`. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  const changes = await readJson(req, menuItemChangesSchema);
  return NextResponse.json(await updateMenuItem(admin, (await params).id, changes));
});

/** `{ deletedCount }`. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await deleteMenuItem(admin, (await params).id));
});
