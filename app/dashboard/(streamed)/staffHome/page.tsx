import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountSecurity } from '@/components/account/account-security';
import { Greeting } from '@/components/account/greeting';
import { COLUMNS } from '@/components/kitchen/tickets';
import { requirePage } from '@/lib/dashboard/guard';
import { countOpenOrders } from '@/lib/orders/orders';

export const metadata: Metadata = { title: 'Staff Home' };

/** Where a shift starts: what is waiting in the kitchen right now, and the way to it. */
export default async function StaffHome() {
  const staff = await requirePage('/dashboard/staffHome');
  const open = await countOpenOrders(staff);
  return (
    <div className="space-y-8">
      <Greeting name={staff.name} />
      <section aria-labelledby="waiting" className="space-y-4">
        <h2 id="waiting" className="font-display text-2xl uppercase">
          In the kitchen now
        </h2>
        <ul aria-label="Tickets by column" className="grid gap-4 sm:grid-cols-3">
          {COLUMNS.map(({ status, title }) => (
            <li key={status} className="rounded-lg bg-white p-6 text-center shadow-sm">
              <span className="block text-4xl font-bold tabular-nums">{open[status]}</span>
              <span className="text-lg">{title}</span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Link href="/dashboard/kitchen" className="rounded bg-ink px-6 py-3 text-lg font-semibold text-white hover:bg-gold-dark">
            Open the kitchen display
          </Link>
          <Link href="/dashboard/manageOrders" className="rounded border-2 border-ink px-6 py-3 text-lg font-semibold hover:bg-cream">
            Manage orders
          </Link>
        </div>
      </section>
      <AccountSecurity email={staff.email} emailVerified={staff.emailVerified} />
    </div>
  );
}
