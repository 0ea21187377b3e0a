import { HttpError, route } from '@/lib/api/http';
import { readLocalImage } from '@/lib/images/local-store';

type Ctx = { params: Promise<{ name: string }> };

/**
 * Serves a picture kept by the local image store. Names are content hashes, so a name always
 * means the same bytes: browsers and CDNs may keep it for a year without asking again.
 */
export const GET = route<Ctx>(async (_req, { params }) => {
  const image = await readLocalImage((await params).name);
  if (!image) throw new HttpError(404, 'No image has this name.');
  return new Response(image.bytes, {
    headers: {
      'content-type': image.type.mime,
      'content-length': String(image.bytes.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
});
