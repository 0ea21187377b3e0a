import 'server-only';
import { authorize, narrow, type Shopper } from '@/lib/auth/viewer';
import { textPreferences } from './consent';
import { pushConfig } from './push/config';
import { formatPhone } from './schemas';
import { smsConfig } from './sms/config';
import type { PushOffer } from './types';

/**
 * What the pages offer: texts at checkout (when an SMS provider is on), starting from what a
 * signed-in diner's account keeps; push on the receipt page (when VAPID keys are set).
 */

export async function checkoutTexts(viewer: Shopper): Promise<{ offered: boolean; saved: { phone: string; consent: boolean } }> {
  authorize(viewer, 'guest');
  const offered = smsConfig().provider !== null;
  if (!offered || viewer.role === 'guest') return { offered, saved: { phone: '', consent: false } };
  const saved = await textPreferences(narrow(viewer, 'diner'));
  return { offered, saved: { phone: saved.phone ? formatPhone(saved.phone) : '', consent: saved.texts && !saved.stopped } };
}

/** The push offer of the receipt page (and of a staff device), or null when push is off. */
export function pushOffer(): PushOffer | null {
  const config = pushConfig();
  return config.on ? { publicKey: config.publicKey } : null;
}
