/** A paid order's document, for suites that write orders straight into the database. */
import { randomBytes } from 'node:crypto';
import type { PaymentDoc } from '@/lib/db/documents';
import { toCents } from '@/lib/menu/money';

/** A paid order as the payment code writes it (no lines unless given): pending since it was paid, unless `overrides` say otherwise. */
export function orderDoc(overrides: Partial<PaymentDoc> = {}): PaymentDoc {
  const paidAt = overrides.data ?? new Date();
  const price = overrides.price ?? 12;
  return {
    ownerUid: 'someone-uid',
    email: 'someone@bistro.test',
    price,
    transactionId: `tx-test-${randomBytes(6).toString('hex')}`,
    data: paidAt,
    cartIds: [],
    menuItemIds: [],
    lines: [],
    subtotalCents: toCents(price),
    tipCents: 0,
    status: 'pending',
    statusHistory: [{ status: 'pending', at: paidAt }],
    updatedAt: paidAt,
    ...overrides,
  };
}
