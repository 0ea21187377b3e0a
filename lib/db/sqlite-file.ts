/**
 * The embedded engine on disk: one SQLite database, `<DATA_DIR>/bistro.db`, one row per document
 * (relaxed EJSON, readable with the `sqlite3` tool), in WAL mode.
 *
 * This is the main thread's connection: it creates and checks the file, reads all of it when the
 * engine opens, and lets a read-only process catch up with the writer. The writes go through
 * the writer's own connection, in a worker thread (lib/db/sqlite-writer.ts).
 */
import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { Document } from 'mongodb';
import { DataDirError } from './data-dir.ts';
import { encodeDocument } from './document-codec.ts';
import { valueKey, type IndexSpec } from './store.ts';

export const DATA_FILE = 'bistro.db';
export type SQLParam = SQLInputValue;
/** Stored as SQLite's user_version. Format 1 was the single EJSON file (legacy-json.ts). */
export const FORMAT_VERSION = 2;

/**
 * `node:sqlite`, looked up at run time: bundlers leave it alone, and an old Node gets a sentence
 * instead of a failed import.
 */
export function sqlite(): typeof import('node:sqlite') {
  const mod = process.getBuiltinModule?.('node:sqlite');
  if (!mod) {
    throw new DataDirError(`The embedded database needs Node.js 22.13 or later (this is ${process.version}). Upgrade Node.js, or set MONGODB_URI to use MongoDB.`);
  }
  return mod;
}

/**
 * Rows the writer keeps on disk only (lib/db/cold.ts) have `cold = 1`; the rest are loaded at
 * start, through an index of them alone. Added to a database of this format that lacks it: older
 * versions name their columns, so they still read and write it (seeing every row).
 */
const COLD_COLUMN = `
  ALTER TABLE documents ADD COLUMN cold INTEGER;
  CREATE INDEX documents_hot ON documents (collection) WHERE cold IS NULL;
`;

const SCHEMA = `
  CREATE TABLE collections (name TEXT PRIMARY KEY, indexes TEXT NOT NULL, version INTEGER NOT NULL);
  CREATE TABLE documents (collection TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (collection, id));
  -- Rows by collection in rowid order, which is insertion order: MongoDB's natural order, kept on load.
  CREATE INDEX documents_by_collection ON documents (collection);
  ${COLD_COLUMN}
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  PRAGMA user_version = ${FORMAT_VERSION};
`;

export interface StoredCollection {
  name: string;
  indexes: IndexSpec[];
  version: number;
}

export interface StoredRow {
  collection: string;
  id: string;
  body: string;
}

/** A row at the writer's start: its body (whole, or without the fields omitted), or only the JSON text of the fields asked for. */
export interface HotRow extends StoredRow {
  seq: number;
  /** The rule that picked it, if one did. */
  rule?: number;
  kept?: Array<string | null>;
}

/** A text as an SQL literal. */
export const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * For every connection (pragmas rather than constructor options, which Node 22.13 lacks): wait a
 * moment for a lock another process holds briefly (while it recovers the log, say).
 */
const CONNECTION_PRAGMAS = 'PRAGMA busy_timeout = 2000;';
/** For every writing connection. The log starts over after each checkpoint; a burst that grew it past 4 MB is cut back then. */
export const WRITER_PRAGMAS = `${CONNECTION_PRAGMAS} PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 4194304;`;

/** Ends a failed transaction, if SQLite has not already. */
function rollback(db: DatabaseSync): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // No transaction is active: SQLite rolled it back itself.
  }
}

export const SQL = {
  insert: 'INSERT INTO documents (collection, id, body) VALUES (?, ?, ?)',
  // A written row is loaded again at the next start: the sweep decides afresh whether it stays on disk only.
  update: 'UPDATE documents SET body = ?, cold = NULL WHERE collection = ? AND id = ?',
  cold: 'UPDATE documents SET cold = 1 WHERE collection = ? AND id = ?',
  remove: 'DELETE FROM documents WHERE collection = ? AND id = ?',
  touch: 'INSERT INTO collections (name, indexes, version) VALUES (?, ?, 1) ON CONFLICT (name) DO UPDATE SET indexes = excluded.indexes, version = version + 1',
};

function readError(file: string, err: unknown): DataDirError {
  return new DataDirError(
    `${file} cannot be read (${(err as Error).message}): it is damaged or not a Bistro database. Restore DATA_DIR from a backup, or move the file away to start empty.`,
    { cause: err },
  );
}

/**
 * Creates the tables in an empty database (with `create`); refuses a database that is not ours or
 * is newer. False when the database is empty and was left so.
 */
function prepareSchema(db: DatabaseSync, file: string, { create }: { create: boolean }): boolean {
  let version: number;
  let tables: number;
  try {
    version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    tables = Number((db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n);
  } catch (err) {
    throw readError(file, err);
  }
  if (version > FORMAT_VERSION) {
    throw new DataDirError(
      `${file} was written by a newer version of Bistro (data format ${version}; this version reads up to ${FORMAT_VERSION}). Run the newer version, or restore DATA_DIR from a backup made for this one.`,
    );
  }
  if (version === FORMAT_VERSION) return true;
  if (tables > 0) throw readError(file, new Error(`unknown data format ${version}`));
  if (create) db.exec(`BEGIN; ${SCHEMA} COMMIT;`);
  return create;
}

export class SqliteFile {
  readonly path: string;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** The statements whose rows are read many at a time, with their columns' names (see rowsOf). */
  private readonly readers = new Map<string, { statement: StatementSync; names?: string[] }>();

  private constructor(file: string, db: DatabaseSync) {
    this.path = file;
    this.db = db;
  }

  /** The writer's connection (creating the file if needed), or a reader's; null for a reader while the file is still being created. */
  static open(file: string, options: { readOnly: true }): SqliteFile | null;
  static open(file: string, options: { readOnly: false }): SqliteFile;
  static open(file: string, { readOnly }: { readOnly: boolean }): SqliteFile | null {
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(file, { readOnly });
    try {
      db.exec(CONNECTION_PRAGMAS);
      if (!prepareSchema(db, file, { create: !readOnly })) {
        db.close();
        return null;
      }
      if (!readOnly) {
        db.exec(`PRAGMA journal_mode = WAL; ${WRITER_PRAGMAS}`);
        const columns = db.prepare('PRAGMA table_info(documents)').all() as Array<{ name: string }>;
        if (!columns.some((c) => c.name === 'cold')) db.exec(`BEGIN; ${COLD_COLUMN} COMMIT;`);
      }
    } catch (err) {
      db.close();
      throw err instanceof DataDirError ? err : readError(file, err);
    }
    return new SqliteFile(file, db);
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  /**
   * A statement's rows as plain objects, made here from the arrays node:sqlite answers. Its own
   * row objects are dictionaries whose tables V8 allocates straight in the old generation (72
   * bytes a row on Node 24, whatever the columns), which only a full collection frees: every row
   * read (the cold orders of an all-time export, say) grew the heap until then. Objects made here
   * die young. A Node without arrays (22 before 22.16) answers its own objects.
   */
  private rowsOf<R>(sql: string, params: SQLParam[] = []): Iterable<R> {
    let reader = this.readers.get(sql);
    if (!reader) {
      const statement = this.db.prepare(sql);
      const arrays = typeof statement.setReturnArrays === 'function' && typeof statement.columns === 'function';
      if (arrays) statement.setReturnArrays(true);
      reader = { statement, names: arrays ? statement.columns().map((column) => column.name) : undefined };
      this.readers.set(sql, reader);
    }
    const rows = reader.statement.iterate(...params);
    return (reader.names ? asObjects(rows as unknown as Iterable<SQLOutputValue[]>, reader.names) : rows) as Iterable<R>;
  }

  /** Reads a consistent snapshot (one read transaction) of the collections and their rows. */
  read<T>(fn: () => T): T {
    try {
      this.db.exec('BEGIN');
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      rollback(this.db);
      throw err instanceof DataDirError ? err : readError(this.path, err);
    }
  }

  collections(): StoredCollection[] {
    return (this.statement('SELECT name, indexes, version FROM collections').all() as unknown as Array<{ name: string; indexes: string; version: number }>).map((row) => ({
      name: row.name,
      indexes: (JSON.parse(row.indexes) as IndexSpec[]).map((spec) => ({ ...spec, sparse: spec.sparse ?? false })),
      version: Number(row.version),
    }));
  }

  /** Rows in insertion order; one collection's, or every collection's. */
  rows(collection?: string): Iterable<StoredRow> {
    return collection === undefined
      ? this.rowsOf<StoredRow>('SELECT collection, id, body FROM documents ORDER BY rowid')
      : this.rowsOf<StoredRow>('SELECT collection, id, body FROM documents WHERE collection = ? ORDER BY rowid', [collection]);
  }

  /**
   * The writer's start: the rows not kept on disk only, each collection's in insertion order, with
   * their rowid (the order a collection's documents are found in, on disk and in memory alike).
   * Collection by collection, the order of the index read, so SQLite does not sort (and hold in
   * memory) every row first.
   */
  hotRows(): Iterable<StoredRow & { seq: number }> {
    return this.rowsOf<StoredRow & { seq: number }>('SELECT rowid AS seq, collection, id, body FROM documents INDEXED BY documents_hot WHERE cold IS NULL ORDER BY collection, rowid');
  }

  /**
   * Like `hotRows`, but of the rows each rule's `where` picks (the first that does), either only
   * the JSON text of each of its `paths` (null where the body has no such field), or the body
   * without its `omit` paths: what a store holds compact is read without decoding, or even
   * handing over, the rest. `rule` is the index of the rule that picked the row.
   */
  hotRowsCompact(rules: ReadonlyArray<{ collection: string; where: string; paths?: readonly string[]; omit?: readonly string[] }>): Iterable<HotRow> {
    if (!rules.length) return this.hotRows();
    const picked = `CASE ${rules.map((r, i) => `WHEN collection = ${sqlString(r.collection)} AND ${r.where} THEN ${i}`).join(' ')} END`;
    const body = `CASE ${rules.map((r, i) => `WHEN rule = ${i} THEN ${r.omit ? `json_remove(body, ${r.omit.map(sqlString).join(', ')})` : 'NULL'}`).join(' ')} ELSE body END`;
    const kept = rules.flatMap((r, i) => (r.paths ?? []).map((p, j) => `CASE WHEN rule = ${i} THEN body -> ${sqlString(p)} END AS k${i}_${j}`));
    const sql = `SELECT seq, collection, id, ${body} AS body, rule${kept.map((k) => `, ${k}`).join('')} FROM ` +
      `(SELECT rowid AS seq, collection, id, body, ${picked} AS rule FROM documents INDEXED BY documents_hot WHERE cold IS NULL) ORDER BY collection, seq`;
    return (function* (rows: Iterable<Record<string, unknown>>) {
      for (const row of rows) {
        const rule = row.rule === null ? undefined : Number(row.rule);
        const paths = rule === undefined ? [] : rules[rule]!.paths ?? [];
        yield { seq: Number(row.seq), collection: row.collection as string, id: row.id as string, body: row.body as string, rule, kept: paths.map((_, j) => row[`k${rule}_${j}`] as string | null) };
      }
    })(this.rowsOf<Record<string, unknown>>(sql));
  }

  /** One document's stored text, if it is there. */
  body(collection: string, id: string): string | undefined {
    for (const row of this.rowsOf<{ body: string }>('SELECT body FROM documents WHERE collection = ? AND id = ?', [collection, id])) return row.body;
    return undefined;
  }

  /** The highest rowid: where the next insert's place in insertion order starts. */
  lastSeq(): number {
    return Number((this.statement('SELECT max(rowid) AS n FROM documents').get() as { n: number | null }).n ?? 0);
  }

  /** Runs one statement (cached) and answers its rows: the cold reads and the start's sweep (lib/db/cold.ts). */
  query<R>(sql: string, ...params: SQLParam[]): Iterable<R> {
    return this.rowsOf<R>(sql, params);
  }

  run(sql: string, ...params: SQLParam[]): number {
    return Number(this.statement(sql).run(...params).changes);
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** Changes whenever another connection commits: how a reader notices the writer's writes. */
  dataVersion(): number {
    return Number((this.statement('PRAGMA data_version').get() as { data_version: number }).data_version);
  }

  meta(key: string): string | null {
    return ((this.statement('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value) ?? null;
  }

  setMeta(key: string, value: string): void {
    this.statement('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** Inserts whole collections in one transaction: the migration of an older file. */
  insertAll(collections: ReadonlyArray<{ name: string; indexes: readonly IndexSpec[]; documents: readonly Document[] }>): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const { name, indexes, documents } of collections) {
        for (const doc of documents) this.statement(SQL.insert).run(name, valueKey(doc._id), encodeDocument(doc));
        this.statement(SQL.touch).run(name, JSON.stringify(indexes));
      }
      this.db.exec('COMMIT');
    } catch (err) {
      rollback(this.db);
      throw err;
    }
  }

  close(): void {
    this.statements.clear();
    this.readers.clear();
    this.db.close();
  }
}

function* asObjects(rows: Iterable<SQLOutputValue[]>, names: readonly string[]): Generator<Record<string, SQLOutputValue>> {
  for (const values of rows) {
    const row: Record<string, SQLOutputValue> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i]!;
    yield row;
  }
}
