'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { useCart } from '@/components/session/use-session';
import { ChosenOptions } from '@/components/menu/chosen-options';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { cartCents, dishCount, linesNeedingAttention } from '@/lib/cart/totals';
import type { CartItem } from '@/lib/cart/types';
import { formatCents } from '@/lib/menu/money';
import type { MenuItem } from '@/lib/menu/types';
import { addedTaxCents, computeTax, type TaxSettings } from '@/lib/tax/tax';
import { OrderTotals } from '@/components/payment/order-totals';
import { useMenuMoment } from '@/components/menu/menu-moment';

const OptionsDialog = dynamic(() => import('./options-dialog'), { ssr: false });

/**
 * The cart page: count, total, each line with its choices, note, quantity and price, and the way
 * to pay. A line whose dish sold out, changed or left the menu since it was added says so, and
 * Pay waits until it is removed or chosen again (the server refuses it too).
 */
export function CartView({ tax }: { tax: TaxSettings }) {
  const { cart, error, refetch } = useCart();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [rechoosing, setRechoosing] = useState<{ line: CartItem; dish: MenuItem } | null>(null);
  const moment = useMenuMoment();

  async function onDelete(item: CartItem) {
    const confirmed = await notify.confirmDelete();
    if (!confirmed) return;
    setDeleting(item._id);
    try {
      await api<{ deletedCount: number }>(`/api/carts/${item._id}`, { method: 'DELETE' });
      void notify.success('Deleted!', 'Your file has been deleted.');
    } catch (err) {
      // A 401/403 has logged the user out and is taking them to /login already.
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return;
      if (err instanceof ApiError && err.status === 404) void notify.error(`${item.name} had already left your cart.`, 'Nothing to delete');
      else void notify.error(err instanceof ApiError ? err.message : 'Could not delete the item. Please try again.');
    } finally {
      await refetch();
      setDeleting(null);
    }
  }

  /** The dish as it is now, in the options dialog, starting from the line's choices; the new line replaces it. */
  async function onChooseAgain(line: CartItem) {
    try {
      setRechoosing({ line, dish: await api<MenuItem>(`/api/menu/${line.menuId}`) });
    } catch (err) {
      void notify.error(err instanceof ApiError ? err.message : 'Could not load the dish. Please try again.');
    }
  }

  if (!cart) {
    const failed = 'We could not load your cart. Check your connection and try again.';
    return <LoadingOrError error={error} onRetry={() => void refetch()} loading="Loading your cart…" failed={failed} />;
  }

  const blocked = linesNeedingAttention(cart);
  // Sold out, 86'd or not served at the time the order is for (the one chosen on the order page, else now).
  const problems = moment ? moment.rule.lineProblems(moment.state, cart, moment.at, moment.now) : new Map<number, string>();
  const problemOf = new Map([...problems].map(([i, message]) => [cart[i]!._id, message]));
  const columns: Column<CartItem>[] = [
    {
      header: 'Item image',
      cell: (item) => (
        // eslint-disable-next-line @next/next/no-img-element -- local SVG artwork or an admin's upload
        <img src={item.image} alt="" width={56} height={56} className="h-14 w-14 rounded object-cover" />
      ),
    },
    {
      header: 'Item name',
      cell: (item) => (
        <>
          <span className="block font-semibold">{item.name}</span>
          <ChosenOptions options={item.options} note={item.note} />
          {item.attention || problemOf.has(item._id) ? (
            <span className="mt-1 block rounded bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-900">{item.attention?.message ?? problemOf.get(item._id)}</span>
          ) : null}
        </>
      ),
    },
    { header: 'Quantity', cell: (item) => item.quantity, className: 'text-center tabular-nums' },
    { header: 'Price', cell: (item) => formatCents(item.lineCents), className: 'tabular-nums' },
    {
      header: 'Action',
      cell: (item) => (
        <span className="flex items-center gap-2">
          {item.attention?.reason === 'changed' ? (
            <button
              type="button"
              onClick={() => void onChooseAgain(item)}
              className="rounded bg-gold px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-gold-dark"
            >
              Choose again<span className="sr-only"> {item.name}</span>
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => void onDelete(item)}
            disabled={deleting === item._id}
            aria-label={`Delete ${item.name}`}
            className="grid h-11 w-11 place-items-center rounded bg-red-600 text-white hover:bg-red-700 disabled:cursor-wait disabled:opacity-60"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 fill-current">
              <path d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
            </svg>
          </button>
        </span>
      ),
    },
  ];

  const taxes = computeTax(cart, tax);
  const payReason = !cart.length
    ? 'Add a dish to pay'
    : blocked.length
      ? 'Remove or choose again the dishes marked below to pay'
      : problems.size
        ? 'Remove or change the dishes marked below, or choose another time, to pay'
        : null;
  const when = moment?.chosen ? moment.rule.orderTimeText(moment.chosen, moment.state.timeZone, moment.now) : null;
  return (
    // On a phone the total and Pay stay at the bottom of the screen while the diner scrolls the lines.
    <section aria-label="Your cart" className="rounded bg-white p-6 shadow-sm max-md:pb-28 md:p-10">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4 font-display text-2xl uppercase">
        <p>Total orders: {dishCount(cart)}</p>
        <div className="flex flex-wrap items-center justify-between gap-4 max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-20 max-md:border-t max-md:border-gray-200 max-md:bg-white max-md:px-4 max-md:py-3 max-md:text-xl max-md:shadow-lg md:contents">
          <p>Total price: {formatCents(cartCents(cart) + addedTaxCents(taxes))}</p>
          {payReason ? (
            <span className="flex items-center gap-3 font-sans text-base normal-case">
              <button type="button" disabled aria-describedby="pay-disabled-reason" className="min-h-11 cursor-not-allowed rounded bg-gray-300 px-6 py-2 font-semibold text-gray-600">
                Pay
              </button>
              <span id="pay-disabled-reason" className="text-sm text-gray-500">
                {payReason}
              </span>
            </span>
          ) : (
            <Link href="/dashboard/payment" className="inline-flex min-h-11 items-center rounded bg-gold px-6 py-2 font-sans text-base font-semibold text-white normal-case hover:bg-gold-dark">
              Pay
            </Link>
          )}
        </div>
      </div>

      {when && cart.length ? (
        <p className="mb-6 text-sm">
          For pickup <strong>{when}</strong>, as chosen on the order page; the payment page can change it.
        </p>
      ) : null}

      {taxes && cart.length ? (
        <div className="mb-6 max-w-sm">
          <OrderTotals subtotalCents={cartCents(cart)} tax={taxes} />
        </div>
      ) : null}

      {cart.length ? (
        <DataTable caption="Dishes in your cart" columns={columns} rows={cart} />
      ) : (
        <EmptyState action={{ href: '/order/salad', label: 'Order food' }}>Your cart is empty.</EmptyState>
      )}

      {rechoosing ? (
        <OptionsDialog
          item={rechoosing.dish}
          start={rechoosing.line}
          onAdded={async () => {
            await api(`/api/carts/${rechoosing.line._id}`, { method: 'DELETE' }).catch(() => undefined);
            await refetch();
          }}
          onClose={() => setRechoosing(null)}
        />
      ) : null}
    </section>
  );
}
