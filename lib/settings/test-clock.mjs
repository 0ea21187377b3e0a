// The browser journeys' way to move the server's clock, so a journey about time (a pause that
// ends, a slot that opens, a kitchen gone quiet, a guest idle for 30 days) sets it instead of
// waiting for it. The app reads time through lib/settings/clock.ts, which adds the offset kept
// here, and only this hook writes it. The hook exists only in a server started with
// BISTRO_TEST_CLOCK=1 (the journeys' servers): anywhere else its path is an unknown page (404),
// and no header, cookie or query a client sends moves the clock. Plain JavaScript because
// server.mjs runs under plain Node.

/** The switch, in the server's environment: '1' or the hook does not exist. */
export const TEST_CLOCK_FLAG = 'BISTRO_TEST_CLOCK';

/** Where the hook answers: GET the clock, PUT `{ at }` or `{ advanceMs }`, DELETE for the real time. */
export const TEST_CLOCK_PATH = '/__test/clock';

// On globalThis: Next.js loads the app's modules in more than one bundle of the same process.
const OFFSET = Symbol.for('bistro.testClockOffsetMs');

/** How far the test hook has moved the clock, in ms (0 unless a journey moved it). */
export function clockOffsetMs() {
  return globalThis[OFFSET] ?? 0;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const MAX_BODY = 1024;

/**
 * The hook for server.mjs: a function that answers a request for TEST_CLOCK_PATH and says whether
 * it did, or null when `env` does not turn it on. Only a client on this machine may use it.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean) | null}
 */
export function testClockHook(env = process.env) {
  if (env[TEST_CLOCK_FLAG] !== '1') return null;
  return (req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== TEST_CLOCK_PATH) return false;
    const answer = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const state = () => ({ now: new Date(Date.now() + clockOffsetMs()).toISOString(), offsetMs: clockOffsetMs() });
    if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) {
      answer(404, { error: 'Not found' });
      return true;
    }
    if (req.method === 'GET') answer(200, state());
    else if (req.method === 'DELETE') {
      globalThis[OFFSET] = 0;
      answer(200, state());
    } else if (req.method === 'PUT') {
      readBody(req).then(
        (body) => {
          const change = parseChange(body);
          if ('error' in change) return answer(400, change);
          globalThis[OFFSET] = 'at' in change ? change.at - Date.now() : clockOffsetMs() + change.advanceMs;
          answer(200, state());
        },
        (err) => answer(400, { error: err.message }),
      );
    } else answer(405, { error: 'Use GET, PUT or DELETE.' });
    return true;
  };
}

/** `{ at }` (an instant the clock then reads) or `{ advanceMs }` (how far it moves on, not back). */
function parseChange(text) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: 'The body must be JSON: { "at": "<ISO date>" } or { "advanceMs": <ms> }.' };
  }
  if (typeof body?.at === 'string' && Number.isFinite(Date.parse(body.at))) return { at: Date.parse(body.at) };
  if (Number.isSafeInteger(body?.advanceMs) && body.advanceMs >= 0) return { advanceMs: body.advanceMs };
  return { error: 'Give "at" (an ISO date) or "advanceMs" (whole milliseconds, 0 or more).' };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      text += chunk;
      if (text.length > MAX_BODY) {
        reject(new Error('The body is too long.'));
        req.destroy();
      }
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
