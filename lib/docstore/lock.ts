/**
 * One writer per database file, across processes: an exclusive SQLite lock on a small file
 * beside it. The operating system drops it when its process ends, however it ends, so a
 * crash never leaves a stale lock behind and a reused pid can never look like a live owner.
 */
import type { DatabaseSync } from 'node:sqlite';
import { SQLITE_BUSY, sqliteCode } from './errors.ts';
import { sqlite } from './sqlite.ts';

// Locks held by this process, on globalThis because Next.js may load this module several times.
const held: Map<string, DatabaseSync> = ((globalThis as Record<string, unknown>).__docstoreWriterLocks ??= new Map<string, DatabaseSync>()) as Map<string, DatabaseSync>;

export class WriterLock {
  readonly path: string;
  constructor(path: string) {
    this.path = path;
  }

  get heldHere(): boolean {
    return held.has(this.path);
  }

  /** True when taken; false when another process (or handle) holds it. Throws on I/O errors (EACCES...). */
  tryAcquire(): boolean {
    if (this.heldHere) return false;
    const db = new (sqlite().DatabaseSync)(this.path); // no busy timeout: a held lock answers at once
    try {
      // In exclusive locking mode the lock taken by the first write stays until the connection
      // closes. The file holds no data: its journal stays in memory, so a crash leaves no file behind.
      db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY; BEGIN EXCLUSIVE; COMMIT');
    } catch (err) {
      db.close();
      if (sqliteCode(err) === SQLITE_BUSY) return false;
      throw err;
    }
    held.set(this.path, db);
    return true;
  }

  release(): void {
    held.get(this.path)?.close();
    held.delete(this.path);
  }
}
