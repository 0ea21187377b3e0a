import { NextResponse } from 'next/server';
import { HttpError, route } from '@/lib/api/http';
import { objectIdSchema } from '@/lib/validation/menu';
import { getMenuItem } from '@/lib/menu/queries';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (_req, { params }) => {
  const { id } = await params;
  if (!objectIdSchema.safeParse(id).success) throw new HttpError(400, 'Malformed menu item id.');
  const item = await getMenuItem(id);
  if (!item) throw new HttpError(404, 'No menu item has this id.');
  return NextResponse.json(item);
});
