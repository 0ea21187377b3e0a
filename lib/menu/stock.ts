import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { HttpError } from '@/lib/api/http';
import { collections } from '@/lib/db';
import { choiceKey, lineProblems, type LineToJudge, type MenuAvailability } from './availability';
import { readMenuState, stockKey, type Thing } from './live';

/**
 * Counted portions held for payments, beside the pickup slot's hold (lib/fulfilment/capacity.ts):
 * taken when the payment is confirmed, before the money is taken, and given back once if it is
 * not (a declined card, a voided or expired payment, a cancelled order, a whole refund).
 *
 * Each count is taken by ONE conditional write on its document: "at least this many left, and not
 * already held by this payment" is matched and `left` lowered (the payment and what it holds
 * recorded) in the same operation, so however many diners pay for the last portions at once,
 * `left` never goes below zero, and a payment confirmed twice (a retry, the webhook beside the
 * browser) holds once. The payment's own document lists the counts it took, so they are found to
 * be given back by the payment alone.
 */

/** One count a payment needs: where it is kept, what it starts from, how many, and what diners call it. */
interface Need {
  key: string;
  initial: number;
  quantity: number;
  name: string;
}

/** The counts the lines need on the day of `availability`, the same dish or option on several lines added up. */
function needsOf(lines: readonly LineToJudge[], things: readonly Thing[], availability: MenuAvailability): Need[] {
  const byKey = new Map(things.map((thing) => [thing.key, thing]));
  const needs = new Map<string, Need>();
  for (const line of lines) {
    const keys = [line.menuId, ...line.options.flatMap(({ group, choices }) => choices.map((choice) => choiceKey(line.menuId, group, choice)))];
    for (const thing of keys.map((key) => byKey.get(key))) {
      if (!thing?.stock) continue;
      const key = stockKey(thing.key, thing.stock, availability.date);
      const need = needs.get(key) ?? { key, initial: thing.stock.count, quantity: 0, name: thing.name };
      needs.set(key, { ...need, quantity: need.quantity + line.quantity });
    }
  }
  return [...needs.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The state without its counts: those are decided by the writes, never by a read that may be a moment old. */
function uncounted(availability: MenuAvailability): MenuAvailability {
  const strip = <T extends { left?: number }>({ left: _left, ...rest }: T) => rest;
  const dishes = Object.fromEntries(Object.entries(availability.dishes).map(([id, dish]) => [id, { ...strip(dish), ...(dish.options ? { options: dish.options.map(strip) } : {}) }]));
  return { ...availability, dishes };
}

/**
 * Holds the portions the payment's lines need on the day of `at` (the time the order is for), first
 * checking the lines against the menu at that time (an 86, a schedule): 409 with the reason when
 * one cannot be had or a count has too few left, having given back whatever this payment held.
 * Safe to repeat for one payment.
 */
export async function takeStock(transactionId: string, lines: readonly LineToJudge[], at: Date, now = clockNow()): Promise<void> {
  if (!lines.length) return;
  const { availability, things } = await readMenuState({ at, menuIds: lines.map((line) => line.menuId), now });
  const problems = lineProblems(uncounted(availability), lines, at, now);
  if (problems.size) throw new HttpError(409, [...new Set(problems.values())].join(' '));
  const needs = needsOf(lines, things, availability);
  if (!needs.length) return;
  const { stockHolds } = await collections();
  // Written first: portions taken by a confirmation that stops half way are still found to be given back.
  await stockHolds.updateOne({ _id: transactionId }, { $addToSet: { counts: { $each: needs.map((need) => need.key) } }, $setOnInsert: { at: now } }, { upsert: true });
  for (const need of needs) {
    const left = await takeCount(transactionId, need);
    if (left === null) continue;
    await releaseStock(transactionId);
    throw new HttpError(409, left === 0 ? `${need.name} is sold out.` : `Only ${left} of ${need.name} ${left === 1 ? 'is' : 'are'} left.`);
  }
}

/** Takes the need for the payment: null when it is held (now or already), else what is left, which is too few. */
async function takeCount(transactionId: string, { key, initial, quantity }: Need): Promise<number | null> {
  const { stockCounts } = await collections();
  const take = async () =>
    (
      await stockCounts.updateOne(
        { _id: key, left: { $gte: quantity }, holds: { $ne: transactionId } },
        { $inc: { left: -quantity }, $push: { holds: transactionId }, $set: { [`held.${transactionId}`]: quantity } },
      )
    ).modifiedCount === 1;
  if (await take()) return null;
  let doc = await stockCounts.findOne({ _id: key }, { projection: { left: 1, holds: 1 } });
  if (!doc) {
    // The first portion taken of this count (or on this day) makes its document, at the count.
    await stockCounts.updateOne({ _id: key }, { $setOnInsert: { left: initial, holds: [], held: {} } }, { upsert: true });
    if (await take()) return null;
    doc = await stockCounts.findOne({ _id: key }, { projection: { left: 1, holds: 1 } });
  }
  return doc?.holds.includes(transactionId) ? null : (doc?.left ?? 0);
}

/**
 * Gives back every portion the payment holds, each once: only the write that still finds the
 * payment among a count's holders raises it. Nothing when it holds none; safe to repeat.
 */
export async function releaseStock(transactionId: string): Promise<void> {
  const { stockHolds, stockCounts } = await collections();
  const hold = await stockHolds.findOne({ _id: transactionId });
  if (!hold) return;
  for (const key of hold.counts) {
    const doc = await stockCounts.findOne({ _id: key, holds: transactionId }, { projection: { held: 1 } });
    if (!doc) continue;
    await stockCounts.updateOne(
      { _id: key, holds: transactionId },
      { $inc: { left: doc.held[transactionId] ?? 0 }, $pull: { holds: transactionId }, $unset: { [`held.${transactionId}`]: '' } },
    );
  }
}
