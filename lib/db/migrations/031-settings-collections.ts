import type { OrderingStateDoc, TableKeyDoc } from '../documents.ts';
import type { AppCollection } from '../types.ts';
import type { Migration } from './types.ts';

/**
 * `settings` held three kinds of documents told apart by `_id`: the kitchen's pause and busy mode
 * and the tables' key each get a collection of their own (`orderingState`, `tableKeys`), so each
 * collection holds one kind. Copied, then removed: a run cut short copies again, which changes nothing.
 */
export const settingsCollections: Migration = {
  id: '031-settings-collections',
  description: "the kitchen's ordering state and the tables' key leave settings for collections of their own",
  async up(db) {
    const settings = db.collection('settings') as unknown as AppCollection<OrderingStateDoc | TableKeyDoc>;
    for (const [id, target] of [['ordering', db.collection('orderingState')], ['tableKey', db.collection('tableKeys')]] as const) {
      const doc = await settings.findOne({ _id: id });
      if (!doc) continue;
      const { _id, ...fields } = doc;
      await (target as AppCollection<OrderingStateDoc | TableKeyDoc>).updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
      await settings.deleteOne({ _id: id });
    }
  },
};
