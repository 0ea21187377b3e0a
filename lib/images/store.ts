import { HttpError } from '@/lib/api/http';
import { authorize, type Admin } from '@/lib/auth/viewer';
import type { ImageType } from './image-type';
import { createImgbbStore } from './imgbb-store';
import { createLocalStore } from './local-store';
import { createVercelBlobStore } from './vercel-blob-store';

/**
 * Image storage, behind one boundary. The browser always uploads to our own route, which
 * checks the file and hands it to one of these; keys for the hosts never leave the server.
 *
 * - BLOB_READ_WRITE_TOKEN set: Vercel Blob (public store).
 * - else IMGBB_API_KEY set: imgbb.
 * - else: the app keeps the file itself under DATA_DIR and serves it at /api/images/<name>.
 */

/** An upload that has passed every check: what it is, by content, and its content address. */
export interface CheckedImage {
  bytes: Uint8Array<ArrayBuffer>;
  type: ImageType;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** `<sha256>.<ext>`: the same picture always gets the same name. */
  name: string;
}

export interface ImageStore {
  readonly kind: 'local' | 'imgbb' | 'vercel-blob';
  /** Stores the image and answers the URL pages should show it with. */
  save(image: CheckedImage): Promise<string>;
}

export function imageStoreFromEnv(env: Record<string, string | undefined> = process.env): ImageStore {
  const blobToken = env.BLOB_READ_WRITE_TOKEN?.trim();
  if (blobToken) return createVercelBlobStore({ token: blobToken });
  const imgbbKey = env.IMGBB_API_KEY?.trim();
  if (imgbbKey) return createImgbbStore({ apiKey: imgbbKey });
  // A Vercel function's disk is read-only and per instance: files written there would vanish.
  if (env.VERCEL) {
    throw new HttpError(503, 'Image storage is not configured: set BLOB_READ_WRITE_TOKEN or IMGBB_API_KEY.');
  }
  return createLocalStore();
}

/** Stores a checked upload where the environment says and answers its URL. Menu pictures: admins only. */
export async function storeImage(admin: Admin, image: CheckedImage): Promise<{ url: string }> {
  authorize(admin, 'admin');
  return { url: await imageStoreFromEnv().save(image) };
}
