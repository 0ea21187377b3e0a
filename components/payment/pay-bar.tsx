import { formatCents } from '@/lib/menu/money';

interface PayBarProps {
  /** What the diner pays, tip included. */
  totalCents: number;
  /** Why Pay cannot be pressed yet, shown under it. */
  waitingFor?: string;
  busy: boolean;
  /** The form Pay submits, so the bar may sit outside it (a sticky bar at the bottom of a phone's screen). */
  form: string;
}

/**
 * The total and Pay, in one small piece a layout can place anywhere. On a phone it stays at the
 * bottom of the screen while the diner scrolls through the choices and the card (the page leaves
 * room for it), so Pay is always in reach; from tablet width it sits under the card.
 */
export function PayBar({ totalCents, waitingFor, busy, form }: PayBarProps) {
  const reason = waitingFor ?? (busy ? 'Processing your payment…' : undefined);
  return (
    <div className="mt-6 space-y-2 max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-20 max-md:m-0 max-md:border-t max-md:border-gray-200 max-md:bg-white max-md:px-4 max-md:py-3 max-md:shadow-lg">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm text-gray-600">
          Total <span className="block text-xl font-semibold text-ink tabular-nums">{formatCents(totalCents)}</span>
        </p>
        <button
          type="submit"
          form={form}
          disabled={reason !== undefined}
          aria-describedby={reason ? `${form}-pay-reason` : undefined}
          className="flex-1 rounded bg-gold px-6 py-3 text-base font-semibold text-white hover:bg-gold-dark disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600"
        >
          Pay {formatCents(totalCents)}
        </button>
      </div>
      {reason ? (
        <p id={`${form}-pay-reason`} role="status" className="text-center text-sm text-gray-600">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
