/**
 * The collection API: the MongoDB driver's methods and types, narrowed to what this store
 * implements. Whatever is missing here (bulkWrite, replaceOne, pipeline updates, array filters...)
 * is missing on purpose, so code written against it runs on the driver and on this store alike.
 */
import type {
  DeleteResult,
  Document,
  Filter,
  InsertManyResult,
  InsertOneResult,
  OptionalUnlessRequiredId,
  UpdateFilter,
  UpdateResult,
  WithId,
} from 'mongodb';

export type { Document, Filter, WithId, InsertOneResult, InsertManyResult, OptionalUnlessRequiredId, UpdateResult, DeleteResult };

/** `{ field: 1 | -1 }`, applied in key order. The only sort form both backends share. */
export type SortSpec = Record<string, 1 | -1>;

/** Inclusion (`{ name: 1 }`) or exclusion (`{ recipe: 0 }`) projection; expressions work too. */
export type Projection = Document;

export interface FindOptions {
  projection?: Projection;
  sort?: SortSpec;
  skip?: number;
  limit?: number;
}

export interface FindOneOptions {
  projection?: Projection;
  sort?: SortSpec;
}

/**
 * The update operators both backends implement. `$setOnInsert` applies only when an upsert
 * inserts; a document that matched ignores it.
 */
export type AppUpdate<T> = Pick<UpdateFilter<T>, '$set' | '$unset' | '$inc' | '$push' | '$pull' | '$addToSet' | '$setOnInsert'>;

export interface UpdateOptions {
  /**
   * When nothing matches, insert the document the filter's equality fields describe (`_id`
   * included), then apply the update to it. Racing upserts on a unique key: see findOneAndUpdate.
   */
  upsert?: boolean;
}

export interface FindOneAndUpdateOptions extends UpdateOptions {
  /** The document as it was before the update (the default, as in the driver) or after it. */
  returnDocument?: 'before' | 'after';
  projection?: Projection;
  /** Which document is updated when several match. */
  sort?: SortSpec;
}

export interface CountOptions {
  limit?: number;
}

export interface IndexOptions {
  unique?: boolean;
  /** Leaves out documents that have none of the indexed fields (so a unique index allows many). */
  sparse?: boolean;
  /** A TTL index: MongoDB deletes the document this long after the date in the indexed field. */
  expireAfterSeconds?: number;
  name?: string;
}

/** Sort, skip and limit apply in that order whatever order they are chained in, as in MongoDB. */
export interface AppFindCursor<T> {
  sort(sort: SortSpec): AppFindCursor<T>;
  skip(n: number): AppFindCursor<T>;
  limit(n: number): AppFindCursor<T>;
  project<R extends Document = Document>(projection: Projection): AppFindCursor<R>;
  toArray(): Promise<T[]>;
}

export interface AppAggregationCursor<T> {
  toArray(): Promise<T[]>;
}

export interface AppCollection<T extends Document> {
  find(filter?: Filter<T>, options?: FindOptions): AppFindCursor<WithId<T>>;
  findOne(filter?: Filter<T>, options?: FindOneOptions): Promise<WithId<T> | null>;
  insertOne(doc: OptionalUnlessRequiredId<T>): Promise<InsertOneResult<T>>;
  insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<InsertManyResult<T>>;
  updateOne(filter: Filter<T>, update: AppUpdate<T>, options?: UpdateOptions): Promise<UpdateResult<T>>;
  updateMany(filter: Filter<T>, update: AppUpdate<T>, options?: UpdateOptions): Promise<UpdateResult<T>>;
  /**
   * Updates one document and answers it (before or after the update; null when none matched and
   * nothing was inserted), in one atomic step. Upserts that race for one key under a unique
   * index: each either matches the document another inserted or, when its filter cannot match
   * that document, fails with a duplicate-key error (11000), on both backends. MongoDB may also
   * answer 11000 to the loser of a race to insert when the filter holds more than equalities on
   * that key; trying once more then settles it.
   */
  findOneAndUpdate(filter: Filter<T>, update: AppUpdate<T>, options?: FindOneAndUpdateOptions): Promise<WithId<T> | null>;
  /** The filter is required: deleting everything has to be spelled `deleteMany({})`. */
  deleteOne(filter: Filter<T>): Promise<DeleteResult>;
  deleteMany(filter: Filter<T>): Promise<DeleteResult>;
  /** With `limit`, counts no further than that many: a list's "1,000+" reads no more. */
  countDocuments(filter?: Filter<T>, options?: CountOptions): Promise<number>;
  /** `$out` and `$merge` are refused by the embedded store. */
  aggregate<R extends Document = Document>(pipeline: Document[]): AppAggregationCursor<R>;
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<string>;
  /** Fails with code 27 when there is no index of that name, 26 when there is no such collection. */
  dropIndex(name: string): Promise<unknown>;
}
