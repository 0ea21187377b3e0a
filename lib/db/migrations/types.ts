import type { AppDb } from '../types.ts';

/**
 * One change to the stored data, run once per database (lib/db/migrations/runner.ts). It runs
 * before the indexes are built: it sees the indexes the previous version made, and a new unique
 * index is built over what it leaves.
 */
export interface Migration {
  /** 'NNN-name', the same as its file name; the number gives the order. */
  id: string;
  description: string;
  /**
   * Idempotent: it may run again after a crash cut it short (it is recorded only once done), so
   * it converts what is still in the old shape and leaves what is already converted.
   */
  up(db: AppDb): Promise<void>;
}
