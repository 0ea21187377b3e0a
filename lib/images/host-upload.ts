import { HttpError } from '@/lib/api/http';

/**
 * One upload to an image host: `send` makes it and answers the picture's URL. Whatever goes wrong
 * (network, time-out, refusal, an answer without an https URL) is logged here and becomes one 502
 * for the admin: the host's details mean nothing to them.
 */
export async function uploadToHost(host: string, send: () => Promise<unknown>): Promise<string> {
  let url: unknown;
  try {
    url = await send();
  } catch (err) {
    console.error(`[images] ${host} did not take the upload`, err);
    throw hostError();
  }
  if (typeof url !== 'string' || !/^https:\/\/\S+$/.test(url)) {
    console.error(`[images] ${host} answered no https URL`, url);
    throw hostError();
  }
  return url;
}

function hostError(): HttpError {
  return new HttpError(502, 'The image host did not accept the picture. Please try again.');
}

/** Remote hosts get this long to take a 2 MB picture. */
export const HOST_TIMEOUT_MS = 30_000;
