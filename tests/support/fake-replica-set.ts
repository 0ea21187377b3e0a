/**
 * A stand-in for a MongoDB deployment's `payments` collection as the order feed sees it, since no
 * MongoDB server can run here. It keeps the current documents and the history of changes (the
 * oplog), and its `collection()` is shaped like the driver's: `watch(pipeline, options)` answers an
 * event emitter like the driver's ChangeStream ('change', 'error', `close()`), which filters the
 * changes by the pipeline's $match (with mingo, as the server would), resumes after a token it
 * still has (`resumeAfter`), fails with the server's error codes (history lost: 286; no change
 * streams on a standalone server: 40573), and delivers each change after the write that made it.
 * Several "instances" may watch it at once: each gets every change.
 */
import { EventEmitter } from 'node:events';
import { Query } from 'mingo';
import { ObjectId, type ChangeStreamOptions, type Document } from 'mongodb';
import type { OrderDocument } from '@/lib/orders/feed/source';

interface Change {
  _id: { _data: string };
  operationType: 'insert' | 'update';
  documentKey: { _id: OrderDocument['_id'] };
  fullDocument: OrderDocument;
}

/** A deep copy that keeps ObjectIds and dates what they are, as documents from the driver are. */
function copy<T>(value: T): T {
  if (value instanceof ObjectId) return new ObjectId(value.toHexString()) as T;
  if (value instanceof Date) return new Date(value) as T;
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  return value;
}

class ServerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'MongoServerError';
  }
}

export class FakeChangeStream extends EventEmitter {
  closed = false;

  constructor(
    private readonly owner: FakeReplicaSet,
    private readonly query: Query,
  ) {
    super();
  }

  offer(change: Change) {
    if (this.closed || !this.query.test({ ...change })) return;
    const delivered = copy(change);
    setImmediate(() => {
      if (!this.closed) this.emit('change', delivered);
    });
  }

  failWith(error: Error) {
    setImmediate(() => {
      if (!this.closed) this.emit('error', error);
    });
  }

  async close() {
    this.closed = true;
    this.owner.streams.delete(this);
  }
}

export class FakeReplicaSet {
  /** The oplog: every change still remembered, oldest first. */
  private history: Change[] = [];
  private serial = 0;
  readonly documents = new Map<string, OrderDocument>();
  readonly streams = new Set<FakeChangeStream>();
  /** What each `watch` was asked. */
  readonly opened: { pipeline: Document[]; options: ChangeStreamOptions }[] = [];

  /** A standalone server has no change streams: every `watch` fails. */
  constructor(private readonly standalone = false) {}

  /** One instance's driver collection. */
  collection() {
    return { watch: (pipeline: Document[], options: ChangeStreamOptions) => this.watch(pipeline, options) };
  }

  /** A write of `doc` by any instance, recorded as the server records it. */
  write(doc: OrderDocument) {
    const key = doc._id.toHexString();
    const operationType = this.documents.has(key) ? 'update' : 'insert';
    this.documents.set(key, copy(doc));
    const change: Change = { _id: { _data: `token-${++this.serial}` }, operationType, documentKey: { _id: doc._id }, fullDocument: copy(doc) };
    this.history.push(change);
    for (const stream of this.streams) stream.offer(change);
  }

  /** Breaks every open stream with an error the driver cannot resume from by itself (a cursor killed, say). */
  breakStreams(code = 43) {
    for (const stream of this.streams) stream.failWith(new ServerError(code, 'cursor id not found'));
  }

  /** The server forgets its history (the oplog rolled over): older resume tokens no longer work. */
  forgetHistory() {
    this.history = [];
  }

  /** Documents changed since `since`, as a query by `updatedAt` finds them (the hub's catch-up). */
  async readSince(since: Date): Promise<OrderDocument[]> {
    return [...this.documents.values()].filter((doc) => (doc.updatedAt?.getTime() ?? 0) >= since.getTime()).map((doc) => copy(doc));
  }

  private watch(pipeline: Document[], options: ChangeStreamOptions): FakeChangeStream {
    this.opened.push({ pipeline, options });
    const match = pipeline.find((stage) => '$match' in stage)?.$match as Document | undefined;
    const stream = new FakeChangeStream(this, new Query(match ?? {}));
    if (this.standalone) {
      stream.failWith(new ServerError(40573, 'The $changeStream stage is only supported on replica sets'));
      return stream;
    }
    const token = (options.resumeAfter as { _data?: string } | undefined)?._data;
    if (token) {
      const at = this.history.findIndex((change) => change._id._data === token);
      if (at < 0) {
        stream.failWith(new ServerError(286, 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.'));
        return stream;
      }
      for (const change of this.history.slice(at + 1)) stream.offer(change);
    }
    this.streams.add(stream);
    return stream;
  }
}
