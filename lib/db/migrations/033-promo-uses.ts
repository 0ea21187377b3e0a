import { personEmail } from '../../users/email.ts';
import type { PromoDoc, PromoUseDoc } from '../documents.ts';
import type { WithId } from '../types.ts';
import { inBatches } from './batches.ts';
import type { Migration } from './types.ts';

/** A promo code as it was stored before its uses were documents of their own. */
type PromoBefore = WithId<PromoDoc> & { uses?: number; redemptions?: { transactionId: string; uid: string; at: Date }[] };

/**
 * A promo code's uses leave the array inside the code (which a code of about 100,000 uses would
 * have grown past MongoDB's 16 MB document limit) for `promoUses`, one document each, numbered in
 * the order they were taken, and counted per person by the email of the order that took them.
 * The code keeps its terms only. A code whose uses were moved before a crash has them already:
 * each use is unique by payment, so moving it again adds nothing.
 */
export const promoUses: Migration = {
  id: '033-promo-uses',
  description: "promo codes' uses become documents of their own, indexed by code and by person",
  async up(db) {
    const promos = db.collection('promos');
    const uses = db.collection('promoUses');
    const payments = db.collection('payments');
    for (const promo of (await promos.find({ redemptions: { $exists: true } }).toArray()) as PromoBefore[]) {
      const promoId = promo._id.toHexString();
      const perEmail = new Map<string, number>();
      const moved: PromoUseDoc[] = [];
      for (const [i, use] of (promo.redemptions ?? []).entries()) {
        const order = await payments.findOne({ transactionId: use.transactionId }, { projection: { email: 1 } });
        const email = personEmail(order?.email ?? `${use.uid}@unknown.invalid`);
        const emailN = (perEmail.get(email) ?? 0) + 1;
        perEmail.set(email, emailN);
        moved.push({ promoId, transactionId: use.transactionId, ownerUid: use.uid, email, at: use.at, n: i + 1, emailN });
      }
      await inBatches(moved, (use) => uses.updateOne({ promoId, transactionId: use.transactionId }, { $setOnInsert: use }, { upsert: true }));
      await promos.updateOne({ _id: promo._id }, { $unset: { redemptions: '', uses: '' } });
    }
  },
};
