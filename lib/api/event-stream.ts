import type { ZodType } from 'zod';
import { HttpError, describeZodError } from './http';

/**
 * Server-sent events (`text/event-stream`), as the browser's EventSource reads them: one place
 * that writes the format and the headers that keep every proxy and cache from holding it back.
 */

const encoder = new TextEncoder();

/** `event:`, `id:` and `data:` (JSON, which never holds a raw line break). */
export function sseEvent(event: string, id: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * A named signal with no id (an id would move the client's Last-Event-ID), its data JSON when
 * given. `comment` goes first as an SSE comment, for proxies that close a connection gone quiet.
 */
export function sseSignal(event: string, data?: unknown, comment?: string): Uint8Array {
  const json = data === undefined ? '' : JSON.stringify(data);
  return encoder.encode(`${comment ? `: ${comment}\n` : ''}event: ${event}\ndata:${json && ` ${json}`}\n\n`);
}

/** How long the browser waits before reconnecting once the stream ends or drops. */
export function sseRetry(ms: number): Uint8Array {
  return encoder.encode(`retry: ${ms}\n\n`);
}

export function eventStreamResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      // Never cached, never compressed or held by a proxy until it has "enough" (nginx reads the last).
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}

/** The Last-Event-ID a reconnecting EventSource sends, checked by `schema` (400 when it fails), or undefined. */
export function readLastEventId<T>(req: Request, schema: ZodType<T>): T | undefined {
  const raw = req.headers.get('last-event-id');
  if (raw === null) return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, `Last-Event-ID: ${describeZodError(parsed.error)}`);
  return parsed.data;
}
