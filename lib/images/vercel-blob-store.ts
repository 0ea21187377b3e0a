import { put } from '@vercel/blob';
import { HOST_TIMEOUT_MS, uploadToHost } from './host-upload';
import type { CheckedImage, ImageStore } from './store';

/**
 * Vercel Blob through its own client, which follows the service's protocol as it changes. The
 * read-write token is handed in from the server's environment, never from a NEXT_PUBLIC_ variable.
 * Names are content addresses, so no random suffix is added and overwriting is harmless; for the
 * same reason nothing is ever deleted: two dishes may show the same picture.
 */

const ONE_YEAR_SECONDS = 31_536_000;

export function createVercelBlobStore({ token }: { token: string }): ImageStore {
  return {
    kind: 'vercel-blob',
    save(image: CheckedImage) {
      return uploadToHost('Vercel Blob', async () => {
        const blob = await put(`menu/${image.name}`, Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength), {
          access: 'public',
          token,
          contentType: image.type.mime,
          addRandomSuffix: false,
          allowOverwrite: true,
          cacheControlMaxAge: ONE_YEAR_SECONDS,
          abortSignal: AbortSignal.timeout(HOST_TIMEOUT_MS),
        });
        return blob.url;
      });
    },
  };
}
