import { onRealServices } from '@/lib/payments/mode';

/**
 * Which SMS provider sends texts, read from the environment when used (docs/texts-and-push.md):
 * `SMS_PROVIDER=twilio` with its keys, or `catcher`, the local SMS catcher that `npm run dev` and
 * `npm start` run (every text lands in its inbox, none reaches a phone). Without one, texts are
 * off, and the reason is what the admin home and the checkout read. No server imports, so the
 * start check reads it too.
 */

type Env = Readonly<Record<string, string | undefined>>;

export type SmsConfig =
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string | null; messagingServiceSid: string | null; apiBase: string | null; webhookUrl: string | null }
  | { provider: 'catcher'; url: string }
  | { provider: null; off: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why the SMS settings cannot be used, or null when they can (or texts are simply off). Checked at start. */
export function smsConfigProblem(env: Env = process.env): string | null {
  const provider = env.SMS_PROVIDER?.trim();
  if (!provider) return null;
  if (provider === 'twilio') {
    if (!env.TWILIO_ACCOUNT_SID?.trim() || !env.TWILIO_AUTH_TOKEN?.trim()) return 'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.';
    if (!/^AC[0-9a-fA-F]{32}$/.test(env.TWILIO_ACCOUNT_SID.trim())) return 'TWILIO_ACCOUNT_SID is an AC followed by 32 hexadecimal digits (your Twilio Console shows it).';
    const from = env.TWILIO_FROM?.trim();
    const service = env.TWILIO_MESSAGING_SERVICE_SID?.trim();
    if (!from && !service) return 'SMS_PROVIDER=twilio needs TWILIO_MESSAGING_SERVICE_SID (recommended: it handles STOP and HELP) or TWILIO_FROM, the number texts come from.';
    if (service && !/^MG[0-9a-fA-F]{32}$/.test(service)) return 'TWILIO_MESSAGING_SERVICE_SID is an MG followed by 32 hexadecimal digits.';
    if (from && !/^\+[1-9]\d{6,14}$/.test(from)) return 'TWILIO_FROM is a number in E.164 form, such as +15550102024.';
    return null;
  }
  if (provider === 'catcher') {
    const url = env.SMS_CATCHER_URL?.trim();
    if (!url) return 'SMS_PROVIDER=catcher needs SMS_CATCHER_URL (npm run dev sets both).';
    let host: string;
    try {
      host = new URL(url).host.replace(/:\d+$/, '');
    } catch {
      return 'SMS_CATCHER_URL is not a URL.';
    }
    if (!LOOPBACK.has(host)) return 'SMS_CATCHER_URL must be on this machine (127.0.0.1 or localhost): the catcher is a local stand-in, not a provider.';
    return null;
  }
  return `SMS_PROVIDER must be twilio or catcher, not ${provider}.`;
}

export function smsConfig(env: Env = process.env): SmsConfig {
  const provider = env.SMS_PROVIDER?.trim();
  if (!provider) return { provider: null, off: 'Texts are off: no SMS provider is configured (SMS_PROVIDER).' };
  const problem = smsConfigProblem(env);
  if (problem) return { provider: null, off: `Texts are off: ${problem}` };
  if (provider === 'catcher') {
    // The catcher reaches no phone: on real services it would swallow every diner's texts.
    if (onRealServices(env as NodeJS.ProcessEnv)) return { provider: null, off: 'Texts are off: the local SMS catcher is for a local run only, and this server runs on real services. Set SMS_PROVIDER=twilio.' };
    return { provider: 'catcher', url: env.SMS_CATCHER_URL!.trim().replace(/\/+$/, '') };
  }
  return {
    provider: 'twilio',
    accountSid: env.TWILIO_ACCOUNT_SID!.trim(),
    authToken: env.TWILIO_AUTH_TOKEN!.trim(),
    from: env.TWILIO_FROM?.trim() || null,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID?.trim() || null,
    apiBase: env.TWILIO_API_BASE?.trim() || null,
    webhookUrl: env.TWILIO_WEBHOOK_URL?.trim() || null,
  };
}

/** Who sends the texts, for the admin's eyes, or why nobody does. */
export function smsLabel(config: SmsConfig = smsConfig()): { on: boolean; detail: string } {
  if (config.provider === 'twilio') return { on: true, detail: config.apiBase ? `Twilio (through ${config.apiBase})` : 'Twilio' };
  if (config.provider === 'catcher') return { on: true, detail: `the local SMS catcher at ${config.url}: texts reach no phone` };
  return { on: false, detail: config.off };
}
