import 'server-only';
import type { WithId } from 'mongodb';
import { collections, getDb, isDuplicateKeyError } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import { getSettings } from '@/lib/settings/store';
import { queueOrderTickets } from '@/lib/printing/tickets';
import { countPaidOrder } from '@/lib/stats/rollups';
import { orderWritten } from './feed/in-process';
import { takeOrderNumber } from './numbers';

/** A paid checkout as its order records it: everything but what the order itself adds (number, status, history). */
export type PaidCheckout = Omit<PaymentDoc, 'number' | 'status' | 'statusHistory' | 'updatedAt'> & Required<Pick<PaymentDoc, '_id'>>;

const timeZone = async () => (await getSettings()).schedule.timeZone;

/** The order a payment wrote, if it has been written. */
export async function findOrder(transactionId: string): Promise<WithId<PaymentDoc> | null> {
  return (await collections()).payments.findOne({ transactionId });
}

/**
 * Writes the order of a paid checkout into `payments`: numbered, pending since it was paid,
 * counted into its day's figures, its tickets queued for the printers, and told to the kitchen. Called by the completion that claimed the payment's intent, so once per
 * payment; the unique transaction id is the backstop, so a completion that takes over from one
 * it took for crashed but was only slow answers the order that one wrote rather than a second
 * one (the number it took is skipped).
 */
export async function placeOrder(paid: PaidCheckout): Promise<WithId<PaymentDoc>> {
  const { payments } = await collections();
  const order: WithId<PaymentDoc> = {
    ...paid,
    number: await takeOrderNumber(),
    status: 'pending',
    statusHistory: [{ status: 'pending', at: paid.data }],
    updatedAt: paid.data,
  };
  try {
    await payments.insertOne(order);
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    const first = await payments.findOne({ transactionId: paid.transactionId });
    if (!first) throw err;
    // The completion that wrote it may have stopped before counting it or queueing its tickets; doing either twice does it once.
    await countPaidOrder(await getDb(), first, await timeZone());
    await queueOrderTickets(first);
    return first;
  }
  await countPaidOrder(await getDb(), order, await timeZone());
  await queueOrderTickets(order);
  await orderWritten(async () => order);
  return order;
}
