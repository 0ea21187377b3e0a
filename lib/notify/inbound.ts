import 'server-only';
import { HttpError } from '@/lib/api/http';
import { site } from '@/lib/config/site';
import { restaurantDetails } from '@/lib/mail/restaurant';
import { clearOptOut, recordOptOut } from './consent';
import { toE164 } from './schemas';
import { smsConfig } from './sms/config';
import { smsProvider } from './sms';

/**
 * Replies to our texts, through the provider's inbound webhook. Only a request the provider
 * signed is read (Twilio signs the address it called and every field with the account's auth
 * token). STOP and its synonyms record the number as opted out, so nothing more is texted to it;
 * START takes that back; HELP is answered with who we are and how to reach us. Twilio's Advanced
 * Opt-Out confirms STOP and START itself and, when it names the keyword, answers HELP itself too:
 * we add no second reply.
 */

const STOP = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START = new Set(['START', 'UNSTOP', 'YES']);
const HELP = new Set(['HELP', 'INFO']);

/** The keyword a reply is, when it is one word of the lists (any case, spaces around ignored): "stop texting me" is not. */
export function keywordOf(body: string): 'STOP' | 'START' | 'HELP' | null {
  const word = body.trim().toUpperCase();
  if (STOP.has(word)) return 'STOP';
  if (START.has(word)) return 'START';
  if (HELP.has(word)) return 'HELP';
  return null;
}

/** The address the provider called: the one configured with it, else this site's public address. */
function calledUrl(req: Request): string {
  const config = smsConfig();
  if (config.provider === 'twilio' && config.webhookUrl) return config.webhookUrl;
  const { pathname, search } = new URL(req.url);
  return `${site.url}${pathname}${search}`;
}

export async function handleInboundText(req: Request, body: string): Promise<{ body: string; contentType: string }> {
  const provider = smsProvider();
  if (!provider) throw new HttpError(404, smsConfig().provider === null ? 'Texts are off: this site takes no replies.' : 'Texts are off.');
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? '')) throw new HttpError(415, 'Send the fields as application/x-www-form-urlencoded.');
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) params[key] = value;
  const inbound = provider.readInbound(calledUrl(req), params, req.headers.get('x-twilio-signature'));
  if (!inbound) throw new HttpError(403, 'The signature does not match this request: it is not from the SMS provider.');
  const from = toE164(inbound.from);
  if (!from) throw new HttpError(400, 'From is not a phone number.');
  const keyword = inbound.keyword ?? keywordOf(inbound.body);
  if (keyword === 'STOP') await recordOptOut(from, inbound.body.trim().toUpperCase().slice(0, 20) || 'STOP');
  if (keyword === 'START') await clearOptOut(from);
  if (keyword !== 'HELP' || inbound.keyword) return provider.answer(null);
  const { name, phone, email } = await restaurantDetails();
  return provider.answer(`${name}: we text about your orders only (ready, running late, refunds), never marketing. Help: ${phone} or ${email}. Reply STOP to stop texts, START to get them again.`);
}
