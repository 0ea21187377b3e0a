// A local SMS catcher, the texts' counterpart of the mail catcher: an HTTP server on this machine
// that takes every text the app sends (SMS_PROVIDER=catcher) and shows them in a web inbox, so
// texts work with no account and none reaches a phone. `npm run dev` and `npm start` run one when
// no SMS_PROVIDER is set (port SMS_CATCHER_PORT, 1790); `npm test` runs one on a free port for the
// browser journeys. Its API: POST /api/messages { to, body } -> 201 { id }; GET /api/messages ->
// the texts, newest first; DELETE /api/messages empties the inbox.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const HOST = '127.0.0.1';
/** Texts kept; the oldest go first past it. */
const KEEP = 500;
const MAX_BODY = 16 * 1024;

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function inboxPage(messages) {
  const rows = messages
    .map((m) => `<li><p><strong>To ${escape(m.to)}</strong> <time datetime="${m.at}">${escape(new Date(m.at).toLocaleString())}</time></p><p>${escape(m.body)}</p></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>SMS catcher</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}li{list-style:none;border:1px solid #ccc;border-radius:.5rem;padding:.5rem 1rem;margin:.5rem 0}p{margin:.25rem 0}</style></head>
<body><h1>SMS catcher</h1><p>Every text the app sends lands here; none reaches a phone. Newest first; the page refreshes every 5 seconds.</p>${rows ? `<ul>${rows}</ul>` : '<p>No texts yet.</p>'}</body></html>`;
}

async function readBody(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts a catcher on `port` (0: a free one). Resolves with `{ url, env, messages, stop }`. */
export async function startSmsCatcher({ port = 0 } = {}) {
  const messages = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', `http://${HOST}`).pathname;
    const json = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (path === '/api/messages' && req.method === 'POST') {
        const { to, body } = JSON.parse(await readBody(req));
        if (typeof to !== 'string' || !/^\+[1-9]\d{6,14}$/.test(to)) return json(400, { error: 'to must be a number in E.164' });
        if (typeof body !== 'string' || !body) return json(400, { error: 'body must be text' });
        const message = { id: randomUUID(), to, body, at: new Date().toISOString() };
        messages.unshift(message);
        messages.length = Math.min(messages.length, KEEP);
        return json(201, { id: message.id });
      }
      if (path === '/api/messages' && req.method === 'GET') return json(200, messages);
      if (path === '/api/messages' && req.method === 'DELETE') {
        messages.length = 0;
        return json(200, { deleted: true });
      }
      if (path === '/' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(inboxPage(messages));
      }
      json(404, { error: 'Not found' });
    } catch {
      json(400, { error: 'Send { to, body } as JSON' });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, resolve);
  });
  const url = `http://${HOST}:${server.address().port}`;
  return {
    url,
    env: { SMS_PROVIDER: 'catcher', SMS_CATCHER_URL: url },
    messages,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The catcher for a local run, unless SMS_PROVIDER says where texts go (then null). A catcher
 * already listening on the port (another checkout's) is used as it is.
 */
export async function startSmsCatcherUnlessConfigured(env = process.env) {
  if (env.SMS_PROVIDER?.trim()) return null;
  const port = Number(env.SMS_CATCHER_PORT || 1790);
  try {
    const catcher = await startSmsCatcher({ port });
    console.log(`[bistro] SMS catcher: every text lands in ${catcher.url}; none reaches a phone`);
    return catcher;
  } catch (err) {
    if (err?.code !== 'EADDRINUSE') throw err;
    const url = `http://${HOST}:${port}`;
    console.log(`[bistro] Port ${port} is taken: texts go to the SMS catcher listening there (${url}).`);
    return { url, env: { SMS_PROVIDER: 'catcher', SMS_CATCHER_URL: url }, messages: [], stop: async () => {} };
  }
}
