/** Where a list's next page is, as the `Link` header names it and the screens ask for it (client-safe). */

/** `url` (a path with its query) at `cursor`: the same filters and limit, the next page. */
export function withCursor(url: string, cursor: string): string {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('cursor', cursor);
  return `${path}?${params}`;
}

/** `url` with `limit` set, or without it when `limit` is null (the API's default). */
export function withLimit(url: string, limit: number | null): string {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  if (limit === null) params.delete('limit');
  else params.set('limit', String(limit));
  return params.size ? `${path}?${params}` : path;
}

/** The target of the `rel="next"` link of a `Link` header (RFC 8288), if there is one. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2]!)) return match[1]!;
  }
  return null;
}

/** How many a list holds: exactly, or at least `count` when counting further would cost a scan. */
export interface ListTotal {
  count: number;
  atLeast: boolean;
}

/** The `X-Total-Count` header: `137`, or `1000+` for at least that many. */
export const formatTotalHeader = ({ count, atLeast }: ListTotal) => `${count}${atLeast ? '+' : ''}`;

export function parseTotalHeader(header: string | null): ListTotal | null {
  const match = header ? /^(\d+)(\+?)$/.exec(header) : null;
  return match ? { count: Number(match[1]), atLeast: match[2] === '+' } : null;
}

/** "1,234", or "1,000+": a capped count says so. */
export const formatTotal = (total: ListTotal) => `${total.count.toLocaleString('en-US')}${total.atLeast ? '+' : ''}`;

/** "1,234 orders", or "1,000+ orders". */
export function describeTotal(total: ListTotal, one: string, many: string): string {
  return `${formatTotal(total)} ${total.count === 1 && !total.atLeast ? one : many}`;
}

/** A first page rendered on the server, and the API address it is the first page of. */
export interface FirstPage<T> extends ListPage<T> {
  url: string;
}

/** One page of a list as the screens hold it: its rows, the URL of the next page, and the total when the first page said it. */
export interface ListPage<T> {
  items: T[];
  next: string | null;
  total: ListTotal | null;
}
