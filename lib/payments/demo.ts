import 'server-only';
import { randomBytes } from 'node:crypto';
import { toCents } from '@/lib/menu/money';
import { cardDigits } from '@/lib/payments/schemas';
import { demoDecline } from './demo-cards';
import { CURRENCY, PaymentError, type PaymentProvider, type ProviderIntent } from './provider';
import { findIntent, isPaid } from './intents';

/**
 * The offline card provider: no account, no network, no real money. Its cards are charged on our
 * own server (confirmDemoPayment), so its account of an intent is our record of it: paid once a
 * test card went through and the record was flipped, open until then. The charge is one step,
 * taken after the pickup slot is held, so a demo intent is never 'authorized': capturing or
 * voiding one answers its state and changes nothing.
 */
export const demoProvider: PaymentProvider = {
  name: 'demo',
  async createIntent({ amountCents, currency, email }) {
    const id = `demo_pi_${randomBytes(12).toString('hex')}`;
    return { id, clientSecret: clientSecret(id), status: 'open', amountCents, currency, email };
  },
  retrieveIntent,
  captureIntent: retrieveIntent,
  cancelIntent: retrieveIntent,
  // Nobody was charged: the refund is recorded on the order, and that is all there is to it.
  async refund(_intentId, amountCents) {
    return { id: `demo_re_${randomBytes(12).toString('hex')}`, cents: amountCents };
  },
};

/** The intent as our record of it says: paid once the record was flipped, open until then. */
async function retrieveIntent(id: string): Promise<ProviderIntent> {
  const record = await findIntent(id);
  if (!record) throw new PaymentError(404, 'No payment has this transaction id.', 'resource_missing');
  return {
    id,
    clientSecret: clientSecret(id),
    status: isPaid(record) ? 'succeeded' : 'open',
    amountCents: toCents(record.price),
    currency: CURRENCY,
    email: record.email,
  };
}

/** Shaped like Stripe's; confirming needs the session of the intent's owner, not this secret. */
function clientSecret(id: string): string {
  return `${id}_secret_demo`;
}

/** Charges a demo card, or throws the decline its bank would give. The number is neither kept nor logged. */
export function chargeDemoCard(number: string): void {
  const decline = demoDecline(cardDigits(number));
  if (decline) throw new PaymentError(402, decline.message, decline.code);
}
