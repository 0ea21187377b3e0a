/**
 * A local push service that speaks the Web Push protocol (RFC 8030) as a browser's push service
 * does, over HTTPS: it makes subscriptions the way a browser does (a P-256 key pair and a 16-byte
 * auth secret per subscription), checks each push's VAPID Authorization (RFC 8292: an ES256 JWT
 * for this origin, unexpired, signed by the key the subscription was made with), decrypts its
 * aes128gcm payload (RFC 8188, RFC 8291), and answers 201; a subscription made gone answers 410,
 * an unknown one 404. It can also be taken down (503s).
 */
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushReceived {
  subscription: string;
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface PushEndpoint {
  origin: string;
  /** Its certificate, which a test trusts (https.globalAgent.options.ca) as a browser vendor's is trusted. */
  ca: Buffer;
  /** The pushes decrypted, oldest first. */
  received: PushReceived[];
  /** Pushes refused: why. */
  refused: string[];
  /** A new subscription, as PushManager.subscribe makes one for a site with this VAPID public key. */
  subscribe(applicationServerKey: string): BrowserSubscription;
  /** The browser unsubscribed or its user revoked the permission: 410 from now on. */
  expire(endpoint: string): void;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

const b64u = (bytes: Buffer) => bytes.toString('base64url');

/** A throwaway certificate for 127.0.0.1, made with the system's openssl. */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'bistro-push-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 8291: the plaintext of an aes128gcm body, for the subscription's private key and auth secret. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: the VAPID Authorization is an ES256 JWT for `origin`, unexpired (at most 24 h ahead), signed by `serverKey`. */
async function checkVapid(header: string | undefined, origin: string, serverKey: string): Promise<string | null> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid Authorization';
  const [, token, key] = match;
  if (key !== serverKey) return 'k is not the key the subscription was made with';
  if (decodeProtectedHeader(token!).alg !== 'ES256') return 'not ES256';
  const raw = Buffer.from(key, 'base64url');
  const jwk = await importJWK({ kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, 'ES256');
  try {
    const { payload } = await jwtVerify(token!, jwk, { audience: origin });
    if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) return 'exp missing or more than 24 h ahead';
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return 'sub is not mailto: or https:';
    return null;
  } catch (err) {
    return `JWT refused: ${(err as Error).message}`;
  }
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const subscriptions = new Map<string, { ua: ReturnType<typeof createECDH>; auth: Buffer; serverKey: string; gone: boolean }>();
  const received: PushReceived[] = [];
  const refused: string[] = [];
  let isDown = false;
  let origin = '';
  const tls = selfSigned();
  const server = createServer(tls, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = /^\/push\/([a-f0-9]+)$/.exec(req.url ?? '')?.[1];
    const sub = id ? subscriptions.get(id) : undefined;
    const answer = (status: number, why?: string) => {
      if (why) refused.push(why);
      res.writeHead(status);
      res.end(why ?? '');
    };
    if (req.method !== 'POST' || !sub) return answer(404, 'no such subscription');
    if (isDown) return answer(503);
    if (sub.gone) return answer(410, 'subscription expired');
    const vapid = await checkVapid(req.headers.authorization, origin, sub.serverKey);
    if (vapid) return answer(403, vapid);
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm');
    if (!req.headers.ttl) return answer(400, 'no TTL');
    let payload: unknown;
    try {
      payload = JSON.parse(decrypt(Buffer.concat(chunks), sub.ua, sub.auth).toString('utf8'));
    } catch (err) {
      return answer(400, `cannot decrypt: ${(err as Error).message}`);
    }
    received.push({ subscription: id!, payload, ttl: req.headers.ttl as string, urgency: req.headers.urgency as string | undefined });
    res.writeHead(201, { location: `${origin}/message/${randomBytes(8).toString('hex')}` });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    ca: tls.cert,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('hex');
      subscriptions.set(id, { ua, auth, serverKey: applicationServerKey, gone: false });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64u(ua.getPublicKey()), auth: b64u(auth) } };
    },
    expire(endpoint) {
      const id = endpoint.split('/').pop()!;
      subscriptions.get(id)!.gone = true;
    },
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
