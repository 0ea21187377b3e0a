import 'server-only';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { NextResponse } from 'next/server';
import { HttpError } from '@/lib/api/http';
import { getSessionSecret } from '@/lib/auth/secret';
import type { AppCollection, Document, Filter, Projection, WithId } from '@/lib/db';
import { formatTotalHeader, withCursor, withLimit, type FirstPage, type ListPage, type ListTotal } from './link';
import { DEFAULT_LIMIT, FIRST_SCREEN, type PageQuery } from './schemas';

/**
 * The one way a list is read: newest first by one field (ties broken by `_id`, also newest
 * first), `limit` at a time, from an opaque cursor. The cursor holds the sort key and the `_id` of
 * the last row given, so the next page starts strictly after it: rows added meanwhile (they are
 * newer) never push a row onto the next page twice, and none is skipped. The cursor is signed with
 * the server's secret together with the list's name and its filters, so a forged, altered or
 * truncated cursor, or one of another list or other filters, is a 400, never a query.
 */

/** Counting past this many would cost a read of them all; the screens say "1,000+". */
export const COUNT_CAP = 1000;

const BAD_CURSOR = 'cursor is not one this list gave';

export interface PageSpec<T extends Document> {
  /** Signed into the cursor: a cursor of another list is refused. */
  list: string;
  /** The filters as asked (signed in too: a cursor is for the same filters only). */
  scope?: unknown;
  filter: Filter<T>;
  /** The field the list is newest first by; `_id` when absent. */
  key?: string;
  projection?: Projection;
  /** An exact count served without reading the rows (a rollup), instead of the capped one. */
  count?: () => Promise<number>;
}

export interface DocPage<T> {
  docs: WithId<T>[];
  /** The cursor of the page after this one; null on the last page. */
  next: string | null;
  /** Given with the first page only (no cursor): later pages do not count again. */
  total: ListTotal | null;
}

type KeyValue = ['d', number] | ['n', number] | ['s', string] | ['o', string];

function encodeValue(value: unknown): KeyValue {
  if (value instanceof Date) return ['d', value.getTime()];
  if (typeof value === 'number') return ['n', value];
  if (typeof value === 'string') return ['s', value];
  if (value instanceof ObjectId) return ['o', value.toHexString()];
  throw new Error(`A list cannot be paged by a value of type ${typeof value}`);
}

function decodeValue([kind, value]: KeyValue): unknown {
  if (kind === 'd' && typeof value === 'number') return new Date(value);
  if (kind === 'n' && typeof value === 'number') return value;
  if (kind === 's' && typeof value === 'string') return value;
  if (kind === 'o' && typeof value === 'string' && ObjectId.isValid(value)) return new ObjectId(value);
  throw new HttpError(400, BAD_CURSOR);
}

const scopeOf = (list: string, scope: unknown) => createHash('sha256').update(`${list}\u0000${JSON.stringify(scope ?? null)}`).digest('base64url').slice(0, 12);

const signatureOf = (body: string) => createHmac('sha256', getSessionSecret()).update(`cursor\u0000${body}`).digest().subarray(0, 16);

function makeCursor(spec: PageSpec<Document>, key: unknown, id: ObjectId): string {
  const body = Buffer.from(JSON.stringify([scopeOf(spec.list, spec.scope), encodeValue(key), id.toHexString()])).toString('base64url');
  return `${body}.${signatureOf(body).toString('base64url')}`;
}

function readCursor(spec: PageSpec<Document>, cursor: string): { key: unknown; id: ObjectId } {
  const [body = '', signature = ''] = cursor.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(400, BAD_CURSOR);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString());
  } catch {
    throw new HttpError(400, BAD_CURSOR);
  }
  const [scope, key, id] = Array.isArray(parsed) ? parsed : [];
  if (scope !== scopeOf(spec.list, spec.scope)) throw new HttpError(400, 'cursor belongs to another list or other filters: start again from the first page');
  if (!Array.isArray(key) || typeof id !== 'string' || !ObjectId.isValid(id)) throw new HttpError(400, BAD_CURSOR);
  return { key: decodeValue(key as KeyValue), id: new ObjectId(id) };
}

/** Rows strictly after (older than) the cursor's row. The `$lte` bounds the index range; the `$or` breaks ties. */
function after(key: string, value: unknown, id: ObjectId): Document {
  if (key === '_id') return { _id: { $lt: id } };
  return { [key]: { $lte: value }, $or: [{ [key]: { $lt: value } }, { _id: { $lt: id } }] };
}

/**
 * The list's filter, and the rows after the cursor. The filter's own fields stay at the top, so a
 * search's `$or` of index ranges is still read branch by branch on a later page: inside an `$and`
 * neither backend's planner would see it, and the page would walk the list's order testing every
 * row before each match.
 */
function andAfter(filter: Document, rest: Document): Document {
  return { ...filter, $and: [...((filter.$and as Document[] | undefined) ?? []), rest] };
}

export async function readPage<T extends Document>(collection: AppCollection<T>, spec: PageSpec<T>, { limit = DEFAULT_LIMIT, cursor }: PageQuery): Promise<DocPage<T>> {
  const key = spec.key ?? '_id';
  const start = cursor ? readCursor(spec as PageSpec<Document>, cursor) : null;
  const filter = (start ? andAfter(spec.filter as Document, after(key, start.key, start.id)) : spec.filter) as Filter<T>;
  const sort = listOrder(key);
  const [docs, total] = await Promise.all([
    collection.find(filter, spec.projection ? { projection: { ...spec.projection, [key]: 1 } } : {}).sort(sort).limit(limit + 1).toArray(),
    start ? null : countOf(collection, spec),
  ]);
  const more = docs.length > limit;
  if (more) docs.length = limit;
  const last = docs.at(-1) as Document | undefined;
  return { docs, next: more && last ? makeCursor(spec as PageSpec<Document>, last[key], last._id as ObjectId) : null, total };
}

const listOrder = (key: string): Record<string, -1> => (key === '_id' ? { _id: -1 } : { [key]: -1, _id: -1 });

/** Up to the cap: the count stops there, in the indexes that serve the filter, in no order. */
async function countOf<T extends Document>(collection: AppCollection<T>, spec: PageSpec<T>): Promise<ListTotal> {
  if (spec.count) return { count: await spec.count(), atLeast: false };
  const count = await collection.countDocuments(spec.filter, { limit: COUNT_CAP + 1 });
  return count > COUNT_CAP ? { count: COUNT_CAP, atLeast: true } : { count, atLeast: false };
}

/** A page of rows as the data layer answers it: `next` is the cursor of the page after it. */
export interface Paged<R> {
  items: R[];
  next: string | null;
  total: ListTotal | null;
}

/** A page's rows shaped for the client. */
export function mapPage<T, R>({ docs, next, total }: DocPage<T>, shape: (docs: WithId<T>[]) => R[]): Paged<R> {
  return { items: shape(docs), next, total };
}

/** A page as the screens hold it, `url` being the API address of its first page (a server-rendered first page). */
export function toListPage<R>(page: Paged<R>, url: string): ListPage<R> {
  return { items: page.items, next: page.next ? withCursor(url, page.next) : null, total: page.total };
}

/**
 * The first page of a list for a screen's HTML: FIRST_SCREEN rows, read by `read`, and the
 * address the screen asks for it again at (`url` with that limit); the pages after it are full ones.
 */
export async function firstScreen<R>(url: string, read: (page: PageQuery) => Promise<Paged<R>>): Promise<FirstPage<R>> {
  const page = await read({ limit: FIRST_SCREEN });
  return { url: withLimit(url, FIRST_SCREEN), ...toListPage(page, url) };
}

/**
 * The rows as a plain JSON array, as the specification's APIs answer, with the next page in a
 * `Link: <…>; rel="next"` header (RFC 8288, as GitHub's API gives it) and, on the first page, the
 * count in `X-Total-Count`.
 */
export function pageResponse<R>(req: Request, page: Paged<R>): NextResponse {
  const headers = new Headers();
  const { pathname, search } = new URL(req.url);
  if (page.next) headers.set('Link', `<${withCursor(`${pathname}${search}`, page.next)}>; rel="next"`);
  if (page.total) headers.set('X-Total-Count', formatTotalHeader(page.total));
  return NextResponse.json(page.items, { headers });
}
