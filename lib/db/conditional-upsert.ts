import { isDuplicateKeyError } from './errors.ts';
import type { AppCollection, AppUpdate, Document, Filter, Projection, WithId } from './types.ts';

/**
 * An update of the document with a unique key (its `_id`, or a field under a unique index) that
 * applies only while a condition holds ("fewer than the capacity"), making the document if there
 * is none yet. One write decides it: the filter names the key and the condition, so a document
 * that exists but fails the condition is not matched, and the upsert's insert of that key is
 * refused by the unique index (E11000). Answers the document after the update, or null when the
 * condition refused it.
 *
 * MongoDB settles upserts racing to make the document only when the filter is nothing but
 * equalities on the key: with a condition, the loser of that race gets E11000 even though the
 * document just made may satisfy it. So an E11000 is tried once more; the document exists by then,
 * and a second E11000 means it fails the condition.
 */
export async function conditionalUpsert<T extends Document>(
  collection: AppCollection<T>,
  filter: Filter<T>,
  update: AppUpdate<T>,
  projection?: Projection,
): Promise<WithId<T> | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await collection.findOneAndUpdate(filter, update, { upsert: true, returnDocument: 'after', ...(projection ? { projection } : {}) });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      if (attempt === 2) return null;
    }
  }
}
