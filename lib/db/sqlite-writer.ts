/**
 * The writer's connection, in a worker thread. A batch of writes is one transaction over the rows
 * it changed, fsynced before the batch is acknowledged: so a write costs what it changes, a
 * SIGKILL loses nothing acknowledged, and a crash never leaves half a batch. Neither that fsync
 * nor the checkpoints that copy the log back into the database between batches hold up the
 * event loop: the main thread only encodes the changed documents.
 */
import { Worker } from 'node:worker_threads';
import type { Document } from 'mongodb';
import { encodeDocument } from './document-codec.ts';
import { SQL, WRITER_PRAGMAS } from './sqlite-file.ts';
import { valueKey, type IndexSpec } from './store.ts';

/**
 * One document write: an insert (before absent), a replacement, or a deletion (after absent); or
 * a document marked as kept on disk only (lib/db/cold.ts).
 */
export type DocumentWrite = { collection: string; before?: Document; after?: Document } | { collection: string; cold: Document };

/** How often the worker copies the log into the database, if anything was written (DB_CHECKPOINT_MS to tune). */
const CHECKPOINT_MS = Number(process.env.DB_CHECKPOINT_MS) || 1000;

// Plain JavaScript run by the writer thread (`eval`: no file for a bundler to find and move).
// Batches and checkpoints take turns on its one connection, so a checkpoint always copies the
// whole log and the next batch can start the log over instead of growing it.
const WRITER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { DatabaseSync } = require('node:sqlite');
const { file, intervalMs, logCheckpoints, pragmas, sql } = workerData;
const db = new DatabaseSync(file);
db.exec(pragmas);
const statements = Object.fromEntries(Object.entries(sql).map(([name, text]) => [name, db.prepare(text)]));
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const log = (line) => logCheckpoints && writeSync(2, '[db] checkpoint ' + line + '\\n');
let written = false;

function commit(writes, touched) {
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const [kind, collection, id, body] of writes) {
      if (kind === 'insert') statements.insert.run(collection, id, body);
      else if (kind === 'update') statements.update.run(body, collection, id);
      else if (kind === 'cold') statements.cold.run(collection, id);
      else statements.remove.run(collection, id);
    }
    for (const [name, indexes] of touched) statements.touch.run(name, indexes);
    db.exec('COMMIT');
  } catch (err) {
    try {
      db.exec('ROLLBACK');
    } catch {}
    throw err;
  }
}

const timer = setInterval(() => {
  if (!written) return;
  written = false;
  log('start');
  const started = performance.now();
  try {
    const { log: frames, checkpointed } = checkpoint.get();
    log('done: ' + checkpointed + '/' + frames + ' frames in ' + (performance.now() - started).toFixed(1) + ' ms');
  } catch (err) {
    log('failed: ' + err.message);
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
    return;
  }
  try {
    commit(message.writes, message.touched);
    written = true;
    parentPort.postMessage({ id: message.id });
  } catch (err) {
    parentPort.postMessage({ id: message.id, error: { message: err.message, errcode: err.errcode } });
  }
});
`;

/** A failed batch, as SQLite reported it (`errcode` 13 is a full disk). */
class SaveFailure extends Error {
  readonly errcode?: number;
  constructor(message: string, errcode?: number) {
    super(message);
    this.name = 'SaveFailure';
    this.errcode = errcode;
  }
}

/** The writing connection, in its own thread; see the file comment. */
export class SqliteWriter {
  private readonly thread: Worker;
  private readonly exited: Promise<unknown>;
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  private nextId = 0;
  private stopped: Error | null = null;

  private constructor(file: string) {
    this.thread = new Worker(WRITER_THREAD, {
      eval: true,
      workerData: { file, intervalMs: CHECKPOINT_MS, logCheckpoints: process.env.DB_LOG_CHECKPOINTS === '1', pragmas: WRITER_PRAGMAS, sql: SQL },
    });
    this.thread.unref(); // referenced only while a batch is under way: an idle engine keeps no process alive
    this.exited = new Promise((resolve) => this.thread.once('exit', resolve));
    this.thread.on('message', ({ id, error }: { id: number; error?: { message: string; errcode?: number } }) => {
      const request = this.pending.get(id);
      this.pending.delete(id);
      if (!this.pending.size) this.thread.unref();
      if (error) request?.reject(new SaveFailure(error.message, error.errcode));
      else request?.resolve();
    });
    const stop = (err: Error) => {
      this.stopped ??= err;
      for (const { reject } of this.pending.values()) reject(this.stopped);
      this.pending.clear();
    };
    this.thread.on('error', (err) => {
      console.error(`[db] the thread writing ${file} stopped:`, err);
      stop(new SaveFailure(`the thread writing ${file} stopped (${err.message})`));
    });
    this.thread.once('exit', () => stop(new SaveFailure(`the thread writing ${file} has stopped`)));
  }

  static start(file: string): SqliteWriter {
    return new SqliteWriter(file);
  }

  /** Saves the writes, then each touched collection's indexes and version, as one transaction. */
  commit(writes: readonly DocumentWrite[], touched: ReadonlyMap<string, readonly IndexSpec[]>): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    const rows = writes.map((write) => {
      if ('cold' in write) return ['cold', write.collection, valueKey(write.cold._id)];
      const { collection, before, after } = write;
      return !before ? ['insert', collection, valueKey(after!._id), encodeDocument(after!)]
        : after ? ['update', collection, valueKey(after._id), encodeDocument(after)]
          : ['remove', collection, valueKey(before._id)];
    });
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread.ref();
      this.thread.postMessage({ id, writes: rows, touched: [...touched].map(([name, indexes]) => [name, JSON.stringify(indexes)]) });
    });
  }

  /** Closes its connection, the last one: SQLite then checkpoints and removes the log, in that thread. */
  async close(): Promise<void> {
    if (!this.stopped) {
      this.thread.ref();
      this.thread.postMessage({ type: 'close' });
    }
    await this.exited;
  }
}
