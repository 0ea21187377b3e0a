import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { readSession } from '@/lib/auth/session';
import { findUserByEmail } from '@/lib/users/users';
import type { SessionResponse } from '@/lib/auth/types';

/** Who the browser is signed in as, with the role from the database. Never cached. */
export const GET = route(async (req) => {
  const session = await readSession(req);
  let body: SessionResponse = { user: null };
  if (session) {
    const record = await findUserByEmail(session.email);
    body = {
      user: {
        email: session.email,
        name: session.name || record?.name || session.email,
        photoURL: session.picture ?? null,
        admin: record?.role === 'admin',
      },
    };
  }
  return NextResponse.json(body, { headers: { 'cache-control': 'private, no-store' } });
});
