'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import useSWR from 'swr';
import { EmptyState, LoadingOrError, LoadingState } from '@/components/ui/load-states';
import { useCart, useSession } from '@/components/session/use-session';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { cartCents, dishCount, linesNeedingAttention } from '@/lib/cart/totals';
import { formatPrice, toCents } from '@/lib/menu/money';
import { paymentMode } from '@/lib/payments/mode';
import type { CheckoutIntent, PaymentResult } from '@/lib/payments/types';
import { DemoCardForm } from './demo-card-form';

const StripeCardForm = dynamic(() => import('./stripe-card-form'), {
  ssr: false,
  loading: () => <LoadingState>Loading the card form…</LoadingState>,
});

const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/**
 * The payment page: opens an intent for the cart (only when there is something to pay), shows
 * the card form of the active provider, and once the provider says 'succeeded' saves the
 * payment, refreshes the cart and moves on to the history (spec §4).
 */
export function Checkout() {
  const router = useRouter();
  const { user } = useSession();
  const { cart, error: cartError, refetch: refetchCart } = useCart();
  const [paidWith, setPaidWith] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState('');

  const total = cartCents(cart ?? []) / 100;
  const blocked = linesNeedingAttention(cart ?? []);
  // A new intent whenever the lines or their quantities change; none once paid (so clearing the
  // cart opens nothing), and none while a line must be removed or chosen again first.
  const intentKey =
    cart && total > 0 && !blocked.length && !paidWith ? ['create-payment-intent', cart.map((line) => `${line._id}×${line.quantity}`).join(',')] : null;
  const {
    data: intent,
    error: intentError,
    mutate: reopenIntent,
  } = useSWR(intentKey, () => api<CheckoutIntent>('/api/create-payment-intent', { method: 'POST', json: { price: total } }), {
    revalidateOnFocus: false,
  });

  function onCartChanged() {
    void refetchCart();
    void reopenIntent();
  }

  async function onSucceeded(transactionId: string) {
    if (!intent || !cart) return;
    setPaidWith(transactionId);
    try {
      const result = await api<PaymentResult>('/api/payments', {
        method: 'POST',
        json: {
          email: user?.email,
          price: intent.price,
          transactionId,
          data: new Date().toISOString(),
          cartIds: cart.map((line) => line._id),
          menuItemIds: cart.flatMap((line) => Array<string>(line.quantity).fill(line.menuId)),
          status: 'pending',
        },
      });
      await refetchCart();
      if (result.paymentResult?.insertedId) {
        setSaved(true);
        await notify.success('Thanks For Shopping');
        router.push('/dashboard/paymentHistory');
      }
    } catch (err) {
      setSaveError(errorMessage(err, 'We could not save your order.'));
    }
  }

  if (paidWith) {
    return (
      <div className="mx-auto max-w-xl space-y-3 rounded bg-white p-8 shadow-sm">
        <p role="status" className="font-semibold text-green-700">
          Payment succeeded. Your transaction id: <span className="font-mono break-all">{paidWith}</span>
        </p>
        {saveError ? (
          <p role="alert" className="text-sm text-red-600">
            {saveError} Your payment went through: keep the transaction id and contact us.
          </p>
        ) : (
          <p className="text-sm text-gray-600">{saved ? 'Order saved. On to your payment history…' : 'Saving your order…'}</p>
        )}
      </div>
    );
  }
  if (!cart) {
    const failed = 'We could not load your order. Check your connection and try again.';
    return <LoadingOrError error={cartError} onRetry={() => void refetchCart()} loading="Loading your order…" failed={failed} />;
  }
  if (total <= 0) return <EmptyState action={{ href: '/order/salad', label: 'Order food' }}>Your cart is empty, so there is nothing to pay yet.</EmptyState>;
  if (blocked.length) {
    return (
      <div role="alert" className="mx-auto max-w-xl space-y-3 rounded bg-amber-50 p-8 text-amber-900">
        {blocked.map((line) => (
          <p key={line._id}>{line.attention?.message}</p>
        ))}
        <Link href="/dashboard/cart" className="inline-block font-semibold underline">
          Review your cart
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl rounded bg-white p-8 shadow-sm">
      <dl className="mb-6 flex justify-between border-b border-gray-200 pb-4 text-lg">
        <dt>
          {dishCount(cart)} {dishCount(cart) === 1 ? 'dish' : 'dishes'}
        </dt>
        <dd className="font-semibold">{formatPrice(intent?.price ?? total)}</dd>
      </dl>
      {intent && toCents(intent.price) !== toCents(total) ? (
        <p className="mb-4 rounded bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your cart changed since this page loaded: you pay its total as it is now, {formatPrice(intent.price)}.
        </p>
      ) : null}
      {intentError ? (
        <div role="alert" className="space-y-3 rounded bg-red-50 px-4 py-3 text-sm text-red-700">
          <p>{errorMessage(intentError, 'We could not prepare your payment.')}</p>
          <p className="flex gap-4 font-semibold">
            <button type="button" onClick={() => void reopenIntent()} className="underline">
              Try again
            </button>
            <Link href="/dashboard/cart" className="underline">
              Review your cart
            </Link>
          </p>
        </div>
      ) : paymentMode() === 'stripe' ? (
        <StripeCardForm intent={intent ?? null} onSucceeded={onSucceeded} />
      ) : (
        <DemoCardForm intent={intent ?? null} onSucceeded={onSucceeded} onCartChanged={onCartChanged} />
      )}
    </div>
  );
}
