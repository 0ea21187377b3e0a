import 'server-only';
import { HttpError } from '@/lib/api/http';
import { claimLines, claimsOn, releaseLines } from '@/lib/cart/claims';
import { cartRefusal } from '@/lib/cart/cart';
import { holdFulfilment, releaseFulfilment } from '@/lib/fulfilment/pickup';
import { orderInstant } from '@/lib/menu/availability';
import { releaseStock, takeStock } from '@/lib/menu/stock';
import { releasePromoUse, takePromoUse } from '@/lib/promos/uses';
import { getSettings, restaurantClockAt } from '@/lib/settings/store';
import type { IntentRecord } from './intents';
import type { ProviderIntent } from './provider';

/**
 * What an order needs held before its money is taken, each with its take and its release, in the
 * order settle.ts takes them. A take either holds its thing for the intent (safe to repeat: a
 * second take by the same intent holds nothing more) or throws a 409 saying why the order cannot
 * be had now; settle.ts then gives back what it took, in reverse, and voids the intent, so the
 * card is never charged. Another hold (stock, a courier) is one more entry in `HOLDS`.
 */

export interface HoldContext {
  /** The provider's account of the intent now: the card's fingerprint counts a person for a promo code. */
  intent: ProviderIntent;
  /**
   * The money was taken already (a payment the provider charged without an authorization step):
   * each hold takes what it can, whatever its limits say, and refuses only to record a payment
   * twice (`PaidElsewhere`).
   */
  paid: boolean;
  now: Date;
}

export interface Hold {
  readonly name: string;
  take(record: IntentRecord, context: HoldContext): Promise<void>;
  release(record: IntentRecord): Promise<void>;
}

export const PAID_ELSEWHERE = 'These dishes were already paid for in another payment.';

/** The intent's lines were paid by another payment: this one must not be recorded (its money, if taken, goes back). */
export class PaidElsewhere extends HttpError {
  constructor() {
    super(409, PAID_ELSEWHERE);
    this.name = 'PaidElsewhere';
  }
}

/** The kitchen's place: a pickup slot, or the earliest slot with room for a table's order (whose token is checked again). */
const fulfilment: Hold = {
  name: 'fulfilment',
  async take(record, { paid, now }) {
    try {
      await holdFulfilment(record.transactionId, record.fulfilment, record.kitchenLoad, now, record.tableToken);
    } catch (err) {
      // The money is taken: the order is recorded whatever the slot says, and the kitchen fits it in.
      if (!(paid && err instanceof HttpError && err.status === 409)) throw err;
    }
  },
  release: (record) => releaseFulfilment(record.transactionId),
};

/**
 * The counted portions of its dishes on the day its order is for, checked first against the menu at
 * that time (an 86 or a section's hours since Pay refuse it, as a slot that filled does).
 */
const stock: Hold = {
  name: 'stock',
  async take(record, { paid, now }) {
    const at = orderInstant(record.fulfilment, (await getSettings()).schedule.timeZone, now);
    try {
      await takeStock(record.transactionId, record.lines, at, now);
    } catch (err) {
      // The money is taken: the order stands, and a count never goes below zero.
      if (!(paid && err instanceof HttpError && err.status === 409)) throw err;
      console.error(`[payments] ${record.transactionId} was charged for portions it could not hold: ${err.message}`);
    }
  },
  release: (record) => releaseStock(record.transactionId),
};

/** The cart lines it pays for: claimed (a line is paid once), and still in the cart as they were priced. */
const lines: Hold = {
  name: 'lines',
  async take(record, { paid, now }) {
    if (!(await claimLines(record.ownerUid, record.cartIds, record.transactionId, now))) throw new PaidElsewhere();
    const refused = await cartRefusal(record.ownerUid, record.cartIds, record.lines);
    if (!refused) return;
    // Gone from the cart because another payment took them, or changed by the diner.
    const claimed = await claimsOn(record.ownerUid, record.cartIds, record.transactionId);
    if (refused.gone && claimed.done.length) throw new PaidElsewhere();
    if (!paid) throw new HttpError(409, refused.message);
  },
  release: (record) => releaseLines(record.ownerUid, record.transactionId),
};

/** A use of its promo code, within the code's limits, counting the person by their email and their card. */
const promo: Hold = {
  name: 'promo',
  async take(record, { intent, paid, now }) {
    if (!record.promo) return;
    const person = { ownerUid: record.ownerUid, email: record.email, ...(intent.cardFingerprint ? { card: intent.cardFingerprint } : {}) };
    await takePromoUse({ transactionId: record.transactionId, promo: record.promo, person }, { today: (await restaurantClockAt(now)).today, now, force: paid });
  },
  release: (record) => releasePromoUse(record),
};

export const HOLDS: readonly Hold[] = [fulfilment, stock, lines, promo];

/** Gives back every hold of the intent, the last taken first. Each release is safe to repeat. */
export async function releaseHolds(record: IntentRecord, holds: readonly Hold[] = HOLDS): Promise<void> {
  for (const hold of [...holds].reverse()) await hold.release(record);
}
