import { HttpError } from '@/lib/api/http';

/**
 * One upload to an image host: make the request, read the JSON answer, pick the picture's URL.
 * Whatever goes wrong (network, time-out, refusal, an answer without an https URL) is logged
 * here and becomes one 502 for the admin: the host's details mean nothing to them.
 */
export async function uploadToHost<Answer>(
  host: string,
  request: () => Promise<Response>,
  pickUrl: (answer: Partial<Answer> | null) => unknown,
): Promise<string> {
  let res: Response;
  try {
    res = await request();
  } catch (err) {
    console.error(`[images] ${host} is unreachable`, err);
    throw hostError();
  }
  // Unverified JSON, hence Partial: the URL picked from it is checked below.
  const answer = (await res.json().catch(() => null)) as Partial<Answer> | null;
  const url = res.ok ? pickUrl(answer) : undefined;
  if (typeof url !== 'string' || !/^https:\/\/\S+$/.test(url)) {
    // Never the request itself: the imgbb key is in its URL.
    console.error(`[images] ${host} refused the upload (${res.status})`, answer);
    throw hostError();
  }
  return url;
}

function hostError(): HttpError {
  return new HttpError(502, 'The image host did not accept the picture. Please try again.');
}

/** Remote hosts get this long to take a 2 MB picture. */
export const HOST_TIMEOUT_MS = 30_000;
