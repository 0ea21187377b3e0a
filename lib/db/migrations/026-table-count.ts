import { defaultSettings } from '../../settings/defaults.ts';
import type { RestaurantSettingsDoc } from '../documents.ts';
import type { AppCollection } from '../types.ts';
import type { Migration } from './types.ts';

/** The number of tables as the Tables page kept it before the settings were one document. */
interface TablesBefore {
  _id: 'tables';
  count: number;
}

/**
 * The number of tables an admin saved on the Tables page before the settings were one document
 * becomes part of the settings. A database whose settings were never saved gets them saved once,
 * as the environment gives them now with that number of tables; settings already saved hold their
 * own number, which has ruled since. Then the old document goes, so nothing reads it again.
 */
export const tableCount: Migration = {
  id: '026-table-count',
  description: 'the number of tables saved before the settings were one document joins the settings',
  async up(db) {
    const settings = db.collection('settings') as unknown as AppCollection<TablesBefore | RestaurantSettingsDoc>;
    const before = (await settings.findOne({ _id: 'tables' })) as TablesBefore | null;
    if (!before) return;
    const doc: RestaurantSettingsDoc = {
      _id: 'restaurant',
      version: 1,
      settings: defaultSettings(process.env, before.count),
      updatedAt: new Date(),
      updatedBy: 'migration:026-table-count',
    };
    // Saved settings are left as they are; the upsert only writes a database that has none.
    await settings.updateOne({ _id: 'restaurant' }, { $setOnInsert: doc }, { upsert: true });
    await settings.deleteOne({ _id: 'tables' });
  },
};
