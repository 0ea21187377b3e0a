'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { PickupChooser, type PickupState } from '@/components/fulfilment/fulfilment-chooser';
import { usePickupSlots } from '@/components/fulfilment/use-pickup-slots';
import { setOrderTime, useMenuMoment, useOrderTime } from '@/components/menu/menu-moment';
import { useCart, useSession } from '@/components/session/use-session';
import { TableChoice } from '@/components/tables/table-choice';
import { EmptyState, LoadingOrError, LoadingState } from '@/components/ui/load-states';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { cartCents, dishCount, linesNeedingAttention } from '@/lib/cart/totals';
import { fulfilmentLabel } from '@/lib/fulfilment/labels';
import type { FulfilmentChoice, PickupOptions } from '@/lib/fulfilment/types';
import { formatPrice, toCents } from '@/lib/menu/money';
import { orderLabel } from '@/lib/orders/wording';
import { paymentMode } from '@/lib/payments/mode';
import { tipCents } from '@/lib/payments/tips';
import type { CheckoutIntent, PaymentResult } from '@/lib/payments/types';
import type { AppliedPromo } from '@/lib/promos/types';
import type { OrderingStatus, TipSettings } from '@/lib/settings/types';
import type { ScannedTable } from '@/lib/tables/table-mode';
import { CheckoutChanged } from './card-form-parts';
import { DemoCardForm } from './demo-card-form';
import { OrderTotals } from './order-totals';
import { PromoCode } from './promo-code';
import { GuestContactFields, readContact, type ContactState } from './guest-contact';
import { addedTaxCents, computeTax, type TaxSettings } from '@/lib/tax/tax';
import { TipChooser, readTip, type TipState } from './tip-chooser';
import { TextsFields, readTexts, type TextsState } from '@/components/notify/texts-fields';

const StripePaymentForm = dynamic(() => import('./stripe-payment-form'), {
  ssr: false,
  loading: () => <LoadingState>Loading the payment form…</LoadingState>,
});

const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

type Phase =
  | { step: 'choosing' }
  | { step: 'saving'; transactionId: string }
  | { step: 'saved'; transactionId: string; order: PaymentResult['order']; price: number }
  | { step: 'unsaved'; transactionId: string; message: string };

interface CheckoutProps {
  /** The table the diner scanned and its code's token, checked on the server; null for pickup. */
  table: ScannedTable | null;
  pickup: PickupOptions;
  /** The restaurant's date when the page was made. */
  today: string;
  /** The kitchen load units of the cart: a slot has room when it fits. */
  load: number;
  tips: TipSettings;
  /** The restaurant's tax rates and mode: the page previews the tax the server will charge, by the same function. */
  tax: TaxSettings;
  /** Whether the restaurant takes orders now, as the status line says it. */
  status: OrderingStatus;
  /** Whether texts are offered (an SMS provider is on), and the number and choice the diner's account keeps. */
  texts: { offered: boolean; saved: TextsState };
}

/**
 * The payment page: how the diner gets the food (their table, or a pickup time), the tip, a promo
 * code, the subtotal, discount, tax, tip and total, then the card form of the active provider. Pay opens the payment on
 * the server with those choices (which prices it all again) and the provider takes the card;
 * the server records the order (the demo card's confirmation does it at once, a Stripe card is
 * recorded when the page says it went through), and the page shows its number and a link to the
 * receipt.
 */
export function Checkout({ table: scannedTable, pickup, today, load, tips, tax, status, texts: textsOffer }: CheckoutProps) {
  const { user } = useSession();
  const { cart, error: cartError, refetch: refetchCart } = useCart();
  const [table, setTable] = useState(scannedTable);
  // "As soon as possible" while a time today still has room; otherwise the first day that has one.
  const [when, setWhen] = useState<PickupState>(() => ({
    mode: pickup.openNow && pickup.firstDate === today ? 'asap' : 'slot',
    date: pickup.firstDate ?? today,
    time: '',
  }));
  const [tip, setTip] = useState<TipState>({ percent: 0 });
  const [contact, setContact] = useState<ContactState>({ email: '', name: '' });
  const [textsState, setTexts] = useState<TextsState>(textsOffer.saved);
  const [phase, setPhase] = useState<Phase>({ step: 'choosing' });
  const [refusal, setRefusal] = useState('');
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const chosen = useOrderTime();
  const moment = useMenuMoment();
  const todaySlots = usePickupSlots(table === null && pickup.openNow ? today : null, load);
  const daySlots = usePickupSlots(table === null && when.mode === 'slot' ? when.date : null, load);

  const subtotalCents = cartCents(cart ?? []);
  const readTipChoice = readTip(tip, subtotalCents, tips);
  const tipInCents = readTipChoice.choice ? tipCents(subtotalCents, readTipChoice.choice) : 0;
  const discountCents = promo?.discountCents ?? 0;
  const taxes = computeTax(cart ?? [], tax, discountCents, (line) => promo?.menuIds.includes(line.menuId) ?? false);
  const totalCents = subtotalCents - discountCents + addedTaxCents(taxes) + tipInCents;
  const asapTime = pickup.openNow ? todaySlots.slots?.find((slot) => slot.available)?.time : undefined;
  // Until the diner picks a time, the day's earliest time with room is chosen for them (and shown).
  const slotTime = when.time || (daySlots.slots?.find((slot) => slot.available)?.time ?? '');
  const slotOpen = daySlots.slots?.some((slot) => slot.time === slotTime && slot.available);
  const fulfilment: FulfilmentChoice | null =
    table !== null
      ? { kind: 'table', table: table.table, token: table.token }
      : when.mode === 'asap'
        ? asapTime
          ? { kind: 'asap' }
          : null
        : slotOpen
          ? { kind: 'pickup', date: when.date, time: slotTime }
          : null;
  // The time chosen on the order page is the pickup time offered here, and what is chosen here is
  // what the menu is judged at: a table's order and "as soon as possible" are for now.
  const chosenKey = chosen ? `${chosen.date} ${chosen.time}` : null;
  const [taken, setTaken] = useState<string | null>(null);
  if (chosenKey !== taken) {
    setTaken(chosenKey);
    if (chosen && table === null && pickup.days.some((day) => day.date === chosen.date && !day.closed)) setWhen({ mode: 'slot', date: chosen.date, time: chosen.time });
  }
  const orderFor = table === null && when.mode === 'slot' && slotTime ? `${when.date} ${slotTime}` : null;
  useEffect(() => {
    const [date, time] = orderFor?.split(' ') ?? [];
    if (orderFor !== chosenKey && (orderFor || chosenKey)) setOrderTime(date && time ? { date, time } : null);
  }, [orderFor]); // eslint-disable-line react-hooks/exhaustive-deps -- written when the choice here changes, not when the store catches up
  const unavailable = moment && cart ? [...new Set(moment.rule.lineProblems(moment.state, cart, moment.at, moment.now).values())] : [];

  // A guest's account has no email or name: the receipt and the ticket take what they give here.
  const guest = user?.role === 'guest';
  const guestContact = guest ? readContact(contact) : null;
  const texts = textsOffer.offered ? readTexts(textsState) : {};
  const waitingFor =
    guestContact?.error ??
    (!fulfilment ? 'Choose a pickup time first.' : unavailable.length ? 'Some dishes cannot be had at this time: change the time, or your cart.' : (readTipChoice.error ?? texts.error));

  /** Opens the payment for what the page shows; the server prices it all again, and a different total stops here. */
  async function prepare(): Promise<CheckoutIntent> {
    setRefusal('');
    if (!fulfilment || !readTipChoice.choice || guestContact?.error || texts.error) throw new CheckoutChanged(waitingFor ?? 'Check your choices and press Pay again.');
    const body = {
      fulfilment,
      tip: readTipChoice.choice,
      ...(guestContact ? { guest: guestContact.contact } : {}),
      ...(promo ? { promo: promo.code } : {}),
      ...(texts.texts ? { texts: texts.texts } : {}),
    };
    const intent = await api<CheckoutIntent>('/api/create-payment-intent', { method: 'POST', json: body });
    if (toCents(intent.price) !== totalCents) {
      void refetchCart();
      throw new CheckoutChanged(`Your cart changed since this page loaded: the total is now ${formatPrice(intent.price)}. Check it and press Pay again.`);
    }
    return intent;
  }

  function onRefused() {
    void refetchCart();
    todaySlots.refresh();
    daySlots.refresh();
  }

  async function onSucceeded(transactionId: string, intent: CheckoutIntent, recorded?: PaymentResult) {
    setPhase({ step: 'saving', transactionId });
    try {
      const result = recorded ?? (await api<PaymentResult>('/api/payments', { method: 'POST', json: { email: user?.email, price: intent.price, transactionId } }));
      await refetchCart();
      setPhase({ step: 'saved', transactionId, order: result.order, price: intent.price });
      void notify.success('Thanks For Shopping');
    } catch (err) {
      // A card is only authorized until the server holds the pickup slot: a refusal here (the
      // slot filled meanwhile) means nothing was taken, and the diner chooses again.
      if (err instanceof ApiError && err.status === 409) {
        setPhase({ step: 'choosing' });
        setRefusal(err.message);
        onRefused();
        return;
      }
      setPhase({ step: 'unsaved', transactionId, message: errorMessage(err, 'We could not save your order.') });
    }
  }

  if (phase.step !== 'choosing') return <PaymentOutcome phase={phase} />;
  if (!cart) {
    const failed = 'We could not load your order. Check your connection and try again.';
    return <LoadingOrError error={cartError} onRetry={() => void refetchCart()} loading="Loading your order…" failed={failed} />;
  }
  if (subtotalCents <= 0) return <EmptyState action={{ href: '/order/salad', label: 'Order food' }}>Your cart is empty, so there is nothing to pay yet.</EmptyState>;
  const blocked = linesNeedingAttention(cart);
  if (blocked.length) {
    return (
      <div role="alert" className="mx-auto max-w-xl space-y-3 rounded bg-amber-50 p-8 text-amber-900">
        {[...new Set(blocked.map((line) => line.attention?.message))].map((message) => (
          <p key={message}>{message}</p>
        ))}
        <p className="flex flex-wrap gap-4">
          <Link href="/dashboard/cart" className="inline-flex min-h-11 items-center font-semibold underline">
            Review your cart
          </Link>
          {blocked.some((line) => line.attention?.reason === 'paying') ? (
            <Link href="/dashboard/paymentHistory" className="inline-flex min-h-11 items-center font-semibold underline">
              Payment history
            </Link>
          ) : null}
        </p>
      </div>
    );
  }

  const cardForm = { totalCents, waitingFor, prepare, onSucceeded, onRefused };
  const dishes = dishCount(cart);
  return (
    <div className="mx-auto max-w-xl space-y-6 rounded bg-white p-6 shadow-sm max-md:mb-32 md:p-8">
      <p className="flex justify-between border-b border-gray-200 pb-4 text-lg">
        <span>
          {dishes} {dishes === 1 ? 'dish' : 'dishes'}
        </span>
        <Link href="/dashboard/cart" className="inline-flex min-h-11 items-center text-sm font-semibold text-gold underline">
          Review your cart
        </Link>
      </p>
      {status.stopped || (table !== null && !status.open) ? (
        <p role="alert" className="rounded bg-amber-50 px-4 py-3 text-amber-900">
          {status.text}.{status.note ? ` ${status.note}` : ''}
        </p>
      ) : null}
      {table !== null ? (
        <TableChoice table={table.table} onLeave={() => setTable(null)} />
      ) : (
        <PickupChooser options={pickup} today={today} value={{ ...when, time: slotTime }} onChange={setWhen} asapTime={asapTime} slots={when.mode === 'slot' ? daySlots.slots : todaySlots.slots} />
      )}
      {unavailable.length ? (
        <div role="alert" className="space-y-2 rounded bg-amber-50 px-4 py-3 text-amber-900">
          {unavailable.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
          <Link href="/dashboard/cart" className="inline-block font-semibold underline">
            Review your cart
          </Link>
        </div>
      ) : null}
      {guest ? <GuestContactFields value={contact} onChange={setContact} /> : null}
      {textsOffer.offered ? <TextsFields value={textsState} onChange={setTexts} /> : null}
      <TipChooser subtotalCents={subtotalCents} value={tip} onChange={setTip} tips={tips} />
      <PromoCode applied={promo} onChange={setPromo} />
      <OrderTotals subtotalCents={subtotalCents} discount={promo && { code: promo.code, cents: promo.discountCents }} tax={taxes} tipCents={tipInCents} tipLabel={'percent' in tip && tip.percent ? `${tip.percent}%` : undefined} />
      {refusal ? (
        <p role="alert" className="rounded bg-red-50 px-4 py-3 text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
      {paymentMode() === 'stripe' ? <StripePaymentForm {...cardForm} /> : <DemoCardForm {...cardForm} />}
    </div>
  );
}

/** After the card went through: the order's number and where the food goes, with the receipt a click away. */
function PaymentOutcome({ phase }: { phase: Exclude<Phase, { step: 'choosing' }> }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded bg-white p-8 shadow-sm">
      {phase.step === 'saved' ? (
        <>
          <p role="status" className="text-lg font-semibold text-green-700">
            Payment succeeded. Order {orderLabel(phase.order)}
            {phase.order.fulfilment ? `, ${fulfilmentLabel(phase.order.fulfilment)}` : ''}: {formatPrice(phase.price)}.
          </p>
          <p className="flex flex-wrap gap-4">
            <Link href={`/dashboard/orders/${phase.order._id}`} className="inline-flex min-h-11 items-center rounded bg-gold px-5 py-2 font-semibold text-white hover:bg-gold-dark">
              View your receipt
            </Link>
            <Link href="/dashboard/paymentHistory" className="inline-flex min-h-11 items-center px-1 py-2 font-semibold text-gold underline">
              Payment history
            </Link>
          </p>
        </>
      ) : (
        <p role="status" className="font-semibold">
          {phase.step === 'saving' ? 'Confirming your order…' : 'Your card went through, and your order is still being recorded.'}
        </p>
      )}
      <p className="text-xs text-gray-600">
        Transaction id: <span className="font-mono break-all">{phase.transactionId}</span>
      </p>
      {phase.step === 'unsaved' ? (
        <p role="alert" className="text-sm text-red-700">
          {phase.message} There is nothing more to pay: we record it by ourselves, and it will be in your{' '}
          <Link href="/dashboard/paymentHistory" className="font-semibold underline">
            payment history
          </Link>{' '}
          within a few minutes, with its receipt by email. If it is not there in an hour, contact us with the transaction id.
        </p>
      ) : null}
    </div>
  );
}
