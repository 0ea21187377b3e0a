import 'server-only';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { getSettings } from '@/lib/settings/store';
import { pushLabel } from './push/config';
import { monthOf, textsSentIn } from './sms/cap';
import { smsLabel } from './sms/config';
import type { NoticesOverview } from './types';

/** The admin home's view of texts and push: whether each channel is on and why not, and the month's texts against the cap. */
export async function noticesOverview(admin: Admin): Promise<NoticesOverview> {
  authorize(admin, 'admin');
  const [textsThisMonth, settings] = await Promise.all([monthOf().then(textsSentIn), getSettings()]);
  return { sms: smsLabel(), push: pushLabel(), textsThisMonth, textsPerMonth: settings.notices.textsPerMonth };
}
