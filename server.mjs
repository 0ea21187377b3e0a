// The production server: Next.js's own request handler behind a plain Node HTTP server, so that
// the app learns the client's address from the socket (lib/security/client-address.mjs says why
// `next start` cannot tell it), and compresses as Vercel's edge does: brotli first, then gzip.
// Run after `next build`:
//
//   node server.mjs [-p <port>] [-H <host>]      (or PORT / HOSTNAME; default 3000 on all interfaces)
//
// `--dir <app>` serves another build the same way (the bench's floors); by default, this one.
// On Vercel this file is not used: the platform runs the app, reports the client and compresses.
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { constants } from 'node:zlib';
import compression from 'compression';
import {
  CLIENT_ADDRESS_HEADER,
  TRUSTED_ADDRESS_FLAG,
  clientAddressOf,
  trustedProxyHops,
} from './lib/security/client-address.mjs';
import { precompressedStatic } from './lib/http/precompressed-static.mjs';
import { TEST_CLOCK_FLAG, TEST_CLOCK_PATH, testClockHook } from './lib/settings/test-clock.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' }, dir: { type: 'string' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME ?? '0.0.0.0';

// Set before Next.js loads: it reads NODE_ENV at import. The flag tells the app, in this process
// only, that CLIENT_ADDRESS_HEADER was written here.
process.env.NODE_ENV = 'production';
process.env[TRUSTED_ADDRESS_FLAG] = '1';
const hops = trustedProxyHops();

const { default: next } = await import('next');
const dir = values.dir ?? import.meta.dirname;
const app = next({ dev: false, hostname, port, dir });
const handle = app.getRequestHandler();
await app.prepare();

// Next.js's own compression is gzip only (next.config.mjs turns it off). Brotli at quality 5 makes
// the pages' HTML 13 to 32 % smaller than gzip for about 1.4 times its CPU (quality 11 costs 40
// times as much), and the home page's document then fits in the ten TCP segments (14.6 KB) a
// server sends before its first acknowledgement: one round trip less on a slow connection. A
// streamed page still arrives as it renders: Next.js flushes the compressor after each chunk.
const compress = compression({
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  // Next.js sets a route handler's headers as arrays, and `compression` (like Next.js's own) takes a
  // Content-Type array for an incompressible type: the API's JSON went out as it was. One value it
  // is. The order stream stays as written all the same: it says `no-transform`.
  filter(req, res) {
    const type = res.getHeader('Content-Type');
    if (Array.isArray(type) && type.length === 1) res.setHeader('Content-Type', type[0]);
    return compression.filter(req, res);
  },
});

// The build's scripts and stylesheets are compressed once, at quality 11, and then sent from
// memory (the module says why).
const precompressed = precompressedStatic(path.join(dir, '.next', 'static'));

// The browser journeys' clock (lib/settings/test-clock.mjs): absent unless asked for, and said aloud when it is.
const testClock = testClockHook();
if (testClock) console.log(`[bistro] ${TEST_CLOCK_FLAG}=1: ${TEST_CLOCK_PATH} sets this server's clock. For tests only, never in production.`);

createServer((req, res) => {
  // Replaces whatever the client sent under the same name.
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf({
    socketAddress: req.socket.remoteAddress,
    forwardedFor: req.headers['x-forwarded-for'],
    hops,
  });
  if (testClock?.(req, res)) return;
  const nextJs = () => void handle(req, res);
  if (!precompressed(req, res, nextJs)) compress(req, res, nextJs);
}).listen(port, hostname, () => {
  console.log(`▲ Bistro ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
});
