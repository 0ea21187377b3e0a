import 'server-only';
import type { WithId } from 'mongodb';
import type { z } from 'zod';
import { HttpError, readBodyCapped } from '@/lib/api/http';
import type { PrinterDoc } from '@/lib/db/documents';
import { getSettings } from '@/lib/settings/store';
import { noteSeen, starReport } from './presence';
import { headJob, markFetched, printerByToken, refuseMediaType, settleJob, waitingJob } from './queue';
import { renderForStar, STAR_MEDIA_TYPES, type StarMediaType } from './render';
import { MAX_PRINTER_BODY_BYTES, starConfirmSchema, starFetchSchema, starPollSchema } from './schemas';

/**
 * Star CloudPRNT (HTTP version), at the one URL the printer is given: it POSTs its status on every
 * poll and is told whether a job is ready and in which media types; it GETs the job in the type it
 * chose; it DELETEs it with a code once printed (or when it could not print it). Every request
 * carries the printer's secret in its path; a wrong or retired one is 401, and says nothing more.
 */

export const UNKNOWN_PRINTER = 'This printer URL is not known here. Copy the URL from the Printers page again.';

/** The printer whose secret the URL carries, or 401. */
export async function printerOf(token: string): Promise<WithId<PrinterDoc>> {
  const printer = token.length <= 64 ? await printerByToken(token) : null;
  if (!printer) throw new HttpError(401, UNKNOWN_PRINTER);
  return printer;
}

/** A printer's body, read up to its limit: anything larger is not what a printer sends (400). */
export async function readPrinterBody(req: Request): Promise<string> {
  try {
    return new TextDecoder().decode(await readBodyCapped(req, MAX_PRINTER_BODY_BYTES));
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) throw new HttpError(400, 'The body is larger than any printer message.');
    throw err;
  }
}

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Not a CloudPRNT message.');
  return result.data;
}

function queryOf(req: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URL(req.url).searchParams) {
    if (key in query) throw new HttpError(400, `Query parameter "${key}" is given more than once.`);
    query[key] = value;
  }
  return query;
}

const offered = (printer: PrinterDoc): StarMediaType[] => STAR_MEDIA_TYPES.filter((type) => !printer.refusedTypes?.includes(type));

export type PollAnswer = { jobReady: false } | { jobReady: true; mediaTypes: StarMediaType[]; jobToken: string };

/** POST: the poll. With nothing to print it reads the printer's document and nothing else. */
export async function starPoll(token: string, req: Request): Promise<PollAnswer> {
  const printer = await printerOf(token);
  if (!/^application\/json\b/i.test(req.headers.get('content-type') ?? '')) throw new HttpError(400, 'A CloudPRNT poll is JSON.');
  let body: unknown;
  try {
    body = JSON.parse(await readPrinterBody(req));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, 'The poll is not valid JSON.');
  }
  const { statusCode } = parsed(starPollSchema, body);
  await noteSeen(printer, starReport(statusCode.code, statusCode.text));
  if (!printer.queue.length) return { jobReady: false };
  const types = offered(printer);
  const job = types.length ? await headJob(printer) : null;
  return job ? { jobReady: true, mediaTypes: types, jobToken: job._id.toHexString() } : { jobReady: false };
}

/**
 * Where a printer that also speaks CloudPRNT over MQTT asks which versions the server speaks: the
 * last segment of its URL (here, the secret) replaced by this name. 404 is the manual's answer
 * for "HTTP only", and the printer carries on polling its URL.
 */
const MQTT_SETTINGS = 'cloudprnt-setting.json';

/** GET: the job, in the media type the printer chose of those it was offered. */
export async function starFetch(token: string, req: Request): Promise<Response> {
  if (token === MQTT_SETTINGS) throw new HttpError(404, 'This server speaks CloudPRNT over HTTP only.');
  const printer = await printerOf(token);
  const query = parsed(starFetchSchema, queryOf(req));
  const type = (query.type ?? offered(printer)[0])?.split(';')[0]?.trim();
  const chosen = offered(printer).find((t) => t === type);
  if (!chosen) throw new HttpError(415, `This server renders tickets as ${offered(printer).join(', ') || 'nothing this printer takes'}.`);
  const job = await waitingJob(printer, query.token);
  if (!job) throw new HttpError(404, 'No job is waiting for this printer under this token.');
  const body = renderForStar(job.ticket, chosen, { kind: job.kind, paperWidth: printer.paperWidth, copies: job.copies, timeZone: (await getSettings()).schedule.timeZone });
  await markFetched(job, chosen);
  return new Response(new Uint8Array(body), { status: 200, headers: { 'content-type': chosen, 'cache-control': 'no-store' } });
}

/**
 * DELETE: the printer's word on the job it fetched. 2xx: printed. 510: it cannot print that
 * media type, which is never offered to it again, and the job waits for another. Any other
 * code: it goes back to the queue for a few more tries.
 */
export async function starConfirm(token: string, req: Request): Promise<void> {
  const printer = await printerOf(token);
  const { code, token: jobToken } = parsed(starConfirmSchema, queryOf(req));
  const job = await waitingJob(printer, jobToken);
  if (!job || job.state !== 'fetched') throw new HttpError(404, 'No job of this printer is being printed under this token.');
  const id = job._id.toHexString();
  if (code.code < 300) {
    await settleJob(printer, id, { printed: true });
    return;
  }
  if (code.code === 510 && job.mediaType) {
    await refuseMediaType(printer, job.mediaType);
    const left = offered(printer).filter((type) => type !== job.mediaType);
    await settleJob(printer, id, { printed: false, error: `${code.text} (as ${job.mediaType})`, retry: left.length ? 'always' : 'never' });
    return;
  }
  await settleJob(printer, id, { printed: false, error: code.text, retry: 'counted' });
}
