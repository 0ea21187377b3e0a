import type { Migration } from './types.ts';

/** As lib/tables/tokens.ts makes them when the owner does not say: how long codes work. */
const DEFAULT_CODE_DAYS = 30;

/**
 * Tables' QR codes work for a period now. Codes printed before had none: they keep working for
 * the default period from the upgrade, which the Tables page shows, so the sheets on the tables
 * are not cut off at once and the owner has time to print new ones.
 */
export const tableCodePeriod: Migration = {
  id: '035-table-code-period',
  description: "the tables' QR codes printed before get a period to work for",
  async up(db) {
    const validUntil = new Date(Date.now() + DEFAULT_CODE_DAYS * 24 * 60 * 60 * 1000);
    await db.collection('tableKeys').updateOne({ _id: 'tableKey', validUntil: { $exists: false } }, { $set: { validUntil } });
  },
};
