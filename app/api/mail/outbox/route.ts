import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { listOutbox } from '@/lib/mail/admin';
import { outboxQuerySchema } from '@/lib/mail/schemas';

/**
 * Admins: the messages that failed (`?state=failed`, the default) or still wait (`?state=waiting`),
 * newest first, a page at a time: `{ messages, next, counts, server }`, and a `Link` to the next page.
 */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const query = readQuery(req, outboxQuerySchema);
  const page = await listOutbox(admin, query);
  const headers: Record<string, string> = {};
  if (page.next) {
    const next = new URL(req.url);
    next.searchParams.set('before', page.next);
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return NextResponse.json(page, { headers });
});
