import 'server-only';
import { SmsError, type SmsProvider } from './provider';

/**
 * The local SMS catcher (scripts/sms-catcher.mjs): every text is posted to its inbox, where it can
 * be read, and reaches no phone. Only ever on this machine (lib/notify/sms/config.ts refuses any
 * other address, and refuses it on real services). Nobody can reply from it: no request to the
 * inbound webhook is the catcher's.
 */
export function catcherProvider(url: string): SmsProvider {
  return {
    name: 'the local SMS catcher',
    async send({ to, body }) {
      let res: Response;
      try {
        res = await fetch(`${url}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, body }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        throw new SmsError(`The SMS catcher at ${url} cannot be reached: ${err instanceof Error ? err.message : String(err)}`, 'down');
      }
      if (res.status === 403) throw new SmsError(`The SMS catcher says ${to} replied STOP.`, 'opted-out');
      if (!res.ok) throw new SmsError(`The SMS catcher answered ${res.status}.`, res.status >= 500 ? 'retry' : 'refused');
      return { id: String(((await res.json()) as { id?: unknown }).id ?? '') };
    },
    readInbound() {
      return null;
    },
    answer(reply) {
      return { body: JSON.stringify({ reply }), contentType: 'application/json' };
    },
  };
}
