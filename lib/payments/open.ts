import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { HttpError } from '@/lib/api/http';
import { authorize, type Shopper } from '@/lib/auth/viewer';
import { BEING_PAID, claimsOn } from '@/lib/cart/claims';
import { priceCart } from '@/lib/cart/cart';
import { chooseFulfilment } from '@/lib/fulfilment/pickup';
import { orderInstant } from '@/lib/menu/availability';
import { assertAvailable } from '@/lib/menu/live';
import { formatCents } from '@/lib/menu/money';
import { MAX_CHARGE_CENTS, MIN_CHARGE_CENTS } from '@/lib/menu/pricing';
import { pricePromo } from '@/lib/promos/promos';
import { getSettings, restaurantClockAt } from '@/lib/settings/store';
import { addedTaxCents, computeTax, rateOf } from '@/lib/tax/tax';
import { normalizeEmail } from '@/lib/users/email';
import { assertGuestOrdersOpen } from '@/lib/users/guests';
import { insertIntent, isExpired, markVoided, openIntentsOf, updateIntentChoices, type IntentRecord } from './intents';
import { CURRENCY, type ProviderIntent } from './provider';
import { providerFor } from './providers';
import type { IntentInput } from './schemas';
import { NOT_CHARGED } from './settle';
import { NO_TIP, tipCents, tipRefusal } from './tips';
import type { CheckoutIntent } from './types';

/**
 * Opening an intent (POST /api/create-payment-intent), the same whichever provider runs:
 * - the amount is priced on the server, from the caller's cart at the menu's current prices, plus
 *   the tip computed here from that subtotal; a line whose dish has changed, sold out or gone
 *   since it was added is refused, not repriced;
 * - an intent is bound to its user, its amount, the cart lines it covers and how the food is got;
 * - a cart has one open intent: a reload or a second tab resumes it while nothing differs, and a
 *   new one replaces it (the old one is voided; the reconciler cancels it at the provider);
 * - lines another payment is being paid with are not offered again.
 * Completing it is settle.ts's.
 */

const REPLACED = 'This checkout was replaced by a newer one (Pay was pressed again, perhaps in another tab).';

type Choices = Pick<IntentRecord, 'email' | 'name' | 'subtotalCents' | 'tipCents' | 'fulfilment' | 'kitchenLoad' | 'tipPercent' | 'tax' | 'promo' | 'tableToken'>;

/** POST /api/create-payment-intent: an intent for the viewer's whole cart, the tip and how they get the food. */
export async function startCheckout(viewer: Shopper, input: IntentInput, now = clockNow()): Promise<CheckoutIntent> {
  authorize(viewer, 'guest');
  const { email, name } = await contactOf(viewer, input);
  const order = await priceCart(viewer);
  if (order.cents <= 0) throw new HttpError(409, 'Your cart is empty.');
  if ((await claimsOn(viewer.uid, order.cartIds)).live.length) throw new HttpError(409, BEING_PAID);
  const tipChoice = input.tip ?? NO_TIP;
  const settings = await getSettings();
  const refused = tipRefusal(order.cents, tipChoice, settings.tips);
  if (refused) throw new HttpError(400, refused);
  const tip = tipCents(order.cents, tipChoice);
  // The code is priced here from the cart, whatever the page showed; the tip is not discounted.
  const promo = input.promo ? await pricePromo(viewer, input.promo, order.lines, { today: (await restaurantClockAt(now)).today, email }) : null;
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
  const choices: Choices = {
    email,
    name,
    subtotalCents: order.cents,
    tipCents: tip,
    fulfilment,
    kitchenLoad: order.load,
    ...('percent' in tipChoice ? { tipPercent: tipChoice.percent } : {}),
    ...(tax ? { tax } : {}),
    ...(promo ? { promo } : {}),
    ...(input.fulfilment.kind === 'table' ? { tableToken: input.fulfilment.token } : {}),
  };
  const price = total / 100;
  const answer = (intent: Pick<ProviderIntent, 'id' | 'clientSecret'>): CheckoutIntent => ({
    clientSecret: intent.clientSecret,
    transactionId: intent.id,
    price,
    subtotal: order.cents / 100,
    tip: tip / 100,
    ...(choices.tipPercent !== undefined ? { tipPercent: choices.tipPercent } : {}),
    ...(tax ? { tax } : {}),
    ...(promo ? { discount: { code: promo.code, cents: promo.discountCents } } : {}),
    fulfilment,
  });
  // A cart has one open intent: resumed when it is for the same thing, else replaced.
  const open = await openIntentsOf(viewer.uid);
  for (const [i, record] of open.entries()) {
    const current = await providerFor(record.transactionId)
      .retrieveIntent(record.transactionId)
      .catch(() => null);
    // A card confirmed in another tab is being paid: its completion records it, or the reconciler does.
    if (current && current.status !== 'open' && current.status !== 'canceled') throw new HttpError(409, BEING_PAID);
    if (i === 0 && current?.status === 'open' && resumable(record, price, order, now) && ((await updateIntentChoices(record._id, choices)) || sameChoices(record, choices))) {
      return answer(current);
    }
  }
  for (const stale of open) await markVoided(stale._id, `${REPLACED} ${NOT_CHARGED}`, { now });
  const provider = providerFor();
  const intent = await provider.createIntent({ amountCents: total, currency: CURRENCY, email });
  await insertIntent({ ownerUid: viewer.uid, price, transactionId: intent.id, cartIds: order.cartIds, menuItemIds: order.menuItemIds, lines, ...choices }, now);
  return answer(intent);
}

/** The open intent may be resumed: the same lines, quantities and total, within its hour. Once a confirmation has fixed its fulfilment, only the same choices resume it. */
function resumable(open: IntentRecord, price: number, order: { cartIds: string[]; lines: { quantity: number }[] }, now: Date): boolean {
  // The same lines and total can hide other quantities (two lines swapping one of the same price).
  const sameLines = open.cartIds.join() === order.cartIds.join() && open.lines.every((line, i) => line.quantity === order.lines[i]?.quantity);
  return open.price === price && sameLines && !isExpired(open, now);
}

/** The intent already holds exactly these choices. */
function sameChoices(record: IntentRecord, choices: Choices): boolean {
  const of = (c: Choices) => JSON.stringify([c.email, c.name, c.subtotalCents, c.tipCents, c.fulfilment, c.kitchenLoad, c.tipPercent, c.tax, c.promo, c.tableToken]);
  return of(record) === of(choices);
}

/**
 * Where the receipt goes and whose name the ticket bears: a person's account, or what a guest gave
 * (their account has neither), checked by the same schema as the payment page's fields.
 */
async function contactOf(viewer: Shopper, input: IntentInput): Promise<{ email: string; name: string }> {
  if (viewer.role !== 'guest') {
    if (input.guest) throw new HttpError(400, "Your receipt goes to your account's email: only guests give one at payment.");
    return { email: normalizeEmail(viewer.email), name: viewer.name };
  }
  await assertGuestOrdersOpen();
  if (!input.guest) throw new HttpError(400, 'guest: give an email for your receipt and a name for your order.');
  return input.guest;
}
