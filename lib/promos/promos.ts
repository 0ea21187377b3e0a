import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin, type Shopper } from '@/lib/auth/viewer';
import { collections, isDuplicateKeyError, toObjectId } from '@/lib/db';
import type { AppliedPromoDoc, PromoDoc } from '@/lib/db/documents';
import { priceCart } from '@/lib/cart/cart';
import { restaurantClockAt } from '@/lib/settings/store';
import { toCents } from '@/lib/menu/money';
import { appliesTo, codeKeyOf, priceDiscount, type PromoLine } from './rules';
import type { PromoInput } from './schemas';
import type { AppliedPromo, Promo, PromoTerms } from './types';
import { mapPage, readPage, type Paged } from '@/lib/pagination/page';
import type { PageQuery } from '@/lib/pagination/schemas';
import { usesByEmail, usesOf } from './uses';

/**
 * Promo codes: the admin page's reads and writes, and pricing a code against a diner's order.
 * Its uses are ./uses.ts's: taken when the payment is about to be taken, given back by a
 * whole-order refund.
 */

function termsOf(doc: PromoDoc): PromoTerms {
  const { code, kind, percent, amountCents, minSubtotalCents, validFrom, validUntil, maxUses, maxUsesPerDiner, verifiedOnly, categories, menuIds, active } = doc;
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
    ...(verifiedOnly ? { verifiedOnly } : {}),
    categories,
    menuIds,
    active,
  };
}

async function shape(doc: WithId<PromoDoc>): Promise<Promo> {
  const _id = doc._id.toHexString();
  return { _id, ...termsOf(doc), uses: await usesOf(_id), updatedAt: doc.updatedAt.toISOString(), updatedBy: doc.updatedBy.email };
}

/** The form's values as stored terms: money in cents, and only the fields that say something. */
function storedTerms(input: PromoInput): Omit<PromoDoc, 'createdAt' | 'updatedAt' | 'updatedBy'> {
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
    ...(input.verifiedOnly ? { verifiedOnly: true } : {}),
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
  const docs = await readPage(promos, { list: 'promos', filter: {} }, page);
  const shaped = await Promise.all(docs.docs.map(shape));
  return mapPage(docs, () => shaped);
}

export async function createPromo(admin: Admin, input: PromoInput, now = clockNow()): Promise<Promo> {
  authorize(admin, 'admin');
  const { promos } = await collections();
  const doc: PromoDoc = { ...storedTerms(input), createdAt: now, updatedAt: now, updatedBy: { uid: admin.uid, email: admin.email } };
  try {
    const { insertedId } = await promos.insertOne(doc);
    return await shape({ ...doc, _id: insertedId });
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
  const cleared = (['percent', 'amountCents', 'validFrom', 'validUntil', 'maxUses', 'maxUsesPerDiner', 'verifiedOnly'] as const).filter((field) => !(field in terms));
  try {
    const updated = await promos.findOneAndUpdate(
      { _id, updatedAt: new Date(input.updatedAt) },
      {
        $set: { ...terms, updatedAt: now, updatedBy: { uid: admin.uid, email: admin.email } },
        ...(cleared.length ? { $unset: Object.fromEntries(cleared.map((field) => [field, ''])) } : {}),
      },
      { returnDocument: 'after' },
    );
    if (!updated) throw new HttpError(409, `Someone changed ${terms.code} a moment ago. Reload the list and try again.`);
    return await shape(updated);
  } catch (err) {
    if (isDuplicateKeyError(err)) throw taken(terms.code);
    throw err;
  }
}

async function promoByCode(code: string): Promise<WithId<PromoDoc> | null> {
  const { promos } = await collections();
  return promos.findOne({ codeKey: codeKeyOf(code) });
}

/**
 * The discount `code` gives the shopper's order (`lines`, priced on the server) today, in cents,
 * for the person paying with `email` (a guest's given one, else their account's): 404 for no such
 * code, 403 for a code kept for verified accounts, 409 with the reason it does not apply. Nothing
 * is counted here.
 */
export async function pricePromo(shopper: Shopper, code: string, lines: readonly PromoLine[], { today, email }: { today: string; email: string }): Promise<AppliedPromoDoc> {
  authorize(shopper, 'guest');
  const doc = await promoByCode(code);
  if (!doc) throw new HttpError(404, `${code.trim()} is not a valid code.`);
  if (doc.verifiedOnly && doc.active && (shopper.role === 'guest' || !shopper.emailVerified)) {
    throw new HttpError(403, `${doc.code} is for diners signed in with a verified email. ${shopper.role === 'guest' ? 'Sign up or log in' : 'Verify your email'} to use it.`);
  }
  const _id = doc._id.toHexString();
  const outcome = priceDiscount(termsOf(doc), lines, { today, uses: await usesOf(_id), usesByDiner: await usesByEmail(_id, email) });
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.error);
  const menuIds = [...new Set(lines.filter((line) => appliesTo(doc, line)).map((line) => line.menuId))];
  return { id: _id, code: doc.code, discountCents: outcome.discountCents, menuIds };
}

/** POST /api/promos/check: what `code` takes off the shopper's cart as it is now, priced on the server. */
export async function checkPromo(shopper: Shopper, code: string, now = clockNow()): Promise<AppliedPromo> {
  const cart = await priceCart(shopper);
  if (cart.cents <= 0) throw new HttpError(409, 'Your cart is empty.');
  // A guest's email is given at payment: until then, their account is who they are.
  const { code: written, discountCents, menuIds } = await pricePromo(shopper, code, cart.lines, { today: (await restaurantClockAt(now)).today, email: shopper.email });
  return { code: written, discountCents, menuIds };
}
