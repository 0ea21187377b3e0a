import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { collections, conditionalUpsert } from '@/lib/db';
import type { LineClaimsDoc } from '@/lib/db/documents';

/**
 * Which payment is paying for a cart line, in the diner's claims document (`lineClaims`, keyed by
 * their uid). A payment claims its lines before its money is taken, in ONE conditional write that
 * matches only while no other payment holds a live claim on one of them, whenever either intent
 * was opened. The claim stays live until that payment's lines have left the cart (it is then
 * `done`), or it is given back (the payment was not taken). So of any number of intents over the
 * same lines, one at a time is between its claim and the cart's update, and each checks the cart
 * after its claim: a line is never paid twice.
 */

/** What a diner is told of lines another payment is paying for now: not to pay them again, and what happens next. */
export const BEING_PAID =
  'These dishes are being paid for in another payment. Its order will be in your payment history shortly, with its receipt by email: there is nothing more to pay. If that payment does not go through, they can be paid again here in a few minutes.';

/** A done claim only explains why an intent opened before it was refused: after this long, every such intent has expired. */
const DONE_KEPT_MS = 2 * 60 * 60 * 1000;

type Claim = LineClaimsDoc['claims'][number];
const live = (claim: Claim) => claim.done === undefined;

/**
 * Claims these lines for `transactionId`. True when they are its own now (claimed by this call or
 * an earlier one), false while another payment holds a live claim on one of them.
 */
export async function claimLines(ownerUid: string, cartIds: readonly string[], transactionId: string, now = clockNow()): Promise<boolean> {
  if (!cartIds.length) return true;
  const { lineClaims } = await collections();
  await lineClaims.updateOne({ _id: ownerUid }, { $pull: { claims: { done: { $lt: new Date(now.getTime() - DONE_KEPT_MS) } } } });
  const claimed = await conditionalUpsert(
    lineClaims,
    {
      _id: ownerUid,
      'claims.transactionId': { $ne: transactionId },
      claims: { $not: { $elemMatch: { cartId: { $in: [...cartIds] }, done: { $exists: false } } } },
    },
    { $push: { claims: { $each: cartIds.map((cartId) => ({ cartId, transactionId, at: now })) } } },
    { _id: 1 },
  );
  if (claimed) return true;
  const doc = await lineClaims.findOne({ _id: ownerUid });
  return (doc?.claims ?? []).some((claim) => claim.transactionId === transactionId && live(claim));
}

/** Gives a payment's live claims back: its money was not taken. Safe to repeat. */
export async function releaseLines(ownerUid: string, transactionId: string): Promise<void> {
  await (await collections()).lineClaims.updateOne({ _id: ownerUid }, { $pull: { claims: { transactionId: { $eq: transactionId }, done: { $exists: false } } } });
}

/** The payment's lines have left the cart: its claims are done, and stop no other payment from now on. Safe to repeat. */
export async function linesPaid(ownerUid: string, transactionId: string, now = clockNow()): Promise<void> {
  const { lineClaims } = await collections();
  const doc = await lineClaims.findOne({ _id: ownerUid });
  const mine = (doc?.claims ?? []).filter((claim) => claim.transactionId === transactionId && live(claim));
  if (!mine.length) return;
  // Done first, then no longer live: no moment shows the lines unclaimed before they are done.
  await lineClaims.updateOne(
    { _id: ownerUid, claims: { $elemMatch: { transactionId, done: { $exists: false } } } },
    { $push: { claims: { $each: mine.map((claim) => ({ ...claim, done: now })) } } },
  );
  await releaseLines(ownerUid, transactionId);
}

/** The lines of this owner another payment than `transactionId` is paying for now (live claims), or paid for lately (done claims), by cart id. */
export async function claimsOn(ownerUid: string, cartIds: readonly string[], except?: string): Promise<{ live: string[]; done: string[] }> {
  const doc = await (await collections()).lineClaims.findOne({ _id: ownerUid });
  const others = (doc?.claims ?? []).filter((claim) => cartIds.includes(claim.cartId) && claim.transactionId !== except);
  return { live: others.filter(live).map((c) => c.cartId), done: others.filter((c) => !live(c)).map((c) => c.cartId) };
}
