import type { Metadata } from 'next';
import { AccountSecurity } from '@/components/account/account-security';
import { Greeting } from '@/components/account/greeting';
import { ReadyEmailsToggle } from '@/components/mail/ready-emails-toggle';
import { requirePage } from '@/lib/dashboard/guard';
import { mailPreferences } from '@/lib/mail/preferences';
import { TextsPreferences } from '@/components/notify/texts-preferences';
import { textPreferences } from '@/lib/notify/consent';
import { smsConfig } from '@/lib/notify/sms/config';

export const metadata: Metadata = { title: 'User Home' };

export default async function UserHome() {
  const viewer = await requirePage('/dashboard/userHome');
  const [preferences, texts] = await Promise.all([mailPreferences(viewer), textPreferences(viewer)]);
  return (
    <div className="space-y-8">
      <Greeting name={viewer.name} />
      <AccountSecurity email={viewer.email} emailVerified={viewer.emailVerified} />
      <ReadyEmailsToggle initial={preferences} />
      {smsConfig().provider || texts.phone ? <TextsPreferences initial={texts} /> : null}
    </div>
  );
}
