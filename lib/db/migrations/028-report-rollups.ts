import { rebuildRollups } from '../../stats/rollups.ts';
import type { Migration } from './types.ts';

/**
 * The reports read more from each day than the first rollups kept (tax by rate, refunds on the
 * day they were made, dishes, hours, pickup and table), and a cancellation no longer takes its
 * order's money out of the day it was paid (its refund does): every day is made again, once.
 */
export const reportRollups: Migration = {
  id: '028-report-rollups',
  description: 'the daily rollups count refunds, tax by rate, dishes, hours, pickup and table for the reports',
  async up(db) {
    await rebuildRollups(db);
  },
};
