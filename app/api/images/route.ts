import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { readImageUpload } from '@/lib/images/upload';
import { storeImage } from '@/lib/images/store';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

/**
 * Uploads a menu picture (multipart, field `image`, at most 2 MB, JPEG/PNG/WebP by content) to
 * the configured image storage: `{ url }`. 413 when too large, 415 when not such an image.
 */
export const POST = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  await enforceRateLimit(req, LIMITS.upload, admin);
  const image = await readImageUpload(req);
  return NextResponse.json(await storeImage(admin, image), { status: 201 });
});
