import type { Metadata } from 'next';
import { AccountSecurity } from '@/components/account/account-security';
import { Greeting } from '@/components/account/greeting';
import { ReadyEmailsToggle } from '@/components/mail/ready-emails-toggle';
import { requirePage } from '@/lib/dashboard/guard';
import { mailPreferences } from '@/lib/mail/preferences';

export const metadata: Metadata = { title: 'User Home' };

export default async function UserHome() {
  const viewer = await requirePage('/dashboard/userHome');
  const preferences = await mailPreferences(viewer);
  return (
    <div className="space-y-8">
      <Greeting name={viewer.name} />
      <AccountSecurity email={viewer.email} emailVerified={viewer.emailVerified} />
      <ReadyEmailsToggle initial={preferences} />
    </div>
  );
}
