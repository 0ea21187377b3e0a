import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { readImageUpload } from '@/lib/images/upload';
import { storeImage } from '@/lib/images/store';
import { requireAdmin } from '@/lib/users/users';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

/**
 * Uploads a menu picture (multipart, field `image`, at most 2 MB, JPEG/PNG/WebP by content) to
 * the configured image storage: `{ url }`. 413 when too large, 415 when not such an image.
 */
export const POST = route(async (req) => {
  const admin = await requireAdmin(req);
  await enforceRateLimit(req, LIMITS.upload, admin);
  const image = await readImageUpload(req);
  return NextResponse.json(await storeImage(image), { status: 201 });
});
