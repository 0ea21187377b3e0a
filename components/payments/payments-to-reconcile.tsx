import { formatCents } from '@/lib/menu/money';
import type { PaymentToReconcile } from '@/lib/payments/types';

/**
 * The admin home's notice of payments the reconciler has not finished for a while (a server
 * component: the list is read with the page). Nothing shows while there are none.
 */
export function PaymentsToReconcile({ payments }: { payments: PaymentToReconcile[] }) {
  if (!payments.length) return null;
  return (
    <section aria-labelledby="reconcile-title" role="alert" className="space-y-3 rounded-lg bg-amber-50 p-4 text-amber-950 shadow-sm md:p-6">
      <h2 id="reconcile-title" className="font-display text-xl uppercase">
        {payments.length === 1 ? 'A payment is' : `${payments.length} payments are`} waiting to be reconciled
      </h2>
      <p className="text-sm">
        The reconciler tries each again every few minutes, and records the order (or gives the money back) as soon as the card service answers. If one stays here, look it up in the card
        service&apos;s dashboard by its transaction id.
      </p>
      <ul className="divide-y divide-amber-200">
        {payments.map((payment) => (
          <li key={payment.transactionId} className="py-2 text-sm">
            <span className="font-semibold">{formatCents(payment.cents)}</span> from {payment.email}, since {payment.since}: {payment.state}
            {payment.problem ? ` (last try: ${payment.problem}${payment.tries ? `, ${payment.tries} ${payment.tries === 1 ? 'try' : 'tries'}` : ''})` : ''}
            <span className="block font-mono text-xs break-all">{payment.transactionId}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
