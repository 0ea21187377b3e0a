// The production server: Next.js's own request handler behind a plain Node HTTP server, so that
// the app learns the client's address from the socket (lib/security/client-address.mjs says why
// `next start` cannot tell it). Run after `next build`:
//
//   node server.mjs [-p <port>] [-H <host>]      (or PORT / HOSTNAME; default 3000 on all interfaces)
//
// On Vercel this file is not used: the platform runs the app and reports the client itself.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import {
  CLIENT_ADDRESS_HEADER,
  TRUSTED_ADDRESS_FLAG,
  clientAddressOf,
  trustedProxyHops,
} from './lib/security/client-address.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME ?? '0.0.0.0';

// Set before Next.js loads: it reads NODE_ENV at import. The flag tells the app, in this process
// only, that CLIENT_ADDRESS_HEADER was written here.
process.env.NODE_ENV = 'production';
process.env[TRUSTED_ADDRESS_FLAG] = '1';
const hops = trustedProxyHops();

const { default: next } = await import('next');
const app = next({ dev: false, hostname, port, dir: import.meta.dirname });
const handle = app.getRequestHandler();
await app.prepare();

createServer((req, res) => {
  // Replaces whatever the client sent under the same name.
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf({
    socketAddress: req.socket.remoteAddress,
    forwardedFor: req.headers['x-forwarded-for'],
    hops,
  });
  void handle(req, res);
}).listen(port, hostname, () => {
  console.log(`▲ Bistro ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
});
