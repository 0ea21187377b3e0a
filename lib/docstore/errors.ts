import type { Document } from 'mongodb';

/** An error callers handle exactly like the MongoDB driver's (`code === 11000`, and so on). */
export class ServerError extends Error {
  readonly code: number;
  constructor(message: string, code: number, extra: Document = {}) {
    super(message);
    this.code = code;
    this.name = 'MongoServerError';
    Object.assign(this, extra);
  }
}

/**
 * The file cannot be used as it is: not writable, damaged, full, from a newer version, in an older
 * format (`format`), or held by another process. Nothing of the operation that met it was kept.
 */
export class StoreFileError extends Error {
  /** The format found, when the file holds documents in an older one. */
  readonly format?: number;
  constructor(message: string, options?: ErrorOptions & { format?: number }) {
    super(message, options);
    this.name = 'StoreFileError';
    if (options?.format !== undefined) this.format = options.format;
  }
}

/** SQLite's extended result codes for a broken UNIQUE or PRIMARY KEY constraint, and its code for a full disk. */
export const SQLITE_UNIQUE = new Set([1555, 2067]);
export const SQLITE_FULL = 13;
export const SQLITE_BUSY = 5;

export function sqliteCode(err: unknown): number | undefined {
  return (err as { errcode?: number }).errcode;
}
