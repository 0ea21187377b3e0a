import { demoPaymentsOnPurpose } from '@/lib/payments/mode';

/** Said on every page when a deployment on real services takes the demo card on purpose (PAYMENTS=demo). */
export function DemoPaymentsBanner() {
  if (!demoPaymentsOnPurpose()) return null;
  return (
    <p role="status" className="bg-amber-300 px-4 py-1 text-center text-sm font-semibold text-ink print:hidden">
      Demo payments: nobody is charged
    </p>
  );
}
