/**
 * The embedded database: the document store of lib/docstore on `<DATA_DIR>/bistro.db`, for running
 * with no database server at all; production points MONGODB_URI at a real MongoDB instead. The
 * store implements `AppCollection` itself, so both backends are interchangeable behind `getDb()`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DocStore, StoreFileError, type QueryPlan } from '../docstore/index.ts';
import { DataDirError, notWritable, resolveDataDir } from './data-dir.ts';
import { DATA_FILE, LEGACY_FILE, loadLegacyFile, moveOlderFiles } from './migrations/data-files.ts';
import type { Collections } from './documents.ts';
import type { AppCollection, AppDb } from './types.ts';

export { DATA_FILE, DataDirError, DocStore, LEGACY_FILE, resolveDataDir };
export const LOCK_FILE = `${DATA_FILE}.lock`;

export interface EmbeddedOptions {
  /** Defaults to resolveDataDir(). */
  dataDir?: string;
  /** `next build`: never lock, never write; with no data file yet, the data lives in memory only. */
  buildPhase?: boolean;
}

/** Diagnostics: DB_CHECKPOINT_MS sets how soon after a write the log is copied into the file, DB_LOG_CHECKPOINTS=1 logs each copy. */
function checkpointOptions(env: NodeJS.ProcessEnv = process.env) {
  const ms = Number(env.DB_CHECKPOINT_MS);
  return {
    ...(ms > 0 ? { checkpointMs: ms } : {}),
    ...(env.DB_LOG_CHECKPOINTS === '1'
      ? { onCheckpoint: (done?: { frames: number; copied: number }) => console.error(done ? `[db] checkpoint done: ${done.copied}/${done.frames} frames` : '[db] checkpoint start') }
      : {}),
  };
}

/** The embedded database as the server, scripts and tests hold it: the app's collections over the store. */
export class EmbeddedDb implements AppDb {
  readonly store: DocStore;
  private constructor(store: DocStore) {
    this.store = store;
  }

  static async open(options: EmbeddedOptions = {}): Promise<EmbeddedDb> {
    return new EmbeddedDb(await openEmbedded(options));
  }

  collection<K extends keyof Collections>(name: K): AppCollection<Collections[K]> {
    return this.store.collection<Collections[K]>(name);
  }

  get writable(): boolean {
    return this.store.writable;
  }

  get lockedBy(): number | null {
    return this.store.lockedBy;
  }

  /** The data file, or `memory` during a build with none. */
  get file(): string {
    return this.store.file ?? 'memory';
  }

  async close(): Promise<void> {
    this.store.close();
  }
}

// Query plans are watched by the tests (tests/support/query-plans.ts): on globalThis, as Next.js
// may load this module more than once.
const plans = globalThis as { __bistroQueryPlans?: (plan: QueryPlan) => void };

/** Every query the embedded store runs from now on is shown to `watch` with SQLite's plan (null stops). */
export function watchQueryPlans(watch: ((plan: QueryPlan) => void) | null): void {
  plans.__bistroQueryPlans = watch ?? undefined;
}

function advice(err: unknown): unknown {
  if (!(err instanceof StoreFileError)) return err;
  if (err.format) return new DataDirError(`${err.message} Start the server once, or run \`npm run migrate\`, with the server stopped.`, { cause: err });
  const restore = /newer version/.test(err.message)
    ? ' Run the newer version of Bistro, or restore DATA_DIR from a backup made for this one.'
    : /damaged|not a database/.test(err.message) ? ' Restore DATA_DIR from a backup, or move the file away to start empty.' : '';
  return new DataDirError(`${err.message}${restore}`, { cause: err });
}

/**
 * Opens the data directory's store: as the writer when no other process is, after moving data
 * that an earlier release stored into today's format; read-only otherwise. During a build it never
 * writes, and with no data file yet it holds the data in memory (the seed), read from an older
 * release's bistro.json if that is all there is.
 */
export async function openEmbedded(options: EmbeddedOptions = {}): Promise<DocStore> {
  const dataDir = path.resolve(/*turbopackIgnore: true*/ options.dataDir ?? resolveDataDir());
  const file = path.join(dataDir, DATA_FILE);
  const onPlan = (plan: QueryPlan) => plans.__bistroQueryPlans?.(plan);
  try {
    if (options.buildPhase) {
      if (fs.existsSync(file)) return DocStore.open({ file, readOnly: true, onPlan });
      const store = DocStore.open({ onPlan });
      await loadLegacyFile(dataDir, store);
      return store;
    }
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.accessSync(dataDir, fs.constants.W_OK);
    } catch (err) {
      throw notWritable(dataDir, err);
    }
    await moveOlderFiles(dataDir);
    return DocStore.open({ file, onPlan, ...checkpointOptions() });
  } catch (err) {
    throw advice(err);
  }
}
