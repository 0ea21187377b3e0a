import { NextResponse } from 'next/server';
import { HttpError, readJson, route } from '@/lib/api/http';
import { menuItemChangesSchema, objectIdSchema } from '@/lib/validation/menu';
import { getMenuItem } from '@/lib/menu/queries';
import { deleteMenuItem, updateMenuItem } from '@/lib/menu/admin';
import { requireAdmin } from '@/lib/users/users';

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
  await requireAdmin(req);
  const changes = await readJson(req, menuItemChangesSchema);
  return NextResponse.json(await updateMenuItem((await params).id, changes));
});

/** `{ deletedCount }`. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  await requireAdmin(req);
  return NextResponse.json(await deleteMenuItem((await params).id));
});
