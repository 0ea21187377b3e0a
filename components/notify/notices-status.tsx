import Link from 'next/link';
import type { NoticesOverview } from '@/lib/notify/types';

/**
 * The admin home's word on texts and push: whether each is on (and why not), the month's texts
 * against the cap, and a warning once the cap is reached and notices go by email instead.
 */
export function NoticesStatus({ overview }: { overview: NoticesOverview }) {
  const { sms, push, textsThisMonth, textsPerMonth } = overview;
  const capped = sms.on && textsThisMonth >= textsPerMonth;
  return (
    <section aria-labelledby="notices-title" className="space-y-2 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="notices-title" className="font-display text-2xl uppercase">
        Texts and push
      </h2>
      {capped ? (
        <p role="alert" className="rounded bg-amber-50 px-4 py-3 text-amber-900">
          {textsPerMonth === 0 ? 'Texts per month is 0 in Settings' : `This month's ${textsPerMonth} texts are used`}: diners who asked for texts get email
          instead until the month ends. <Link href="/dashboard/settings#settings-notices" className="font-semibold underline">Change the cap in Settings</Link>.
        </p>
      ) : null}
      <ul className="space-y-1 text-sm text-gray-800">
        <li>
          <strong>Texts:</strong> {sms.on ? `sent through ${sms.detail}; ${textsThisMonth} of ${textsPerMonth} this month.` : sms.detail}
        </li>
        <li>
          <strong>Push:</strong> {push.on ? `on (${push.detail}).` : push.detail}
        </li>
      </ul>
    </section>
  );
}
