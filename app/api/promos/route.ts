import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { pageResponse } from '@/lib/pagination/page';
import { createPromo, listPromos } from '@/lib/promos/promos';
import { promoInputSchema, promoQuerySchema } from '@/lib/promos/schemas';

/** Admins: the promo codes, newest first, a page at a time (`limit`, `cursor`; the next page in `Link`). */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  return pageResponse(req, await listPromos(admin, readQuery(req, promoQuerySchema)));
});

/** Admins: a new promo code (201); 409 when the code exists already, whatever its case. */
export const POST = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await createPromo(admin, await readJson(req, promoInputSchema)), { status: 201 });
});
