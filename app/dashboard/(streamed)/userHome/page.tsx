import type { Metadata } from 'next';
import { AccountSecurity } from '@/components/account/account-security';
import { Greeting } from '@/components/account/greeting';
import { requirePage } from '@/lib/dashboard/guard';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('User Home') };

export default async function UserHome() {
  const viewer = await requirePage('/dashboard/userHome');
  return (
    <div className="space-y-8">
      <Greeting name={viewer.name} />
      <AccountSecurity email={viewer.email} emailVerified={viewer.emailVerified} />
    </div>
  );
}
