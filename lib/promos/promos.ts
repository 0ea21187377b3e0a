import 'server-only';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin, type Shopper } from '@/lib/auth/viewer';
import { collections, isDuplicateKeyError, toObjectId, type Filter } from '@/lib/db';
import type { AppliedPromoDoc, PaymentDoc, PromoDoc } from '@/lib/db/documents';
import { priceCart } from '@/lib/cart/cart';
import { clockNow } from '@/lib/settings/clock';
import { restaurantClockAt } from '@/lib/settings/store';
import { toCents } from '@/lib/menu/money';
import { appliesTo, codeKeyOf, priceDiscount, type PromoLine } from './rules';
import type { PromoInput } from './schemas';
import type { AppliedPromo, Promo, PromoTerms } from './types';
import { mapPage, readPage, type Paged } from '@/lib/pagination/page';
import type { PageQuery } from '@/lib/pagination/schemas';

/**
 * Promo codes: the admin page's reads and writes, pricing a code against a diner's order, and its
 * uses. A use is taken when the payment is about to be taken, next to the pickup slot
 * (lib/payments/checkout.ts), in one conditional write on the code that also names the payment:
 * of two diners paying with its last use at once, one gets it and the other is refused before
 * any money moves; a repeated completion of the same payment counts once. A whole-order refund
 * gives the use back (`releasePromoUse`).
 */

function termsOf(doc: PromoDoc): PromoTerms {
  const { code, kind, percent, amountCents, minSubtotalCents, validFrom, validUntil, maxUses, maxUsesPerDiner, categories, menuIds, active } = doc;
  return {
    code,
    kind,
    ...(percent !== undefined ? { percent } : {}),
    ...(amountCents !== undefined ? { amountCents } : {}),
    minSubtotalCents,
    ...(validFrom ? { validFrom } : {}),
    ...(validUntil ? { validUntil } : {}),
    ...(maxUses !== undefined ? { maxUses } : {}),
    ...(maxUsesPerDiner !== undefined ? { maxUsesPerDiner } : {}),
    categories,
    menuIds,
    active,
  };
}

function shape(doc: WithId<PromoDoc>): Promo {
  return { _id: doc._id.toHexString(), ...termsOf(doc), uses: doc.uses, updatedAt: doc.updatedAt.toISOString(), updatedBy: doc.updatedBy.email };
}

/** The form's values as stored terms: money in cents, and only the fields that say something. */
function storedTerms(input: PromoInput): Omit<PromoDoc, 'uses' | 'redemptions' | 'createdAt' | 'updatedAt' | 'updatedBy'> {
  const code = input.code.trim();
  return {
    code,
    codeKey: codeKeyOf(code),
    kind: input.kind,
    ...(input.kind === 'percent' ? { percent: input.percent } : { amountCents: toCents(input.amount ?? 0) }),
    minSubtotalCents: toCents(input.minSubtotal),
    ...(input.validFrom ? { validFrom: input.validFrom } : {}),
    ...(input.validUntil ? { validUntil: input.validUntil } : {}),
    ...(input.maxUses !== undefined ? { maxUses: input.maxUses } : {}),
    ...(input.maxUsesPerDiner !== undefined ? { maxUsesPerDiner: input.maxUsesPerDiner } : {}),
    categories: input.categories,
    menuIds: input.menuIds,
    active: input.active,
  };
}

const taken = (code: string) => new HttpError(409, `A code ${code} exists already (codes match whatever their case).`);

/** Admins: the codes, newest first, a page at a time. */
export async function listPromos(admin: Admin, page: PageQuery): Promise<Paged<Promo>> {
  authorize(admin, 'admin');
  const { promos } = await collections();
  return mapPage(await readPage(promos, { list: 'promos', filter: {}, projection: { redemptions: 0 } }, page), (docs) => docs.map(shape));
}

export async function createPromo(admin: Admin, input: PromoInput, now = clockNow()): Promise<Promo> {
  authorize(admin, 'admin');
  const { promos } = await collections();
  const doc: PromoDoc = { ...storedTerms(input), uses: 0, redemptions: [], createdAt: now, updatedAt: now, updatedBy: { uid: admin.uid, email: admin.email } };
  try {
    const { insertedId } = await promos.insertOne(doc);
    return shape({ ...doc, _id: insertedId });
  } catch (err) {
    if (isDuplicateKeyError(err)) throw taken(doc.code);
    throw err;
  }
}

/**
 * Changes a code's terms, as the admin saw it last (`updatedAt`): a change someone else saved
 * meanwhile is not overwritten (409). Its uses stay as they are.
 */
export async function updatePromo(admin: Admin, id: string, input: PromoInput & { updatedAt: string }, now = clockNow()): Promise<Promo> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  const { promos } = await collections();
  if (!_id || !(await promos.findOne({ _id }, { projection: { _id: 1 } }))) throw new HttpError(404, 'No promo code has this id.');
  const terms = storedTerms(input);
  // Fields the new terms leave out (a limit taken off) go.
  const cleared = (['percent', 'amountCents', 'validFrom', 'validUntil', 'maxUses', 'maxUsesPerDiner'] as const).filter((field) => !(field in terms));
  try {
    const updated = await promos.findOneAndUpdate(
      { _id, updatedAt: new Date(input.updatedAt) },
      {
        $set: { ...terms, updatedAt: now, updatedBy: { uid: admin.uid, email: admin.email } },
        ...(cleared.length ? { $unset: Object.fromEntries(cleared.map((field) => [field, ''])) } : {}),
      },
      { returnDocument: 'after', projection: { redemptions: 0 } },
    );
    if (!updated) throw new HttpError(409, `Someone changed ${terms.code} a moment ago. Reload the list and try again.`);
    return shape(updated);
  } catch (err) {
    if (isDuplicateKeyError(err)) throw taken(terms.code);
    throw err;
  }
}

async function promoByCode(code: string): Promise<WithId<PromoDoc> | null> {
  const { promos } = await collections();
  return promos.findOne({ codeKey: codeKeyOf(code) });
}

const usesBy = (doc: PromoDoc, uid: string) => doc.redemptions.filter((use) => use.uid === uid).length;

/**
 * The discount `code` gives the shopper's order (`lines`, priced on the server) today, in cents;
 * 404 for no such code, 409 with the reason it does not apply. Nothing is counted here.
 */
export async function pricePromo(shopper: Shopper, code: string, lines: readonly PromoLine[], today: string): Promise<AppliedPromoDoc> {
  authorize(shopper, 'guest');
  const doc = await promoByCode(code);
  if (!doc) throw new HttpError(404, `${code.trim()} is not a valid code.`);
  const outcome = priceDiscount(termsOf(doc), lines, { today, uses: doc.uses, usesByDiner: usesBy(doc, shopper.uid) });
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.error);
  const menuIds = [...new Set(lines.filter((line) => appliesTo(doc, line)).map((line) => line.menuId))];
  return { id: doc._id.toHexString(), code: doc.code, discountCents: outcome.discountCents, menuIds };
}

/** POST /api/promos/check: what `code` takes off the shopper's cart as it is now, priced on the server. */
export async function checkPromo(shopper: Shopper, code: string, now = clockNow()): Promise<AppliedPromo> {
  const cart = await priceCart(shopper);
  if (cart.cents <= 0) throw new HttpError(409, 'Your cart is empty.');
  const { code: written, discountCents, menuIds } = await pricePromo(shopper, code, cart.lines, (await restaurantClockAt(now)).today);
  return { code: written, discountCents, menuIds };
}

/** How often a use is tried again when the code's terms changed under it. */
const HOLD_TRIES = 3;

/**
 * Takes one use of the code for this payment, before its money is taken: one conditional write
 * that matches only while the code's terms are those read and it is under its limits, and that
 * records the payment, so a repeated completion counts once. Refused (409) when the code ran out,
 * or was switched off or changed meanwhile: nothing has been charged then, and the caller says so.
 * `force` takes it whatever the limits, for a payment whose money was taken already.
 */
export async function holdPromoUse(
  payment: { transactionId: string; ownerUid: string; promo: Pick<AppliedPromoDoc, 'id' | 'code'> },
  { today, now = clockNow(), force = false }: { today: string; now?: Date; force?: boolean },
): Promise<void> {
  const { promos } = await collections();
  const _id = toObjectId(payment.promo.id);
  const { code } = payment.promo;
  const gone = new HttpError(409, `The code ${code} can no longer be used.`);
  const usedBy = (doc: Pick<PromoDoc, 'redemptions'> | null) => doc?.redemptions.some((use) => use.transactionId === payment.transactionId) ?? false;
  for (let attempt = 0; attempt < HOLD_TRIES; attempt++) {
    const doc = _id ? await promos.findOne({ _id }) : null;
    if (!doc) throw gone;
    if (usedBy(doc)) return;
    const filter: Filter<PromoDoc> = { _id: doc._id, updatedAt: doc.updatedAt, 'redemptions.transactionId': { $ne: payment.transactionId } };
    if (!force) {
      const valid = doc.active && !(doc.validFrom && today < doc.validFrom) && !(doc.validUntil && today > doc.validUntil);
      if (!valid) throw gone;
      if (doc.maxUses !== undefined) filter.uses = { $lt: doc.maxUses };
      if (doc.maxUsesPerDiner !== undefined) {
        filter.$expr = {
          $lt: [{ $size: { $filter: { input: '$redemptions', as: 'use', cond: { $eq: ['$$use.uid', payment.ownerUid] } } } }, doc.maxUsesPerDiner],
        };
      }
    }
    const use = { transactionId: payment.transactionId, uid: payment.ownerUid, at: now };
    const { modifiedCount } = await promos.updateOne(filter, { $inc: { uses: 1 }, $push: { redemptions: use } });
    if (modifiedCount) return;
    const after = await promos.findOne({ _id: doc._id }, { projection: { updatedAt: 1, redemptions: 1 } });
    if (usedBy(after)) return;
    // Terms changed under the write: read them again. Otherwise a limit was reached: that is the answer.
    if (after && after.updatedAt.getTime() === doc.updatedAt.getTime()) throw new HttpError(409, `The code ${code} has just been used up.`);
  }
  throw gone;
}

/**
 * Gives back the use a payment took of its code (the payment was declined after it, or the whole
 * order was refunded). Nothing when it took none; a second call changes nothing.
 */
export async function releasePromoUse(order: Pick<PaymentDoc, 'transactionId' | 'promo'>): Promise<void> {
  const _id = order.promo ? toObjectId(order.promo.id) : null;
  if (!_id) return;
  const { promos } = await collections();
  await promos.updateOne({ _id, 'redemptions.transactionId': order.transactionId }, { $inc: { uses: -1 }, $pull: { redemptions: { transactionId: order.transactionId } } });
}
