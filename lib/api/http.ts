import { NextResponse } from 'next/server';
import { z, type ZodType } from 'zod';

/** An error whose message is safe to show to the client, with the status to answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Every API error has this one shape: `{ error }` with the right status. */
export function jsonError(status: number, message: string, headers?: Record<string, string>) {
  return NextResponse.json({ error: message }, { status, headers });
}

/** Turns a zod error into one readable sentence naming the first problem field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

type Handler<C> = (req: Request, ctx: C) => Promise<Response> | Response;

/**
 * Wraps a route handler so that known errors become their status and anything unexpected
 * becomes a 500 with a generic message (the details go to the server log, never to the client).
 */
export function route<C = unknown>(handler: Handler<C>): Handler<C> {
  return async (req, ctx) => {
    try {
      return await handler(req, ctx);
    } catch (err) {
      if (err instanceof HttpError) return jsonError(err.status, err.message, err.headers);
      if (err instanceof z.ZodError) return jsonError(400, describeZodError(err));
      if (isUnavailable(err)) {
        // The data file itself failed (a full disk, a damaged document): the owner needs to know why.
        if ((err as Error).name === 'StoreFileError') console.error(`[db] ${(err as Error).message}`);
        return jsonError(503, 'The database is unavailable. Please try again shortly.');
      }
      console.error(`[api] ${req.method} ${new URL(req.url).pathname} failed`, err);
      return jsonError(500, 'Something went wrong on our side.');
    }
  };
}

/** The database cannot serve now: unreachable, unusable, or not yet migrated or indexed (lib/db). */
function isUnavailable(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name ?? '';
  return /^Mongo(ServerSelection|Network|Topology)/.test(name) || ['DataDirError', 'StoreFileError', 'MigrationError', 'IndexBuildError'].includes(name);
}

/** Largest JSON body any route accepts. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * Reads and validates a JSON body: wrong content type is 415, too large 413, invalid JSON 400,
 * a body that fails the schema 400 naming the field. Unknown fields are dropped by the schema.
 */
export async function readJson<T>(req: Request, schema: ZodType<T>): Promise<T> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Send the body as application/json.');
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_JSON_BYTES) throw new HttpError(413, 'The request body is too large.');
  const text = new TextDecoder().decode(await readBodyCapped(req, MAX_JSON_BYTES));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
  return parsed.data;
}

/**
 * Reads a request body into memory, but never more than `limit` bytes: past it the stream is
 * cancelled and a 413 with `tooLarge` is thrown, so a huge body costs no more than the limit.
 */
export async function readBodyCapped(req: Request, limit: number, tooLarge = 'The request body is too large.'): Promise<Uint8Array<ArrayBuffer>> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, tooLarge);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Validates the query string against a schema; repeated or bracketed keys are rejected by the schema. */
export function readQuery<T>(req: Request, schema: ZodType<T>): T {
  const url = new URL(req.url);
  if (url.search.length > 2048) throw new HttpError(400, 'The query string is too long.');
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (key in params) throw new HttpError(400, `Query parameter "${key}" is given more than once.`);
    params[key] = value;
  }
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
  return parsed.data;
}
