import 'server-only';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Shopper } from '@/lib/auth/viewer';
import { priceCart, removePaidLines } from '@/lib/cart/cart';
import type { PaymentDoc } from '@/lib/db/documents';
import { chooseFulfilment, heldFulfilment, holdFulfilment, releaseFulfilment } from '@/lib/fulfilment/pickup';
import type { Fulfilment } from '@/lib/fulfilment/types';
import { formatCents, toCents } from '@/lib/menu/money';
import { MAX_CHARGE_CENTS, MIN_CHARGE_CENTS } from '@/lib/menu/pricing';
import { orderInstant } from '@/lib/menu/availability';
import { assertAvailable } from '@/lib/menu/live';
import { releaseStock, takeStock } from '@/lib/menu/stock';
import { mailOrderPaid } from '@/lib/mail/outbox';
import { findOrder, placeOrder } from '@/lib/orders/place';
import { normalizeEmail } from '@/lib/users/email';
import { assertGuestOrdersOpen, keepGuest } from '@/lib/users/guests';
import type { IntentInput } from '@/lib/payments/schemas';
import type { DemoConfirmInput, PaymentBody } from '@/lib/payments/schemas';
import { chargeDemoCard, demoProvider } from './demo';
import { recordStripeRefunds } from './refunds';
import { paymentMode } from './mode';
import { CURRENCY, PaymentError, type PaymentProvider, type ProviderIntent } from './provider';
import {
  claimIntent, claimLines, expiredIntents, findIntent, findOpenIntent, fixFulfilment, insertIntent, isExpired, isPaid, markVoided, paidCheckout, releaseLines,
  retakeIntent, updateIntentChoices, type IntentRecord,
} from './intents';
import { stripeProvider, toProviderIntent, verifyStripeEvent } from './stripe';
import { addedTaxCents, computeTax, rateOf } from '@/lib/tax/tax';
import { holdPromoUse, pricePromo, releasePromoUse } from '@/lib/promos/promos';
import { getSettings, restaurantClockAt } from '@/lib/settings/store';
import { NO_TIP, tipCents, tipRefusal } from './tips';
import type { CheckoutIntent, DemoConfirmation, PaymentResult } from './types';

/**
 * The payment rules, the same whichever provider runs:
 * - the amount is priced on the server, from the caller's cart at the menu's current prices, plus
 *   the tip computed here from that subtotal; a line whose dish has changed, sold out or gone
 *   since it was added is refused, not repriced;
 * - an intent is bound to its user, its amount, the cart lines it covers and how the food is got;
 * - the order's pickup slot is held just before the money is taken: the demo card is charged only
 *   once the slot is held (and the slot given back on a decline); a Stripe card is authorized
 *   first and captured only once the slot is held, else the authorization is voided. A full slot
 *   is never charged for: the diner is told, and picks another;
 * - once a confirmation has begun to hold an intent's place, its fulfilment is fixed: a new
 *   choice opens a new intent, so the slot held, the slot recorded and the slot a cancellation
 *   gives back are one (a release goes by what the payment holds, never by a record's copy);
 * - a payment is recorded only once the provider says that intent succeeded, for that user and
 *   that amount; the client's word for it is never enough;
 * - completing an intent is idempotent, however many confirmations race: the one that claims the
 *   intent (intents.ts) writes its order, numbered (lib/orders/place.ts), and the others answer
 *   that order.
 */

export const CART_CHANGED = 'Your cart changed, please review it.';
const NOT_CHARGED = 'Your card was not charged.';
const EXPIRED = 'This checkout was open for more than an hour, so it was cancelled. Please press Pay again.';
const PAID_ELSEWHERE = 'These dishes were already paid for in another payment.';
/** Expired intents voided each time an intent opens: they cannot pile up faster than they are swept. */
const EXPIRY_SWEEP = 20;

function activeProvider(): PaymentProvider {
  return paymentMode() === 'stripe' ? stripeProvider() : demoProvider;
}

/** POST /api/create-payment-intent: an intent for the viewer's whole cart, the tip and how they get the food. */
export async function startCheckout(viewer: Shopper, input: IntentInput, now = new Date()): Promise<CheckoutIntent> {
  authorize(viewer, 'guest');
  const { email, name } = await contactOf(viewer, input);
  const order = await priceCart(viewer);
  if (order.cents <= 0) throw new HttpError(409, 'Your cart is empty.');
  const tipChoice = input.tip ?? NO_TIP;
  const settings = await getSettings();
  const refused = tipRefusal(order.cents, tipChoice, settings.tips);
  if (refused) throw new HttpError(400, refused);
  const tip = tipCents(order.cents, tipChoice);
  // The code is priced here from the cart, whatever the page showed; the tip is not discounted.
  const promo = input.promo ? await pricePromo(viewer, input.promo, order.lines, (await restaurantClockAt(now)).today) : null;
  const discount = promo?.discountCents ?? 0;
  // Each line keeps the rate it is charged at, so a refund of it and a report by rate read the order alone.
  const lines = settings.tax.rates.length ? order.lines.map((line) => ({ ...line, taxRate: rateOf(settings.tax, line.taxRate)!.id })) : order.lines;
  const tax = computeTax(lines, settings.tax, discount, (line) => promo?.menuIds.includes(line.menuId) ?? false);
  const total = order.cents - discount + addedTaxCents(tax) + tip;
  if (total > MAX_CHARGE_CENTS) {
    throw new HttpError(409, `Your order comes to ${formatCents(total)}, more than one card payment may be (${formatCents(MAX_CHARGE_CENTS)}). Please order in parts.`);
  }
  if (promo && total < MIN_CHARGE_CENTS) {
    throw new HttpError(409, `With ${promo.code} your order comes to ${formatCents(total)}, less than a card payment may be (${formatCents(MIN_CHARGE_CENTS)}).`);
  }
  const fulfilment = await chooseFulfilment(input.fulfilment, now, order.load);
  await assertAvailable(order.lines, orderInstant(fulfilment, settings.schedule.timeZone, now), now);
  const choices = {
    email,
    name,
    subtotalCents: order.cents,
    tipCents: tip,
    fulfilment,
    kitchenLoad: order.load,
    ...('percent' in tipChoice ? { tipPercent: tipChoice.percent } : {}),
    ...(tax ? { tax } : {}),
    ...(promo ? { promo } : {}),
  };
  const price = total / 100;
  const answer = (intent: Pick<ProviderIntent, 'id' | 'clientSecret'>): CheckoutIntent => ({
    clientSecret: intent.clientSecret,
    transactionId: intent.id,
    price,
    subtotal: order.cents / 100,
    tip: tip / 100,
    ...('tipPercent' in choices ? { tipPercent: choices.tipPercent } : {}),
    ...(tax ? { tax } : {}),
    ...(promo ? { discount: { code: promo.code, cents: promo.discountCents } } : {}),
    fulfilment,
  });
  const provider = activeProvider();
  await expireIntents(provider, now);
  // A reload or a second tab resumes the same intent instead of opening one per page view (with
  // the choices made now); an intent the provider cannot resume any more is simply replaced.
  const open = await findOpenIntent(viewer.uid, price, order.cartIds, now);
  // The same lines and total can hide other quantities (two lines swapping one of the same price).
  const sameQuantities = open?.lines.every((line, i) => line.quantity === order.lines[i]?.quantity);
  if (open && sameQuantities) {
    const resumed = await provider.retrieveIntent(open.transactionId).catch(() => null);
    // Once a confirmation has fixed its fulfilment, only the same choices resume it.
    if (resumed?.status === 'open' && ((await updateIntentChoices(open._id, choices)) || sameChoices(open, choices))) return answer(resumed);
  }
  const intent = await provider.createIntent({ amountCents: total, currency: CURRENCY, email });
  await insertIntent({
    ownerUid: viewer.uid,
    price,
    transactionId: intent.id,
    cartIds: order.cartIds,
    menuItemIds: order.menuItemIds,
    lines,
    ...choices,
  });
  return answer(intent);
}

/**
 * Where the receipt goes and whose name the ticket bears: a person's account, or what a guest gave
 * (their account has neither), checked by the same schema as the payment page's fields.
 */
async function contactOf(viewer: Shopper, input: IntentInput): Promise<{ email: string; name: string }> {
  if (viewer.role !== 'guest') {
    if (input.guest) throw new HttpError(400, 'Your receipt goes to your account\'s email: only guests give one at payment.');
    return { email: normalizeEmail(viewer.email), name: viewer.name };
  }
  await assertGuestOrdersOpen();
  if (!input.guest) throw new HttpError(400, 'guest: give an email for your receipt and a name for your order.');
  return input.guest;
}

const NO_PAYMENT = 'No payment has this transaction id.';
const PRICE_DIFFERS = 'The price does not match this payment.';

/** The intent already holds exactly these choices. */
function sameChoices(record: IntentRecord, choices: Pick<IntentRecord, 'email' | 'name' | 'subtotalCents' | 'tipCents' | 'fulfilment' | 'kitchenLoad' | 'tipPercent' | 'tax' | 'promo'>): boolean {
  const of = (c: typeof choices) => JSON.stringify([c.email, c.name, c.subtotalCents, c.tipCents, c.fulfilment, c.kitchenLoad, c.tipPercent, c.tax, c.promo]);
  return of(record) === of(choices);
}

/** The viewer's own intent; anybody else's is answered exactly like a made-up id. */
async function ownIntent(viewer: Shopper, transactionId: string): Promise<IntentRecord> {
  const record = await findIntent(transactionId);
  if (!record || record.ownerUid !== viewer.uid) throw new HttpError(404, NO_PAYMENT);
  return record;
}

/** The provider's account of the intent must match the intent to the cent, for its user. */
function assertMatches(record: IntentRecord, intent: ProviderIntent): void {
  const matches =
    intent.id === record.transactionId &&
    intent.amountCents === toCents(record.price) &&
    intent.currency === CURRENCY &&
    normalizeEmail(intent.email) === record.email;
  if (!matches) {
    console.error(`[payments] ${record.transactionId}: the provider's amount, currency or email differs from the intent; not recorded`);
    throw new HttpError(409, 'This payment does not match its order. Please contact us.');
  }
}

/** How long a completion that claimed an intent has to write its order before another one takes over. */
const ORDER_LEASE_MS = 5000;

/**
 * Records the payment: the completion that claims the intent writes its order, with the slot
 * its payment actually holds; every other one answers that order. Then its emails go to the
 * outbox and the lines it paid for leave the cart, on every completion, so a crash before either
 * heals on the next one.
 */
async function complete(record: IntentRecord, fulfilment?: Fulfilment): Promise<WithId<PaymentDoc>> {
  const claimed = await claimIntent(record._id, await heldFulfilment(record.transactionId, fulfilment ?? record.fulfilment));
  const order = claimed ? await placeOrder(paidCheckout(claimed)) : await orderOfPaid(record);
  if (order.ownerUid) await keepGuest(order.ownerUid, order.data);
  await mailOrderPaid(order._id);
  await removePaidLines(order);
  return order;
}

/**
 * The order of an intent another completion claimed: once written, or while that one writes it.
 * A claim older than the lease with no order is a completion that crashed: this one takes over.
 */
async function orderOfPaid(record: IntentRecord): Promise<WithId<PaymentDoc>> {
  const until = Date.now() + 2 * ORDER_LEASE_MS;
  while (Date.now() < until) {
    const order = await findOrder(record.transactionId);
    if (order) return order;
    const retaken = await retakeIntent(record._id, ORDER_LEASE_MS);
    if (retaken) return placeOrder(paidCheckout(retaken));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new HttpError(503, 'Your payment went through, and its order is still being written. It will be in your payment history shortly.');
}

/**
 * Voids unpaid intents past their hour, at the provider too (an open Stripe PaymentIntent is
 * cancelled). One the provider charged meanwhile is a payment, left for its completion; one the
 * provider cannot be asked about now is swept next time.
 */
async function expireIntents(provider: PaymentProvider, now: Date): Promise<void> {
  for (const record of await expiredIntents(now, EXPIRY_SWEEP)) {
    const current = await provider.cancelIntent(record.transactionId).catch(async (err: unknown) => {
      if (err instanceof PaymentError && err.code === 'resource_missing') return null;
      return provider.retrieveIntent(record.transactionId).catch(() => undefined);
    });
    if (current === undefined || current?.status === 'succeeded' || current?.status === 'processing') continue;
    await releaseFulfilment(record.transactionId);
    await releaseStock(record.transactionId);
    await markVoided(record._id, `${EXPIRED} ${NOT_CHARGED}`);
  }
}

/**
 * Claims the intent's cart lines once its place is held, just before the money is taken: when
 * another payment claimed them first (two tabs, two tips), the place goes back and the intent is
 * voided, not charged.
 */
async function claimLinesOrVoid(provider: PaymentProvider, record: IntentRecord): Promise<void> {
  if (await claimLines(record)) return;
  await releaseFulfilment(record.transactionId);
  await releaseStock(record.transactionId);
  await voidIntent(provider, record, PAID_ELSEWHERE);
}

/** Voids an authorized intent whose order cannot be fulfilled, and says so to whoever asks next. */
async function voidIntent(provider: PaymentProvider, record: IntentRecord, reason: string): Promise<never> {
  const message = `${reason} ${NOT_CHARGED}`;
  await provider.cancelIntent(record.transactionId);
  await markVoided(record._id, message);
  throw new HttpError(409, message);
}

/** Holds the counted portions of the intent's lines on the day its order is for (lib/menu/stock.ts). */
async function holdStock(record: IntentRecord, fulfilment: Fulfilment | undefined): Promise<void> {
  const now = new Date();
  await takeStock(record.transactionId, record.lines, orderInstant(fulfilment, (await getSettings()).schedule.timeZone, now), now);
}

/**
 * Holds the portions just after the place, before the money is taken. When a dish was 86'd, went
 * out of its hours or sold out since Pay, the card is not charged, as for a slot that filled: the
 * place goes back, the intent is voided, and the diner is told why.
 */
async function holdStockOrVoid(provider: PaymentProvider, record: IntentRecord, fulfilment: Fulfilment | undefined): Promise<void> {
  try {
    await holdStock(record, fulfilment);
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 409)) throw err;
    await releaseFulfilment(record.transactionId);
    await voidIntent(provider, record, err.message);
  }
}

/** Counts the intent's use of its promo code, if it names one (`force`: whatever its limits say now). */
async function holdPromo(record: IntentRecord, force = false): Promise<void> {
  if (!record.promo) return;
  await holdPromoUse({ transactionId: record.transactionId, ownerUid: record.ownerUid, promo: record.promo }, { today: (await restaurantClockAt()).today, force });
}

/**
 * Counts the use before the money is taken. When the code was used up (or switched off) since Pay,
 * the card is not charged, as for a slot that filled: the place and the lines held go back, the intent is
 * voided, and the diner is told why, to pay again without it.
 */
async function holdPromoOrVoid(provider: PaymentProvider, record: IntentRecord): Promise<void> {
  try {
    await holdPromo(record);
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 409)) throw err;
    await releaseLines(record);
    await releaseFulfilment(record.transactionId);
    await releaseStock(record.transactionId);
    await voidIntent(provider, record, err.message);
  }
}

/**
 * Captures once: when another request (the webhook beside the browser) captured it first, that is
 * success too. A capture that fails gives the slot and the cart lines back, since no money was
 * taken; a retry (the webhook is redelivered, the diner saves again) holds them again if it can.
 */
async function capture(provider: PaymentProvider, record: IntentRecord): Promise<ProviderIntent> {
  try {
    return await provider.captureIntent(record.transactionId);
  } catch (err) {
    const now = await provider.retrieveIntent(record.transactionId).catch(() => null);
    if (now?.status === 'succeeded') return now;
    await releaseLines(record);
    await releaseFulfilment(record.transactionId);
    await releaseStock(record.transactionId);
    await releasePromoUse(record);
    throw err;
  }
}

/**
 * Completes an unpaid intent from the provider's own account of it: an authorized card is
 * captured once the pickup slot is held (or voided when the slot filled meanwhile); a card
 * already charged is recorded whatever the slot, since the money is taken.
 */
async function settle(provider: PaymentProvider, record: IntentRecord, intent: ProviderIntent): Promise<WithId<PaymentDoc>> {
  switch (intent.status) {
    case 'open':
      if (isExpired(record)) return voidIntent(provider, record, EXPIRED);
      throw new HttpError(402, 'This payment has not gone through.');
    case 'processing':
      throw new HttpError(409, 'Your payment is still processing. It will appear in your history once it clears.');
    case 'canceled':
      // Voided here, or at Stripe (an authorization left to expire): its place goes to somebody else.
      await releaseFulfilment(record.transactionId);
      await releaseStock(record.transactionId);
      throw new HttpError(409, record.voided ?? `This payment was cancelled. ${NOT_CHARGED}`);
    case 'succeeded': {
      assertMatches(record, intent);
      const fixed = await fixFulfilment(record);
      const fulfilment = await holdFulfilment(fixed.transactionId, fixed.fulfilment, fixed.kitchenLoad).catch(() => fixed.fulfilment);
      // The money is taken: its portions are held if they still can be (a count never goes below zero).
      await holdStock(fixed, fulfilment).catch((err: unknown) => console.error(`[payments] ${fixed.transactionId} was charged for portions it could not hold:`, err instanceof Error ? err.message : err));
      // The money is taken whatever the claim says; claimed, its lines stop an intent still open over them.
      if (!(await claimLines(fixed))) console.error(`[payments] ${fixed.transactionId} was charged for cart lines another payment claimed`);
      // The money is taken: the use counts whatever the code's limits say now.
      await holdPromo(fixed, true);
      return complete(fixed, fulfilment);
    }
    case 'authorized': {
      assertMatches(record, intent);
      if (isExpired(record)) return voidIntent(provider, record, EXPIRED);
      const fixed = await fixFulfilment(record);
      let fulfilment: Fulfilment | undefined;
      try {
        fulfilment = await holdFulfilment(fixed.transactionId, fixed.fulfilment, fixed.kitchenLoad);
      } catch (err) {
        if (err instanceof HttpError && err.status === 409) return voidIntent(provider, fixed, err.message);
        throw err;
      }
      await holdStockOrVoid(provider, fixed, fulfilment);
      // Two tabs, two tips, both confirmed: the lines are paid once, the other card is not charged.
      await claimLinesOrVoid(provider, fixed);
      await holdPromoOrVoid(provider, fixed);
      const captured = await capture(provider, fixed);
      if (captured.status !== 'succeeded') throw new HttpError(409, 'Your payment is still processing. It will appear in your history once it clears.');
      return complete(fixed, fulfilment);
    }
  }
}

/**
 * POST /api/payments/demo-confirm: the demo card is charged here, on the server, once the pickup
 * slot is held, and the payment is recorded. Answers the order, as POST /api/payments would.
 */
export async function confirmDemoPayment(viewer: Shopper, input: DemoConfirmInput): Promise<DemoConfirmation> {
  authorize(viewer, 'guest');
  if (paymentMode() !== 'demo') throw new HttpError(404, 'Demo payments are off: this site takes cards through Stripe.');
  const found = await ownIntent(viewer, input.transactionId);
  const succeeded = (order: WithId<PaymentDoc>): DemoConfirmation => ({ status: 'succeeded', transactionId: found.transactionId, ...paymentResult(order) });
  if (isPaid(found)) return succeeded(await complete(found));
  if (found.voided) throw new HttpError(409, found.voided);
  if (isExpired(found)) return voidIntent(demoProvider, found, EXPIRED);
  const record = await fixFulfilment(found);
  // Charge only what the intent covers at today's prices: a cart changed since is not charged.
  const now = await priceCart(viewer, record.cartIds);
  if (now.cartIds.length !== record.cartIds.length || now.cents !== record.subtotalCents) {
    // A concurrent confirmation of this very intent may have just paid it and cleared its lines.
    const latest = await findIntent(record.transactionId);
    if (latest && isPaid(latest)) return succeeded(await complete(latest));
    throw new HttpError(409, CART_CHANGED);
  }
  const fulfilment = await holdFulfilment(record.transactionId, record.fulfilment, record.kitchenLoad);
  await holdStockOrVoid(demoProvider, record, fulfilment);
  await claimLinesOrVoid(demoProvider, record);
  await holdPromoOrVoid(demoProvider, record);
  try {
    chargeDemoCard(input.number);
  } catch (err) {
    // A concurrent confirmation with another card may have paid meanwhile: its place, lines and use stay.
    const latest = await findIntent(record.transactionId);
    if (!latest || !isPaid(latest)) {
      await releaseLines(record);
      await releaseFulfilment(record.transactionId);
      await releaseStock(record.transactionId);
      await releasePromoUse(record);
    }
    throw err;
  }
  return succeeded(await complete(record, fulfilment));
}

function paymentResult(order: WithId<PaymentDoc>): PaymentResult {
  const _id = order._id.toHexString();
  return {
    paymentResult: { insertedId: _id },
    order: { _id, ...(order.number !== undefined ? { number: order.number } : {}), ...(order.fulfilment ? { fulfilment: order.fulfilment } : {}) },
  };
}

/**
 * A payment recorded before checkouts were kept apart from orders has no intent, only its order:
 * a replay of its save answers that order.
 */
async function paidBeforeIntents(viewer: Shopper, body: PaymentBody): Promise<WithId<PaymentDoc>> {
  const order = await findOrder(body.transactionId);
  if (!order || order.ownerUid !== viewer.uid) throw new HttpError(404, NO_PAYMENT);
  if (toCents(body.price) !== toCents(order.price)) throw new HttpError(409, PRICE_DIFFERS);
  return order;
}

/**
 * POST /api/payments, "save the payment" to its clients. It cannot create one: it records the
 * caller's intent once the provider confirms it was paid (capturing an authorized card once its
 * slot is held), and a replay answers the same record.
 */
export async function recordPayment(viewer: Shopper, body: PaymentBody): Promise<PaymentResult> {
  authorize(viewer, 'guest');
  if (body.email !== undefined && normalizeEmail(body.email) !== normalizeEmail(viewer.email)) {
    throw new HttpError(403, 'You may only pay for your own cart.');
  }
  const record = await findIntent(body.transactionId);
  if (!record) return paymentResult(await paidBeforeIntents(viewer, body));
  if (record.ownerUid !== viewer.uid) throw new HttpError(404, NO_PAYMENT);
  if (toCents(body.price) !== toCents(record.price)) throw new HttpError(409, PRICE_DIFFERS);
  if (isPaid(record)) return paymentResult(await complete(record));
  const provider = activeProvider();
  return paymentResult(await settle(provider, record, await provider.retrieveIntent(record.transactionId)));
}

/**
 * POST /api/webhooks/stripe: Stripe's own word that a card was authorized
 * (`payment_intent.amount_capturable_updated`) or charged (`payment_intent.succeeded`), or that
 * money went back (`charge.refunded`, refunds made in its dashboard too), delivered at least once. Settled by the same rule as the browser's save: an authorized card is captured
 * once its slot is held, or voided; a voided one is acknowledged, as it was handled.
 */
export async function handleStripeWebhook(payload: string, signature: string | null): Promise<{ received: true }> {
  const event = verifyStripeEvent(payload, signature);
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (intentId) await recordStripeRefunds(intentId);
    return { received: true };
  }
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.amount_capturable_updated') return { received: true };
  const intent = toProviderIntent(event.data.object);
  const record = await findIntent(intent.id);
  // An intent this site did not open (another app on the same Stripe account) is not ours.
  if (!record) return { received: true };
  if (isPaid(record)) {
    assertMatches(record, intent);
    await complete(record);
    return { received: true };
  }
  const provider = stripeProvider();
  // The event is a snapshot: an authorization is settled from Stripe's account of it now.
  const current = intent.status === 'succeeded' ? intent : await provider.retrieveIntent(intent.id);
  try {
    await settle(provider, record, current);
  } catch (err) {
    if (!(await findIntent(intent.id))?.voided) throw err;
  }
  return { received: true };
}
