// First-load JavaScript of a page: every script under /_next/static that its HTML loads
// (<script src>, <link rel="modulepreload">, <link rel="preload" as="script">), each fetched
// once and gzipped with zlib at level 9. Inline scripts (the RSC payload Next.js streams as
// `self.__next_f.push(...)`) and `<script nomodule>` (Next.js's legacy polyfills, which modern
// browsers never download) are reported separately and not counted in the total.
import { gzipSync } from 'node:zlib';

export const GZIP_LEVEL = 9;

const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributes(source) {
  const attrs = {};
  for (const m of source.matchAll(ATTR)) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return attrs;
}

const decode = (s) =>
  s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** Script URLs and inline script text found in an HTML document. */
export function scriptsInHtml(html, pageUrl) {
  const urls = new Set();
  const other = new Set();
  const nomodule = new Set();
  let inline = '';
  const add = (raw) => {
    if (!raw) return;
    const url = new URL(decode(raw), pageUrl);
    if (url.origin === new URL(pageUrl).origin && url.pathname.startsWith('/_next/static/')) urls.add(url.href);
    else other.add(url.href);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(m[1]);
    if ('nomodule' in attrs) {
      if (attrs.src) nomodule.add(new URL(decode(attrs.src), pageUrl).href);
    } else if ('src' in attrs) add(attrs.src);
    else if (!attrs.type || /javascript|module/i.test(attrs.type)) inline += m[2];
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') || (rel.includes('preload') && (attrs.as ?? '').toLowerCase() === 'script')) add(attrs.href);
  }
  // A URL both preloaded and loaded as nomodule is a polyfill: not first-load JS.
  for (const u of nomodule) urls.delete(u);
  return { urls: [...urls], other: [...other], nomodule: [...nomodule], inline };
}

const gzipSize = (buf) => gzipSync(buf, { level: GZIP_LEVEL }).length;

/**
 * Measures each page, fetched with `headers` (a session cookie for pages behind sign-in; a redirect
 * is an error, never the measure of the page it leads to). Returns { pages: [{ path, bytes, rawBytes, chunks, inlineBytes, other, nomodule, nomoduleBytes }],
 * chunks: [{ url, raw, gz, pages }] (largest first), sharedBytes, sharedChunks, totalBytes, chunkCount }
 * (bytes gzipped; shared = chunks every page loads).
 */
export async function measureFirstLoadJs(baseUrl, paths, { headers } = {}) {
  const cache = new Map(); // url -> Promise<{ raw, gz }>
  const fetchChunk = (url) => {
    if (!cache.has(url)) {
      cache.set(
        url,
        (async () => {
          const res = await fetch(url);
          if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
          const buf = Buffer.from(await res.arrayBuffer());
          return { raw: buf.length, gz: gzipSize(buf) };
        })(),
      );
    }
    return cache.get(url);
  };

  const pages = [];
  for (const path of paths) {
    const pageUrl = new URL(path, baseUrl).href;
    const res = await fetch(pageUrl, { headers, redirect: 'manual' });
    const html = await res.text();
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const { urls, other, nomodule, inline } = scriptsInHtml(html, pageUrl);
    const sizes = await Promise.all(urls.map(fetchChunk));
    pages.push({
      path,
      chunks: urls,
      bytes: sizes.reduce((n, s) => n + s.gz, 0),
      rawBytes: sizes.reduce((n, s) => n + s.raw, 0),
      inlineBytes: inline ? gzipSize(Buffer.from(inline)) : 0,
      other,
      nomodule,
      nomoduleBytes: (await Promise.all(nomodule.map(fetchChunk))).reduce((n, s) => n + s.gz, 0),
    });
  }
  const shared = pages.length ? pages[0].chunks.filter((u) => pages.every((p) => p.chunks.includes(u))) : [];
  const sum = async (list) => (await Promise.all(list.map(fetchChunk))).reduce((n, s) => n + s.gz, 0);
  const all = [...new Set(pages.flatMap((p) => p.chunks))];
  const chunks = await Promise.all(
    all.map(async (url) => ({ url, ...(await fetchChunk(url)), pages: pages.filter((p) => p.chunks.includes(url)).map((p) => p.path) })),
  );
  chunks.sort((a, b) => b.gz - a.gz);
  return { pages, chunks, sharedChunks: shared, sharedBytes: await sum(shared), totalBytes: await sum(all), chunkCount: all.length };
}
