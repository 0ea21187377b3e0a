import 'server-only';
import type { Filter, ObjectId, WithId } from 'mongodb';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, type AppCollection } from '@/lib/db';
import type { PaymentDoc, UserDoc } from '@/lib/db/documents';
import { fulfilmentLabel } from '@/lib/fulfilment/labels';
import { describeSelection } from '@/lib/menu/pricing';
import { refundedCentsOf } from '@/lib/orders/orders';
import { dayRange } from '@/lib/pagination/days';
import { getSettings } from '@/lib/settings/store';
import { csvRow, type CsvValue } from './csv';

/**
 * The restaurant's data as CSV, for its accountant or another system. Streamed: documents are
 * read in pages of BATCH in `_id` order, each after the last id sent, and written as they come,
 * so the export holds one page whatever the size of the history, and a slow download holds no
 * cursor open on the database. A page is one range read of the `_id` index, on MongoDB and on
 * the embedded engine (lib/db/query-index.ts in memory, the row's key on disk).
 */

const BATCH = 2000;
const cents = (value: number) => (value / 100).toFixed(2);

export const ORDER_COLUMNS = [
  'order', 'paid_at', 'email', 'name', 'status', 'fulfilment', 'line', 'dish', 'category', 'choices', 'note', 'quantity', 'unit_price',
  'line_total', 'line_refunded_quantity', 'tax_rate', 'order_subtotal', 'order_tax', 'tax_included', 'order_tip', 'order_total', 'order_refunded', 'transaction_id',
] as const;

/** One row per line of the order, each with the order's own figures, in dollars. */
export function orderRows(order: WithId<PaymentDoc>): string {
  const tax = order.tax?.cents ?? 0;
  const common = (line: PaymentDoc['lines'][number] | undefined, i: number): CsvValue[] => [
    order.number ?? '',
    order.data.toISOString(),
    order.email,
    order.name,
    order.status,
    order.fulfilment ? fulfilmentLabel(order.fulfilment) : '',
    line ? i + 1 : '',
    line?.name,
    line?.category,
    line ? describeSelection(line.options) : '',
    line?.note,
    line?.quantity,
    line ? cents(line.unitCents) : '',
    line ? cents(line.lineCents) : '',
    line?.refundedQuantity ?? (line ? 0 : ''),
    line?.taxRate,
    cents(order.subtotalCents),
    cents(tax),
    order.tax ? order.tax.mode === 'inclusive' : '',
    cents(order.tipCents),
    order.price.toFixed(2),
    cents(refundedCentsOf(order)),
    order.transactionId,
  ];
  if (!order.lines.length) return csvRow(common(undefined, 0));
  return order.lines.map((line, i) => csvRow(common(line, i))).join('');
}

export const CUSTOMER_COLUMNS = ['email', 'name', 'role', 'email_verified', 'signed_up', 'ready_emails'] as const;

function customerRow(user: WithId<UserDoc>): string {
  return csvRow([user.email, user.name, user.role ?? 'diner', user.emailVerified ?? '', user.createdAt?.toISOString() ?? '', user.readyEmails !== false]);
}

/** A stream of the header, then `row` of every document matching `filter`, page by page in `_id` order. */
function streamOf<T extends { _id?: ObjectId }>(collection: AppCollection<T>, filter: Filter<T>, header: readonly string[], row: (doc: WithId<T>) => string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: ObjectId | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(header)));
        return;
      }
      const page = await collection
        .find({ ...filter, ...(after ? { _id: { $gt: after } } : {}) } as Filter<T>)
        .sort({ _id: 1 })
        .limit(BATCH)
        .toArray();
      if (page.length) controller.enqueue(encoder.encode(page.map(row).join('')));
      if (page.length < BATCH) controller.close();
      else after = page.at(-1)!._id;
    },
  });
}

/**
 * GET /api/exports/orders: every order with its lines; GET /api/reports/sales?format=csv: those
 * paid in a range of days (the restaurant's calendar), both included.
 */
export async function exportOrders(admin: Admin, paid?: { from: string; to: string }): Promise<ReadableStream<Uint8Array>> {
  authorize(admin, 'admin');
  const { payments } = await collections();
  const data = paid ? dayRange(paid, (await getSettings()).schedule.timeZone) : null;
  return streamOf(payments, data ? { data } : {}, ORDER_COLUMNS, orderRows);
}

/** GET /api/exports/customers: every account. */
export async function exportCustomers(admin: Admin): Promise<ReadableStream<Uint8Array>> {
  authorize(admin, 'admin');
  const { users } = await collections();
  return streamOf(users, {}, CUSTOMER_COLUMNS, customerRow);
}
