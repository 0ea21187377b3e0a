import { HOST_TIMEOUT_MS, uploadToHost } from './host-upload';
import type { CheckedImage, ImageStore } from './store';

/**
 * Vercel Blob through its HTTP API (the @vercel/blob package is not a dependency): the request
 * its `put()` sends, `PUT <api>/?pathname=…` with the bytes as the body, the read-write token as
 * a Bearer header and the options as `x-…` headers; the answer's `url` is the public address.
 * Names are content addresses, so no random suffix is added and overwriting is harmless.
 */

const ENDPOINT = 'https://blob.vercel-storage.com';
const API_VERSION = '12';
const ONE_YEAR_SECONDS = 31_536_000;

export function createVercelBlobStore({ token, fetch = globalThis.fetch }: { token: string; fetch?: typeof globalThis.fetch }): ImageStore {
  return {
    kind: 'vercel-blob',
    save(image: CheckedImage) {
      const pathname = `menu/${image.name}`;
      return uploadToHost<{ url: string }>(
        'Vercel Blob',
        () =>
          fetch(`${ENDPOINT}/?${new URLSearchParams({ pathname })}`, {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${token}`,
              'x-api-version': API_VERSION,
              'x-vercel-blob-access': 'public',
              'x-content-type': image.type.mime,
              'x-add-random-suffix': '0',
              'x-allow-overwrite': '1',
              'x-cache-control-max-age': String(ONE_YEAR_SECONDS),
            },
            body: image.bytes,
            signal: AbortSignal.timeout(HOST_TIMEOUT_MS),
          }),
        (answer) => answer?.url,
      );
    },
  };
}
