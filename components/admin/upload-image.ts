import { ApiError, reportStatus } from '@/lib/client/api';

/**
 * Uploads a picture to our image route and answers its URL. XMLHttpRequest rather than fetch:
 * only XHR reports upload progress, which a 2 MB picture on a slow line needs.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { url?: unknown; error?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.url === 'string') {
        onProgress(100);
        resolve(body.url);
      } else {
        reportStatus(xhr.status);
        reject(new ApiError(xhr.status, typeof body?.error === 'string' ? body.error : `The upload failed (${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'The picture did not reach the server. Check the connection and try again.'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
