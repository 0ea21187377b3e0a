// The build's scripts and stylesheets (/_next/static) in brotli at its best quality, compressed
// once and kept in memory, as Vercel's CDN serves them. Compressing per request, server.mjs can
// afford only quality 5; these files never change (their names are their content's hash), so the
// 40 times dearer quality 11 is paid once per file and makes them 9 % smaller again: the scripts
// and stylesheet a public page names come to 171 KB instead of 188 KB.
//
// A file is compressed the first time it is asked for, in the background, and goes out compressed
// per request until then. The next request is answered by Next.js as usual (its headers, status,
// ETag, 304 or 404), with only a 200's body swapped for the copy, and that head is kept with it.
// From then on the file is sent from memory with that same head, without Next.js's router: about
// a fifth of the server's time per file, which matters where the server shares its CPU with the
// browser (the bench) or serves without a CDN. A conditional or range request still goes to
// Next.js.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const compressBest = promisify(brotliCompress);
const PREFIX = '/_next/static/';
/** A build file's path: hashed names in plain characters, no `..`, scripts and stylesheets only. */
const BUILD_FILE = /^(?:[\w-]+\/)*[\w-][\w.~-]*\.(?:js|css)$/;
const CONDITIONS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since'];

/** Whether an Accept-Encoding header takes `br` (and not at q=0). */
function acceptsBrotli(header = '') {
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    return coding.toLowerCase() === 'br' && !params.some((p) => /^q=0(?:\.0*)?$/i.test(p));
  });
}

/**
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {{ body: Buffer, head?: import('node:http').OutgoingHttpHeaders }} Copy
 */

/**
 * @param {string} staticDir the build's `static` folder (`.next/static`)
 * @returns {(req: Request, res: Response, nextJs: () => void) => boolean} false when the request
 *   is not for a kept copy: the caller then compresses per request and lets Next.js answer
 */
export function precompressedStatic(staticDir) {
  /** URL path → its copy, or null while it is being compressed. Holds only files that exist. */
  const copies = new Map();

  /** @returns {Copy | null} */
  function copyOf(pathname) {
    if (copies.has(pathname)) return copies.get(pathname);
    copies.set(pathname, null);
    readFile(path.join(staticDir, pathname.slice(PREFIX.length)))
      .then((file) => compressBest(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      .then(
        (body) => copies.set(pathname, { body }),
        // Not a file of this build: Next.js answers 404. Forgotten, so that made-up names cannot
        // fill the map.
        () => copies.delete(pathname),
      );
    return null;
  }

  return (req, res, nextJs) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '').split('?')[0];
    if (!pathname.startsWith(PREFIX) || !BUILD_FILE.test(pathname.slice(PREFIX.length))) return false;
    if (req.headers.range || !acceptsBrotli(req.headers['accept-encoding'])) return false;
    const copy = copyOf(pathname);
    if (!copy) return false;
    const headOnly = req.method === 'HEAD';
    if (copy.head && !CONDITIONS.some((name) => req.headers[name] !== undefined)) {
      res.writeHead(200, copy.head);
      res.end(headOnly ? undefined : copy.body);
    } else {
      sendInstead(res, copy, headOnly);
      nextJs();
    }
    return true;
  };
}

/**
 * Lets Next.js write the head; if it is a 200, the body that goes out is the copy, in brotli, and
 * the head is kept with it for the requests that follow.
 * @param {Response} res
 * @param {Copy} copy
 * @param {boolean} headOnly
 */
function sendInstead(res, copy, headOnly) {
  const { writeHead, write, end } = res;
  let swapped = false;
  res.writeHead = function (status, ...rest) {
    swapped = status === 200;
    if (swapped) {
      this.setHeader('Content-Encoding', 'br');
      this.setHeader('Content-Length', copy.body.length);
      const vary = String(this.getHeader('Vary') ?? '');
      if (!/\baccept-encoding\b/i.test(vary)) this.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      // Only what was set by name: Next.js serves these files with setHeader alone.
      if (rest.length === 0) copy.head ??= { ...this.getHeaders() };
    }
    return writeHead.call(this, status, ...rest);
  };
  const head = () => {
    if (!res.headersSent) res.writeHead(res.statusCode);
  };
  res.write = function (...args) {
    head();
    return swapped ? true : write.apply(this, args);
  };
  res.end = function (...args) {
    head();
    if (!swapped) return end.apply(this, args);
    const done = args.find((arg) => typeof arg === 'function');
    return headOnly ? end.call(this, done) : end.call(this, copy.body, done);
  };
}
