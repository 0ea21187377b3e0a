import 'server-only';
import twilio from 'twilio';
import type { SmsConfig } from './config';
import { SmsError, type SmsProvider } from './provider';

/**
 * Texts through Twilio's Messages API with its own library: a message is created from the
 * Messaging Service (which applies Advanced Opt-Out: STOP, START and HELP) or from a number, and
 * inbound replies are verified by their X-Twilio-Signature (HMAC-SHA1 of the URL Twilio called and
 * the sorted fields, keyed with the auth token). TWILIO_API_BASE points the library at another
 * host (a local fake in the tests), as STRIPE_API_BASE does for Stripe.
 */

/** How long Twilio may take to answer; the outbox tries again later past it. */
const TIMEOUT_MS = 15_000;

/** Twilio's error codes that mean this number cannot be texted, whatever is tried. */
const NOT_TEXTABLE = new Set([21211, 21214, 21217, 21407, 21408, 21612, 21614]);
/** "Attempt to send to unsubscribed recipient": the number replied STOP to this sender. */
const UNSUBSCRIBED = 21610;

type TwilioConfig = Extract<SmsConfig, { provider: 'twilio' }>;

/** The library's request client, sending to `apiBase` instead of Twilio's hosts. */
function clientTowards(apiBase: string): InstanceType<typeof twilio.RequestClient> {
  const base = new URL(apiBase);
  const client = new twilio.RequestClient({ timeout: TIMEOUT_MS });
  const request = client.request.bind(client);
  client.request = (opts) => {
    const uri = new URL(opts.uri);
    uri.protocol = base.protocol;
    uri.host = base.host;
    return request({ ...opts, uri: uri.toString() });
  };
  return client;
}

function errorOf(err: unknown): SmsError {
  const { status, code, message } = (err ?? {}) as { status?: number; code?: number; message?: string };
  const said = message ? `Twilio said: ${message}` : `Twilio could not be reached: ${String(err)}`;
  if (code === UNSUBSCRIBED) return new SmsError(said, 'opted-out');
  if (code !== undefined && NOT_TEXTABLE.has(code)) return new SmsError(said, 'refused');
  if (status === undefined) return new SmsError(said, 'down');
  if (status === 429 || status >= 500) return new SmsError(said, 'retry');
  // Refused as it was asked (bad credentials, a sender Twilio will not use): the diner is emailed instead, and the log says why.
  console.error(`[notify] Twilio refused a text (${status}${code ? `, error ${code}` : ''}): ${message ?? ''}`);
  return new SmsError(said, 'refused');
}

export function twilioProvider(config: TwilioConfig): SmsProvider {
  const client = twilio(config.accountSid, config.authToken, {
    timeout: TIMEOUT_MS,
    autoRetry: false,
    ...(config.apiBase ? { httpClient: clientTowards(config.apiBase) } : {}),
  });
  return {
    name: 'Twilio',
    async send({ to, body }) {
      try {
        const message = await client.messages.create({
          to,
          body,
          ...(config.messagingServiceSid ? { messagingServiceSid: config.messagingServiceSid } : { from: config.from! }),
        });
        return { id: message.sid };
      } catch (err) {
        throw errorOf(err);
      }
    },
    readInbound(url, params, signature) {
      if (!signature || !twilio.validateRequest(config.authToken, signature, url, params)) return null;
      if (!params.From || params.Body === undefined) return null;
      const type = params.OptOutType?.toUpperCase();
      return { from: params.From, body: params.Body, ...(type === 'STOP' || type === 'START' || type === 'HELP' ? { keyword: type } : {}) };
    },
    answer(reply) {
      const twiml = new twilio.twiml.MessagingResponse();
      if (reply) twiml.message(reply);
      return { body: twiml.toString(), contentType: 'text/xml' };
    },
  };
}
