import { createHash } from 'node:crypto';
import { HttpError, readBodyCapped } from '@/lib/api/http';
import { MAX_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE, imageTooLargeMessage, sniffImageType } from './image-type';
import type { CheckedImage } from './store';

/**
 * Reads an image upload: a multipart/form-data body with the picture in its `image` field.
 * The body is capped while it streams in (a declared Content-Length over the cap is refused
 * before a byte is read), and the picture is judged by its content alone.
 */

/** Room for the multipart boundaries and part headers around a 2 MB picture. */
export const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

export const UPLOAD_FIELD = 'image';

export async function readImageUpload(req: Request): Promise<CheckedImage> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new HttpError(415, `Send the picture as multipart/form-data in an "${UPLOAD_FIELD}" field.`);
  }
  if (Number(req.headers.get('content-length') ?? '0') > MAX_UPLOAD_BODY_BYTES) {
    throw new HttpError(413, imageTooLargeMessage());
  }
  const body = await readBodyCapped(req, MAX_UPLOAD_BODY_BYTES, imageTooLargeMessage());

  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, 'The upload is not valid multipart/form-data.');
  }
  const file = form.get(UPLOAD_FIELD);
  if (!(file instanceof Blob)) throw new HttpError(400, `Attach the picture in the "${UPLOAD_FIELD}" field.`);
  if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, imageTooLargeMessage(file.size));

  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new HttpError(415, NOT_AN_IMAGE_MESSAGE);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { bytes, type, sha256, name: `${sha256}.${type.ext}` };
}
