/** Paid orders: written as the payment code records them, or paid for; and unpaid checkouts. */
import { randomBytes } from 'node:crypto';
import type { Viewer } from '@/lib/auth/viewer';
import { addToCart } from '@/lib/cart/cart';
import type { AddToCartInput } from '@/lib/cart/schemas';
import { collections, getDb } from '@/lib/db';
import type { CheckoutIntentDoc, MenuItemDoc, PaymentDoc } from '@/lib/db/documents';
import { startCheckout } from '@/lib/payments/open';
import { confirmDemoPayment } from '@/lib/payments/providers/demo/confirm';
import { getSettings } from '@/lib/settings/store';
import { countPaidOrder } from '@/lib/stats/rollups';
import { seedItem } from './menu';
import { orderDoc } from './order-doc';

export { orderDoc };
import { contactOf } from './people';
import { atTable } from './settings';

/** A paid order written as the payment code writes it: into `payments`, and counted into its day's figures. */
export async function insertOrder(overrides: Partial<PaymentDoc> = {}): Promise<string> {
  const { payments } = await collections();
  const doc = orderDoc(overrides);
  const { insertedId } = await payments.insertOne(doc);
  await countPaidOrder(await getDb(), { ...doc, _id: insertedId }, (await getSettings()).schedule.timeZone);
  return insertedId.toHexString();
}

/** An unpaid checkout, as Pay opens it: never an order. */
export async function insertOpenIntent(overrides: Partial<CheckoutIntentDoc> = {}): Promise<string> {
  const { checkout_intents } = await collections();
  const { insertedId } = await checkout_intents.insertOne({
    email: 'intent@bistro.test',
    ownerUid: 'uid-intent',
    price: 5,
    transactionId: `tx-intent-${randomBytes(6).toString('hex')}`,
    createdAt: new Date(),
    cartIds: [],
    menuItemIds: [],
    lines: [],
    subtotalCents: 500,
    tipCents: 0,
    status: 'open',
    ...overrides,
  });
  return insertedId.toHexString();
}

/**
 * The viewer pays for one dish (`line`: how many, the choices, a note) the way the checkout page does (the demo card, through the
 * payment rules), which reports the new order to the kitchen. Answers the order's id.
 */
export async function payForDish(viewer: Viewer, dish: Partial<MenuItemDoc> = {}, line: Omit<AddToCartInput, 'menuId'> = {}): Promise<string> {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  await addToCart(viewer, { menuId: await seedItem({ name: 'Kitchen Soup', price: 8, ...dish }), ...line });
  const { transactionId } = await startCheckout(viewer, { fulfilment: await atTable(), ...contactOf(viewer) });
  const { order } = await confirmDemoPayment(viewer, { transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
  return order._id;
}
