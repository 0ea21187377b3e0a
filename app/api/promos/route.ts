import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { createPromo, listPromos } from '@/lib/promos/promos';
import { promoInputSchema, promoQuerySchema } from '@/lib/promos/schemas';

/** Admins: the promo codes, newest first, a page at a time: `{ promos, next }`, and a `Link` to the next page. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const page = await listPromos(admin, readQuery(req, promoQuerySchema));
  const headers: Record<string, string> = {};
  if (page.next) headers.link = `</api/promos?before=${page.next}>; rel="next"`;
  return NextResponse.json(page, { headers });
});

/** Admins: a new promo code (201); 409 when the code exists already, whatever its case. */
export const POST = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await createPromo(admin, await readJson(req, promoInputSchema)), { status: 201 });
});
