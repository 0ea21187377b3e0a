/**
 * Web Push's keys, read from the environment when used (docs/texts-and-push.md): the VAPID key
 * pair that identifies this server to the browsers' push services, and the contact they may
 * write to. Without both keys push is off, and says why. No server imports.
 */

type Env = Readonly<Record<string, string | undefined>>;

export type PushConfig = { on: true; publicKey: string; privateKey: string; subject: string } | { on: false; off: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Why the push settings cannot be used, or null when they can (or push is simply off). Checked at start. */
export function pushConfigProblem(env: Env = process.env): string | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) return 'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys makes a pair), or neither.';
  // An uncompressed P-256 point is 65 bytes (87 base64url characters), the private key 32 (43).
  if (!BASE64URL.test(publicKey) || publicKey.length !== 87) return 'VAPID_PUBLIC_KEY is not a VAPID public key (87 base64url characters).';
  if (!BASE64URL.test(privateKey) || privateKey.length !== 43) return 'VAPID_PRIVATE_KEY is not a VAPID private key (43 base64url characters).';
  const subject = env.VAPID_SUBJECT?.trim();
  if (subject && !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) return 'VAPID_SUBJECT is a mailto: address or an https:// URL.';
  return null;
}

export function pushConfig(env: Env = process.env): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return { on: false, off: 'Push is off: no VAPID keys are configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).' };
  const problem = pushConfigProblem(env);
  if (problem) return { on: false, off: `Push is off: ${problem}` };
  const contact = env.NEXT_PUBLIC_CONTACT_EMAIL?.trim();
  return { on: true, publicKey, privateKey, subject: env.VAPID_SUBJECT?.trim() || (contact ? `mailto:${contact}` : 'mailto:hello@bistro.test') };
}

export function pushLabel(config: PushConfig = pushConfig()): { on: boolean; detail: string } {
  return config.on ? { on: true, detail: 'Web Push, through each browser\'s push service' } : { on: false, detail: config.off };
}
