'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Field, FormError, INPUT, SUBMIT } from '@/components/ui/field';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { formatCents, toCents } from '@/lib/menu/money';
import type { Order } from '@/lib/orders/types';
import { refundSchema, type RefundQuoteInput } from '@/lib/payments/schemas';

/**
 * An admin's refunds of one order: one line (a quantity of it) or an amount, with a reason, and
 * a retry for a refund the provider failed or never answered (the server says which may be
 * retried). The server decides what may go back: it prices a line's refund (what was paid for
 * it, after a discount, with its tax), shown as the admin chooses and confirmed before it is sent;
 * its refusal is shown.
 */
export function RefundPanel({ order }: { order: Order }) {
  const router = useRouter();
  const [what, setWhat] = useState('amount');
  const [quantity, setQuantity] = useState(1);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const left = toCents(order.price) - (order.refundedCents ?? 0);
  const retryable = (order.refunds ?? []).filter((refund) => refund.retryable);
  const quoteUrl = `/api/orders/${order._id}/refunds/quote`;
  const quoteOf = (body: RefundQuoteInput) => api<{ cents: number }>(quoteUrl, { method: 'POST', json: body });
  const chosen: RefundQuoteInput = what === 'amount' ? { amountCents: toCents(Number(amount)) } : { lines: [{ index: Number(what), quantity }] };
  // What the chosen line gives back, asked again when the order's refunds change.
  const lineQuote = useSWR(what !== 'amount' && quantity >= 1 ? [quoteUrl, what, quantity, order.refundedCents ?? 0] : null, () => quoteOf(chosen), { shouldRetryOnError: false });

  async function send(url: string, json?: unknown) {
    setBusy(true);
    setFailure('');
    try {
      await api(url, { method: 'POST', ...(json ? { json } : {}) });
      void notify.toast('Refunded');
      router.refresh();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'The refund could not be sent. Check the connection and try again.');
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    const body = refundSchema.safeParse({ ...chosen, reason });
    if (!body.success) return setFailure(body.error.issues[0]!.message);
    let cents: number;
    try {
      ({ cents } = await quoteOf(chosen));
    } catch (err) {
      return setFailure(err instanceof ApiError ? err.message : 'The refund could not be priced. Check the connection and try again.');
    }
    const sure = await notify.confirm({
      icon: 'warning',
      title: `Refund ${formatCents(cents)}?`,
      text: `${formatCents(cents)} goes back to the diner's card, and they are told why: "${body.data.reason}". A refund cannot be undone.`,
      confirmButtonText: `Yes, refund ${formatCents(cents)}`,
    });
    if (sure) await send(`/api/orders/${order._id}/refunds`, body.data);
  }

  return (
    <section aria-labelledby="refund-title" className="mx-auto mt-6 max-w-2xl space-y-4 rounded bg-white p-6 shadow-sm print:hidden">
      <h2 id="refund-title" className="font-display text-xl uppercase">
        Refund
      </h2>
      <p className="text-sm text-gray-600">{left > 0 ? `${formatCents(left)} is left to refund.` : 'Everything paid was refunded.'}</p>
      {retryable.map((refund) => (
        <p key={refund.id} className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {refund.status === 'failed'
            ? `A refund of ${formatCents(refund.cents)} failed: ${refund.error}`
            : `A refund of ${formatCents(refund.cents)} got no answer from the card service. Retrying asks again, and never refunds twice.`}
          <button type="button" disabled={busy} onClick={() => void send(`/api/orders/${order._id}/refunds/${refund.id}`)} className="min-h-11 rounded border border-red-700 px-3 font-semibold">
            Retry the refund of {formatCents(refund.cents)}
          </button>
        </p>
      ))}
      {left > 0 ? (
        <form onSubmit={(event) => void onSubmit(event)} aria-label="Refund this order" className="grid gap-4 sm:grid-cols-2">
          <Field id="refund-what" label="What to refund">
            {(described) => (
              <select {...described} value={what} onChange={(e) => setWhat(e.target.value)} className={INPUT}>
                <option value="amount">An amount</option>
                {order.items.map((item, i) =>
                  item.quantity > (item.refundedQuantity ?? 0) ? (
                    <option key={i} value={String(i)}>
                      {item.name} ({item.quantity - (item.refundedQuantity ?? 0)} left at {formatCents(item.unitCents)})
                    </option>
                  ) : null,
                )}
              </select>
            )}
          </Field>
          {what === 'amount' ? (
            <Field id="refund-amount" label="Amount (USD)">
              {(described) => <input {...described} type="number" inputMode="decimal" step="0.01" min="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} className={INPUT} />}
            </Field>
          ) : (
            <Field id="refund-quantity" label="How many">
              {(described) => <input {...described} type="number" inputMode="numeric" min={1} step={1} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} className={INPUT} />}
            </Field>
          )}
          {what !== 'amount' && (
            <p role="status" className="text-sm text-gray-700 sm:col-span-2">
              {lineQuote.data
                ? `Gives back ${formatCents(lineQuote.data.cents)}: what was paid for ${quantity === 1 ? 'it' : 'them'}, after any discount, with tax.`
                : lineQuote.error instanceof ApiError
                  ? lineQuote.error.message
                  : 'Pricing the refund…'}
            </p>
          )}
          <div className="sm:col-span-2">
            <Field id="refund-reason" label="Reason">
              {(described) => <input {...described} type="text" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} className={INPUT} />}
            </Field>
          </div>
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
            <button type="submit" disabled={busy} className={SUBMIT}>
              {busy ? 'Refunding…' : 'Refund'}
            </button>
            <FormError message={failure} />
          </div>
        </form>
      ) : (
        <FormError message={failure} />
      )}
    </section>
  );
}
