import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { HttpError } from '@/lib/api/http';
import { collections, isDuplicateKeyError, toObjectId, type AppCollection } from '@/lib/db';
import type { AppliedPromoDoc, PaymentDoc, PromoUseDoc } from '@/lib/db/documents';
import { personEmail } from '@/lib/users/email';

/**
 * A promo code's uses, each a document of its own in `promoUses`, indexed by code and by person.
 * A use is taken when the payment is about to be taken (lib/payments/holds.ts) by ONE insert that
 * names the payment and a place under each of the code's limits: its number among the code's
 * uses (`n`, at most `maxUses`), among this email's (`emailN`) and this card's (`cardN`, at most
 * `maxUsesPerDiner` each). Unique indexes refuse a place taken twice, so however many payments
 * race for the last use, or one person pays in two tabs, the limits hold; the loser reads the
 * places again and takes a free one, or is refused (409) before any money moves. A repeated take
 * for the same payment finds its use (unique by payment). A whole-order refund gives it back.
 */

/** How often a take goes round again when another took the place it chose. */
const TRIES = 8;

/** A person, as a code's per-person limit counts them: the email they pay with, and the card where the provider gives its fingerprint. */
export interface PromoPerson {
  ownerUid: string;
  email: string;
  card?: string;
}

/** How many uses the code has in all (its number of use documents, counted from the code's index). */
export async function usesOf(promoId: string): Promise<number> {
  return (await collections()).promoUses.countDocuments({ promoId });
}

/** How many uses of the code this email has. */
export async function usesByEmail(promoId: string, email: string): Promise<number> {
  return (await collections()).promoUses.countDocuments({ promoId, email: personEmail(email) });
}

/**
 * The place a new use takes under one limit (all the code's uses, one email's, one card's): the
 * one after the last; at the limit, the first a given-back use left free; with no limit, or
 * `force` (the money is taken already), after the last whatever the limit. Null when all are taken.
 */
async function nextPlace(uses: AppCollection<PromoUseDoc>, filter: Record<string, unknown>, field: 'n' | 'emailN' | 'cardN', max: number | undefined, force: boolean): Promise<number | null> {
  const last = (await uses.find(filter, { projection: { [field]: 1 } }).sort({ [field]: -1 }).limit(1).toArray())[0]?.[field] ?? 0;
  if (max === undefined || force || last < max) return last + 1;
  if ((await uses.countDocuments(filter)) >= max) return null;
  const taken = (await uses.find(filter, { projection: { [field]: 1 } }).sort({ [field]: 1 }).toArray()).map((use) => use[field] ?? 0);
  for (let n = 1, i = 0; n <= max; n++) {
    while (i < taken.length && taken[i]! < n) i++;
    if (taken[i] !== n) return n;
  }
  return null;
}

/**
 * Takes one use of the code for this payment, before its money is taken. Refused (409) when the
 * code ran out, was switched off or expired, or this person (by email or card) used it as often as
 * it allows: nothing has been charged then, and the caller says so. `force` takes it whatever the
 * limits, for a payment whose money was taken already.
 */
export async function takePromoUse(
  payment: { transactionId: string; promo: Pick<AppliedPromoDoc, 'id' | 'code'>; person: PromoPerson },
  { today, now = clockNow(), force = false }: { today: string; now?: Date; force?: boolean },
): Promise<void> {
  const { promos, promoUses } = await collections();
  const { code, id: promoId } = payment.promo;
  const _id = toObjectId(promoId);
  const doc = _id ? await promos.findOne({ _id }) : null;
  const gone = new HttpError(409, `The code ${code} can no longer be used.`);
  if (!doc && !force) throw gone;
  if (await promoUses.findOne({ promoId, transactionId: payment.transactionId }, { projection: { _id: 1 } })) return;
  if (doc && !force) {
    const valid = doc.active && !(doc.validFrom && today < doc.validFrom) && !(doc.validUntil && today > doc.validUntil);
    if (!valid) throw gone;
  }
  const email = personEmail(payment.person.email);
  const { card } = payment.person;
  const perPerson = doc?.maxUsesPerDiner;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const n = await nextPlace(promoUses, { promoId }, 'n', doc?.maxUses, force);
    if (n === null) throw new HttpError(409, `The code ${code} has just been used up.`);
    const emailN = await nextPlace(promoUses, { promoId, email }, 'emailN', perPerson, force);
    if (emailN === null) throw new HttpError(409, `You have used ${code} as many times as it allows.`);
    const cardN = card ? await nextPlace(promoUses, { promoId, card }, 'cardN', perPerson, force) : undefined;
    if (cardN === null) throw new HttpError(409, `This card has been used with ${code} as many times as it allows.`);
    const use: PromoUseDoc = {
      promoId,
      transactionId: payment.transactionId,
      ownerUid: payment.person.ownerUid,
      email,
      at: now,
      n,
      emailN,
      ...(card && cardN ? { card, cardN, cardSeat: `${promoId}:${card}#${cardN}` } : {}),
    };
    try {
      await promoUses.insertOne(use);
      return;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      // The same payment's use, taken by a concurrent completion: done.
      if (await promoUses.findOne({ promoId, transactionId: payment.transactionId }, { projection: { _id: 1 } })) return;
    }
  }
  throw new HttpError(409, `Many people are using ${code} right now. Please press Pay again.`);
}

/**
 * Gives back the use a payment took of its code (the payment was not taken after all, or the whole
 * order was refunded). Nothing when it took none; a second call changes nothing.
 */
export async function releasePromoUse(order: Pick<PaymentDoc, 'transactionId' | 'promo'>): Promise<void> {
  if (!order.promo) return;
  await (await collections()).promoUses.deleteOne({ promoId: order.promo.id, transactionId: order.transactionId });
}
