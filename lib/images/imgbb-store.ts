import { HOST_TIMEOUT_MS, uploadToHost } from './host-upload';
import type { CheckedImage, ImageStore } from './store';

/**
 * imgbb: a multipart POST with the picture in the `image` field and the key in the query string;
 * the answer's `data.display_url` is the picture's address.
 */

const ENDPOINT = 'https://api.imgbb.com/1/upload';

interface ImgbbAnswer {
  success: boolean;
  data: { display_url: string };
}

export function createImgbbStore({ apiKey, fetch = globalThis.fetch }: { apiKey: string; fetch?: typeof globalThis.fetch }): ImageStore {
  return {
    kind: 'imgbb',
    save(image: CheckedImage) {
      const form = new FormData();
      form.set('image', new Blob([image.bytes], { type: image.type.mime }), image.name);
      form.set('name', image.sha256);
      return uploadToHost('imgbb', async () => {
        const res = await fetch(`${ENDPOINT}?key=${encodeURIComponent(apiKey)}`, { method: 'POST', body: form, signal: AbortSignal.timeout(HOST_TIMEOUT_MS) });
        // Unverified JSON, hence Partial; the URL picked from it is checked by uploadToHost.
        const answer = (await res.json().catch(() => null)) as Partial<ImgbbAnswer> | null;
        // The error quotes the answer, never the request: the key is in its URL.
        if (!res.ok || !answer?.success) throw new Error(`imgbb refused the upload (${res.status}): ${JSON.stringify(answer)}`);
        return answer.data?.display_url;
      });
    },
  };
}
