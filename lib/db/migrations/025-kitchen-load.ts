import type { Migration } from './types.ts';

/**
 * Pickup slots hold kitchen work, not a count of orders. Dishes stored before get a kitchen load
 * of 1, what each order counted as until now; each place held in a pickup slot before records the
 * load it holds, 1, so giving it back takes off what it added. What already has one stays.
 */
export const kitchenLoad: Migration = {
  id: '025-kitchen-load',
  description: 'dishes get a kitchen load of 1, and places held in pickup slots the load they hold',
  async up(db) {
    await db.collection('menu').updateMany({ kitchenLoad: { $exists: false } }, { $set: { kitchenLoad: 1 } });
    const slots = db.collection('pickupSlots');
    for (const slot of await slots.find({ loads: { $exists: false } }).toArray()) {
      await slots.updateOne({ _id: slot._id, loads: { $exists: false } }, { $set: { loads: Object.fromEntries(slot.intents.map((id) => [id, 1])) } });
    }
  },
};
