import type { CheckoutIntentDoc, PaymentDoc } from '../documents.ts';
import type { AppCollection } from '../types.ts';
import { inBatches } from './batches.ts';
import type { Migration } from './types.ts';

/** An unpaid checkout as `payments` held it, beside the orders. */
type IntentInPayments = Omit<PaymentDoc, 'status'> & { status: 'intent'; voided?: string };

/**
 * Unpaid checkouts leave `payments` for `checkout_intents`, keeping their ids, so `payments` holds
 * orders only. Each is copied (unless already there), then deleted: cut short, it resumes.
 */
export const checkoutIntents: Migration = {
  id: '020-checkout-intents',
  description: 'Unpaid checkout intents move from payments to checkout_intents',
  async up(db) {
    const payments = db.collection('payments') as unknown as AppCollection<IntentInPayments>;
    const intents = db.collection('checkout_intents');
    await inBatches(await payments.find({ status: 'intent' }).toArray(), async ({ _id, data, status: _, ...intent }) => {
      const moved: Partial<CheckoutIntentDoc> = { ...intent, createdAt: data, status: 'open' };
      await intents.updateOne({ _id }, { $setOnInsert: moved }, { upsert: true });
      await payments.deleteOne({ _id, status: 'intent' });
    });
  },
};
