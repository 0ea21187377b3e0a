import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { createUserBodySchema } from '@/lib/validation/auth';
import { ensureUser, listUsers, requireAdmin } from '@/lib/users/users';

/** Creates the record of the signed-in user; `insertedId` only when it is new. Roles are never read. */
export const POST = route(async (req) => {
  const user = await requireUser(req);
  const { name } = await readJson(req, createUserBodySchema);
  return NextResponse.json(await ensureUser({ email: user.email, name: name || user.name }));
});

export const GET = route(async (req) => {
  await requireAdmin(req);
  return NextResponse.json(await listUsers());
});
