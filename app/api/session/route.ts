import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { hasRole } from '@/lib/auth/roles';
import type { SessionResponse } from '@/lib/auth/types';
import { viewerOf } from '@/lib/auth/viewer';

/** Who the browser is signed in as, with the role from the database. Never cached. */
export const GET = route(async (req) => {
  const viewer = await viewerOf(req);
  const body: SessionResponse = {
    user: viewer && {
      email: viewer.email,
      name: viewer.name,
      photoURL: viewer.picture,
      role: viewer.role,
      admin: hasRole(viewer.role, 'admin'),
      emailVerified: viewer.emailVerified,
    },
  };
  return NextResponse.json(body, { headers: { 'cache-control': 'private, no-store' } });
});
