import 'server-only';
import { randomBytes } from 'node:crypto';
import { collections } from '@/lib/db';
import type { DemoIntentDoc } from '@/lib/db/documents';
import { DEMO_INTENT_PREFIX, isDemoPayment } from '@/lib/payments/mode';
import { cardDigits } from '@/lib/payments/schemas';
import { PaymentError, type PaymentProvider, type ProviderIntent } from '../../provider';
import { demoDecline } from './cards';

/**
 * The offline card provider: no account, no network, no real money. It behaves as Stripe does
 * for an intent opened for manual capture, with its account of each intent kept in `demoIntents`:
 * confirming a test card (`confirmDemoCard`, what Stripe.js does at Stripe) authorizes the amount
 * or declines; the server then captures or cancels it through this adapter, the same as a Stripe
 * card. Its refunds are recorded and give nothing back, since nobody was charged.
 */

const missing = () => new PaymentError(404, 'No payment has this transaction id.', 'resource_missing');
const unexpected = (doc: DemoIntentDoc, what: string) =>
  new PaymentError(400, `This PaymentIntent could not be ${what} because it has a status of ${doc.status}.`, 'payment_intent_unexpected_state');

/** Shaped like Stripe's; confirming needs the session of the intent's owner, not this secret. */
const clientSecret = (id: string) => `${id}_secret_demo`;

function toProviderIntent(doc: DemoIntentDoc): ProviderIntent {
  const status = ({ requires_payment_method: 'open', requires_capture: 'authorized', succeeded: 'succeeded', canceled: 'canceled' } as const)[doc.status];
  return {
    id: doc._id,
    clientSecret: clientSecret(doc._id),
    status,
    amountCents: doc.amountCents,
    currency: doc.currency,
    email: doc.email,
  };
}

async function intentDoc(id: string): Promise<DemoIntentDoc> {
  const doc = await (await collections()).demoIntents.findOne({ _id: id });
  if (!doc) throw missing();
  return doc;
}

/** Moves the intent from one of `from` to `to` in one conditional write, or says why it could not (Stripe's answer). */
async function transition(id: string, from: DemoIntentDoc['status'][], to: DemoIntentDoc['status'], what: string): Promise<ProviderIntent> {
  const { demoIntents } = await collections();
  const moved = await demoIntents.findOneAndUpdate({ _id: id, status: { $in: from } }, { $set: { status: to } }, { returnDocument: 'after' });
  if (moved) return toProviderIntent(moved);
  throw unexpected(await intentDoc(id), what);
}

export const demoProvider: PaymentProvider = {
  name: 'demo',
  issued: isDemoPayment,
  async createIntent({ amountCents, currency, email }) {
    const doc: DemoIntentDoc = { _id: `${DEMO_INTENT_PREFIX}${randomBytes(12).toString('hex')}`, amountCents, currency, email, status: 'requires_payment_method', refunds: [], refundedCents: 0, createdAt: new Date() };
    await (await collections()).demoIntents.insertOne(doc);
    return toProviderIntent(doc);
  },
  async retrieveIntent(id) {
    return toProviderIntent(await intentDoc(id));
  },
  captureIntent: (id) => transition(id, ['requires_capture'], 'succeeded', 'captured'),
  cancelIntent: (id) => transition(id, ['requires_payment_method', 'requires_capture'], 'canceled', 'canceled'),
  async refund(intentId, amountCents, refundId) {
    const { demoIntents } = await collections();
    const doc = await demoIntents.findOne({ _id: intentId });
    // A demo payment from before the provider kept accounts: nobody was charged, so there is nothing to check.
    if (!doc) return { id: `demo_re_${randomBytes(12).toString('hex')}`, cents: amountCents, refundId };
    const earlier = doc.refunds.find((r) => r.refundId === refundId);
    if (earlier) return { id: earlier.id, cents: earlier.cents, refundId };
    if (doc.status === 'requires_capture') {
      if (amountCents !== doc.amountCents) throw new PaymentError(409, 'This payment is only authorized: it can be voided as a whole, not in part.', 'not_captured');
      await transition(intentId, ['requires_capture'], 'canceled', 'canceled');
      return { id: `void_${intentId}`, cents: amountCents };
    }
    if (doc.status !== 'succeeded') throw new PaymentError(400, 'This PaymentIntent has no charge to refund.', 'charge_not_refundable');
    if (amountCents > doc.amountCents - doc.refundedCents) throw new PaymentError(400, 'The refund is greater than what is left of the charge.', 'amount_too_large');
    const made = { id: `demo_re_${randomBytes(12).toString('hex')}`, cents: amountCents, refundId };
    // Never past what was charged, as Stripe: one conditional write on the sum refunded.
    const written = await demoIntents.updateOne(
      { _id: intentId, refundedCents: { $lte: doc.amountCents - amountCents }, 'refunds.refundId': { $ne: refundId } },
      { $push: { refunds: made }, $inc: { refundedCents: amountCents } },
    );
    // Another refund landed meanwhile: read it again (this one may be it, or there may be no room left).
    if (!written.modifiedCount) return demoProvider.refund(intentId, amountCents, refundId, 1);
    return made;
  },
  async refunds(intentId) {
    return (await (await collections()).demoIntents.findOne({ _id: intentId }))?.refunds ?? [];
  },
};

/**
 * Confirms a test card for the intent, as Stripe.js does at Stripe: a card that pays authorizes
 * the amount ('authorized'), one the demo bank refuses throws its decline and leaves the intent
 * open for another card. The number is neither kept nor logged. No fingerprint is given: the
 * test cards are everybody's, so a card would make every diner one person.
 */
export async function confirmDemoCard(id: string, number: string): Promise<ProviderIntent> {
  const doc = await intentDoc(id);
  if (doc.status !== 'requires_payment_method') return toProviderIntent(doc);
  const digits = cardDigits(number);
  const decline = demoDecline(digits);
  if (decline) throw new PaymentError(402, decline.message, decline.code);
  const { demoIntents } = await collections();
  const moved = await demoIntents.findOneAndUpdate({ _id: id, status: 'requires_payment_method' }, { $set: { status: 'requires_capture' } }, { returnDocument: 'after' });
  return toProviderIntent(moved ?? (await intentDoc(id)));
}
