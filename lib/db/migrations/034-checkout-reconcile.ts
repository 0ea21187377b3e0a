import type { DemoIntentDoc } from '../documents.ts';
import { inBatches } from './batches.ts';
import type { Migration } from './types.ts';

const HOUR = 60 * 60 * 1000;
/** As lib/payments/intents.ts keeps them: an intent's hour, and the retention of finished checkouts. */
const LIFETIME_MS = HOUR;
const RETENTION_MS = 30 * 24 * HOUR;
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

/**
 * Checkouts join the reconciler's schedule (lib/payments/reconcile.ts): an open one is looked at
 * when its hour ends, a voided one once more (to make sure the provider cancelled it), and a paid
 * or voided one is deleted after the retention period. A line claim is live until its payment's
 * lines have left the cart: claims of payments already recorded or voided become done, so they
 * stop nobody. The demo card provider keeps its own account of its intents, as Stripe does: each
 * demo checkout gets one, in the state its checkout is in. Whatever a checkout has already is kept.
 */
export const checkoutReconcile: Migration = {
  id: '034-checkout-reconcile',
  description: 'checkouts get their reconciler schedule and retention, line claims their state, and demo intents their own account',
  async up(db) {
    const intents = db.collection('checkout_intents');
    const demoIntents = db.collection('demoIntents');
    const payments = db.collection('payments');
    const now = new Date();
    const todo = await intents.find({ reconcileAt: { $exists: false }, deleteAfter: { $exists: false } }).toArray();
    await inBatches(todo, async (intent) => {
      const finished = intent.status === 'paid' || intent.voided !== undefined;
      const since = intent.paidAt ?? intent.createdAt;
      await intents.updateOne(
        { _id: intent._id, reconcileAt: { $exists: false }, deleteAfter: { $exists: false } },
        finished
          ? { $set: { deleteAfter: at(since, RETENTION_MS), ...(intent.voided !== undefined ? { voidedAt: intent.createdAt, reconcileAt: now } : {}) } }
          : { $set: { reconcileAt: at(intent.createdAt, LIFETIME_MS) } },
      );
      if (!intent.transactionId.startsWith('demo_')) return;
      const order = intent.status === 'paid' ? await payments.findOne({ transactionId: intent.transactionId }, { projection: { refundedCents: 1 } }) : null;
      const account: DemoIntentDoc = {
        _id: intent.transactionId,
        amountCents: Math.round(intent.price * 100),
        currency: 'usd',
        email: intent.email,
        status: intent.status === 'paid' ? 'succeeded' : intent.voided !== undefined ? 'canceled' : 'requires_payment_method',
        refunds: [],
        refundedCents: order?.refundedCents ?? 0,
        createdAt: intent.createdAt,
      };
      await demoIntents.updateOne({ _id: account._id }, { $setOnInsert: account }, { upsert: true });
    });
    const claims = db.collection('lineClaims');
    for (const doc of await claims.find({ 'claims.done': { $exists: false } }).toArray()) {
      const settled = new Set<string>();
      for (const claim of doc.claims) {
        const intent = await intents.findOne({ transactionId: claim.transactionId }, { projection: { status: 1, voided: 1 } });
        if (!intent || intent.status === 'paid' || intent.voided !== undefined) settled.add(claim.transactionId);
      }
      if (!settled.size) continue;
      await claims.updateOne({ _id: doc._id }, { $set: { claims: doc.claims.map((claim) => (settled.has(claim.transactionId) && !claim.done ? { ...claim, done: now } : claim)) } });
    }
  },
};
