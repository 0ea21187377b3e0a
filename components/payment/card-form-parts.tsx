import type { CheckoutIntent } from '@/lib/payments/types';
import { formatPrice } from '@/lib/menu/money';

/** What the demo and the Stripe card forms share: their props, the Pay button and the error line. */

export interface CardFormProps {
  /** Null until the server has opened the intent; Pay waits for it. */
  intent: CheckoutIntent | null;
  /** The provider said 'succeeded' for this transaction. */
  onSucceeded(transactionId: string): Promise<void>;
}

/** Pay, disabled with the reason shown while anything it needs is still on the way. */
export function PayButton({ price, waitingFor, busy }: { price?: number; waitingFor?: string; busy: boolean }) {
  const reason = waitingFor ?? (busy ? 'Processing your payment…' : undefined);
  return (
    <div className="mt-6">
      <button
        type="submit"
        disabled={reason !== undefined}
        aria-describedby={reason ? 'pay-reason' : undefined}
        className="w-full rounded bg-gold px-6 py-3 text-base font-semibold text-white hover:bg-gold-dark disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600"
      >
        {price === undefined ? 'Pay' : `Pay ${formatPrice(price)}`}
      </button>
      {reason ? (
        <p id="pay-reason" role="status" className="mt-2 text-center text-sm text-gray-600">
          {reason}
        </p>
      ) : null}
    </div>
  );
}

/** The provider's message, in red under the form (spec §5). */
export function CardError({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="mt-4 text-sm text-red-600">
      {message}
    </p>
  ) : null;
}
