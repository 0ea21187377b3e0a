import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { renameAccount } from '@/lib/users/account';
import { listUsers } from '@/lib/users/admin';
import { createUserBodySchema, usersQuerySchema } from '@/lib/users/schemas';
import { pageResponse } from '@/lib/pagination/page';

/**
 * The caller's own record, made at sign-in (POST /api/jwt, where Firebase vouches for the account):
 * sets the display name sent, `{ modifiedCount }`. Emails and roles are never read from here.
 */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.account, viewer);
  const { name } = await readJson(req, createUserBodySchema);
  return NextResponse.json(await renameAccount(viewer, name));
});

/** A page of everybody with a record, newest first (admins); the next page is in `Link`. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  return pageResponse(req, await listUsers(admin, readQuery(req, usersQuerySchema)));
});
