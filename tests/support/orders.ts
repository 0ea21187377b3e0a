/** Paid orders, written as the payment code records them (no status history until one moves). */
import { randomBytes } from 'node:crypto';
import { collections } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';

export async function insertOrder(overrides: Partial<PaymentDoc> = {}): Promise<string> {
  const { payments } = await collections();
  const paidAt = overrides.data ?? new Date();
  const { insertedId } = await payments.insertOne({
    email: 'someone@bistro.test',
    price: 12,
    transactionId: `tx-test-${randomBytes(6).toString('hex')}`,
    data: paidAt,
    updatedAt: paidAt,
    cartIds: [],
    menuItemIds: [],
    status: 'pending',
    ...overrides,
  });
  return insertedId.toHexString();
}
