import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { deleteUser } from '@/lib/users/admin';

type Ctx = { params: Promise<{ id: string }> };

/** Deletes a user with their Firebase account and cart: `{ deletedCount }`. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await deleteUser(admin, (await params).id));
});
