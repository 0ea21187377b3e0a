import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { deleteUser } from '@/lib/users/admin';
import { requireAdmin } from '@/lib/users/users';

type Ctx = { params: Promise<{ id: string }> };

/** Deletes a user with their Firebase account and cart: `{ deletedCount }`. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  const admin = await requireAdmin(req);
  return NextResponse.json(await deleteUser(admin, (await params).id));
});
