/**
 * A small local stand-in for Twilio's Programmable Messaging, as its documentation describes it,
 * so the real `twilio` library can be driven offline: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
 * with HTTP Basic auth (the account SID and auth token) and form fields (To, Body, From or
 * MessagingServiceSid), answered with a Message resource (201) or Twilio's error object
 * (`{ code, message, more_info, status }`): 21211 for a number that is not one, 21610 for a number
 * that replied STOP. It can be taken down (503s, as Twilio's 20503) and made slow, and it signs
 * inbound webhooks as Twilio does (X-Twilio-Signature: base64 HMAC-SHA1 of the URL and the sorted
 * fields, keyed with the auth token), computed here from the documentation, not by the library.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const ACCOUNT_SID = `AC${'0a1b2c3d'.repeat(4)}`;
export const AUTH_TOKEN = 'fake-twilio-auth-token-0123456789';
export const SERVICE_SID = `MG${'9f8e7d6c'.repeat(4)}`;

export interface FakeMessage {
  sid: string;
  to: string;
  body: string;
  from: string | null;
  messagingServiceSid: string | null;
  at: Date;
}

export interface FakeTwilio {
  url: string;
  /** Messages Twilio took, oldest first. */
  messages: FakeMessage[];
  /** Requests to the Messages endpoint, taken or not. */
  requests: number;
  /** Numbers that replied STOP to the sender: Twilio refuses to text them (21610). */
  unsubscribed: Set<string>;
  /** Answers 503 to everything until `up()`. */
  down(): void;
  up(): void;
  /** Holds every answer this long. */
  slow(ms: number): void;
  close(): Promise<void>;
}

/** The signature Twilio puts on a webhook request to `url` with these form fields. */
export function twilioSignature(url: string, params: Record<string, string>, authToken = AUTH_TOKEN): string {
  const data = url + Object.keys(params).sort().map((key) => key + params[key]).join('');
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

function error(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const messages: FakeMessage[] = [];
  const unsubscribed = new Set<string>();
  let isDown = false;
  let delay = 0;
  let requests = 0;
  const path = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (req.url !== path || req.method !== 'POST') return error(res, 404, 20404, `The requested resource ${req.url} was not found`);
    requests++;
    if (isDown) return error(res, 503, 20503, 'Service Unavailable');
    const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    if (!from && !service) return error(res, 400, 21603, "The 'From' number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!body) return error(res, 400, 21602, 'Message body is required.');
    if (unsubscribed.has(to)) return error(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    const message: FakeMessage = { sid: `SM${randomBytes(16).toString('hex')}`, to, body, from, messagingServiceSid: service, at: new Date() };
    messages.push(message);
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        sid: message.sid,
        account_sid: ACCOUNT_SID,
        to,
        from,
        messaging_service_sid: service,
        body,
        status: 'queued',
        direction: 'outbound-api',
        num_segments: String(Math.ceil(body.length / 153)),
        num_media: '0',
        api_version: '2010-04-01',
        date_created: message.at.toUTCString(),
        date_updated: message.at.toUTCString(),
        date_sent: null,
        error_code: null,
        error_message: null,
        price: null,
        price_unit: 'USD',
        uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${message.sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${message.sid}/Media.json` },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    get requests() {
      return requests;
    },
    unsubscribed,
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    slow: (ms) => {
      delay = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that points the app's Twilio provider at the fake. */
export function twilioEnv(fake: FakeTwilio): Record<string, string> {
  return { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID, TWILIO_API_BASE: fake.url };
}
