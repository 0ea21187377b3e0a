import { rebuildRollups } from '../../stats/rollups.ts';
import type { Migration } from './types.ts';

/**
 * The statistics read daily rollups that paying and cancelling keep up to date (lib/stats/rollups.ts):
 * orders paid before there were rollups are counted into them once, here. Rebuilding gives the
 * same rollups however often it runs.
 */
export const dailyRollups: Migration = {
  id: '027-daily-rollups',
  description: 'the statistics get daily rollups, made from the orders paid so far',
  async up(db) {
    await rebuildRollups(db);
  },
};
