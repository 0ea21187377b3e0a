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

/** The total and Pay, in one small piece a layout can place anywhere. */
export function PayBar({ totalCents, waitingFor, busy, form }: PayBarProps) {
  const reason = waitingFor ?? (busy ? 'Processing your payment…' : undefined);
  return (
    <div className="mt-6 space-y-2">
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
