/**
 * The engine's first data format: the whole database in one EJSON file, `<DATA_DIR>/bistro.json`.
 * The writer migrates it on its first start; a read-only process (a build) that finds only this
 * file reads it as it is.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'mongodb';
import { DataDirError } from './data-dir.ts';
import { decodeEjson } from './document-codec.ts';
import { DATA_FILE, SqliteFile } from './sqlite-file.ts';
import type { IndexSpec } from './store.ts';

export const LEGACY_FILE = 'bistro.json';
/** The old engine's pid lock file: it means nothing to this one. */
const LEGACY_LOCK = 'bistro.lock';
const LEGACY_VERSION = 1;
/** Set in the migrated database: which bistro.json it came from. */
const MIGRATED_FROM = 'migrated_from_sha256';

export interface LegacyCollection {
  name: string;
  indexes: IndexSpec[];
  documents: Document[];
}

interface LegacyShape {
  version?: number;
  collections?: Record<string, { indexes?: Array<Omit<IndexSpec, 'sparse'> & { sparse?: boolean }>; documents?: Document[] }>;
}

function parseLegacy(file: string, text: string): LegacyCollection[] {
  let parsed: LegacyShape;
  try {
    parsed = decodeEjson<LegacyShape>(text);
  } catch (err) {
    throw new DataDirError(`${file} is not valid EJSON (${(err as Error).message}); restore it from a backup or move it away`, { cause: err });
  }
  if ((parsed.version ?? LEGACY_VERSION) > LEGACY_VERSION) {
    throw new DataDirError(`${file} was written by a newer version of Bistro (format ${parsed.version}); run that version, or restore DATA_DIR from a backup`);
  }
  return Object.entries(parsed.collections ?? {}).map(([name, saved]) => ({
    name,
    indexes: (saved.indexes ?? []).map((spec) => ({ ...spec, sparse: spec.sparse ?? false })),
    documents: saved.documents ?? [],
  }));
}

/** The collections in `<dataDir>/bistro.json`, or null when there is none. */
export function readLegacyFile(dataDir: string): LegacyCollection[] | null {
  const file = path.join(dataDir, LEGACY_FILE);
  if (!fs.existsSync(file)) return null;
  return parseLegacy(file, fs.readFileSync(file, 'utf8'));
}

/** Makes a rename durable. Directories cannot be opened or fsynced everywhere (Windows); the rename is atomic regardless. */
function syncDir(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Best effort, as said above.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** Renames bistro.json to bistro.json.bak (or a dated name if that is taken). */
function moveAside(dataDir: string): string {
  const from = path.join(dataDir, LEGACY_FILE);
  let to = `${from}.bak`;
  if (fs.existsSync(to)) to = `${from}.${new Date().toISOString().replace(/[:.]/g, '-')}.bak`;
  fs.renameSync(from, to);
  fs.rmSync(path.join(dataDir, LEGACY_LOCK), { force: true });
  syncDir(dataDir);
  return to;
}

/**
 * Migrates `bistro.json` into `bistro.db`, keeping the old file beside it as a backup. The new file
 * is built aside and renamed into place in one step, so a migration cut short leaves only the old
 * file (and a scrap that the next attempt removes) and simply runs again. The writer calls this
 * with the lock held, before opening the database.
 */
export function migrateLegacyFile(dataDir: string): void {
  const legacy = path.join(dataDir, LEGACY_FILE);
  if (!fs.existsSync(legacy)) return;
  const target = path.join(dataDir, DATA_FILE);
  const text = fs.readFileSync(legacy, 'utf8');
  const sha256 = createHash('sha256').update(text).digest('hex');

  if (fs.existsSync(target)) {
    // Both exist after a migration that stopped just before moving the old file aside; any other
    // bistro.json (restored by hand, or saved by an old server still running) is not in bistro.db.
    const db = SqliteFile.open(target, { readOnly: true });
    const from = db?.meta(MIGRATED_FROM) ?? null;
    db?.close();
    if (from !== sha256) {
      throw new DataDirError(
        `DATA_DIR holds both ${target} and ${legacy}, and ${LEGACY_FILE} is not the file that was migrated into ${DATA_FILE}. ` +
          `${DATA_FILE} is the data this version uses: move ${LEGACY_FILE} out of DATA_DIR to keep it, or move ${DATA_FILE} out to migrate ${LEGACY_FILE} instead.`,
      );
    }
    moveAside(dataDir);
    return;
  }

  const collections = parseLegacy(legacy, text);
  const scratch = `${target}.migrating`;
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(scratch + suffix, { force: true });
  const db = SqliteFile.open(scratch, { readOnly: false });
  try {
    db.insertAll(collections);
    db.setMeta(MIGRATED_FROM, sha256);
  } catch (err) {
    throw new DataDirError(`Could not migrate ${legacy} to ${target} (${(err as Error).message}); ${LEGACY_FILE} is untouched.`, { cause: err });
  } finally {
    db.close(); // checkpoints the log into the one file
  }
  fs.renameSync(scratch, target);
  syncDir(dataDir);
  const backup = moveAside(dataDir);
  const count = collections.reduce((n, c) => n + c.documents.length, 0);
  console.log(`[db] Migrated ${legacy} (${count} documents) to ${target}; the old file is kept as ${path.basename(backup)}.`);
}
