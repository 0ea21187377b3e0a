import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { deleteUser, setRole } from '@/lib/users/admin';
import { roleChangeSchema } from '@/lib/users/schemas';

type Ctx = { params: Promise<{ id: string }> };

/** `{ role }`: makes the user a diner, staff or admin (admins only): `{ modifiedCount }`. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  const { role } = await readJson(req, roleChangeSchema);
  return NextResponse.json(await setRole(admin, (await params).id, role));
});

/** Deletes a user with their Firebase account and cart: `{ deletedCount }`. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await deleteUser(admin, (await params).id));
});
