/**
 * Reads SQLite's write-ahead log before SQLite does. SQLite ends the log at the first frame that
 * does not check out and silently drops everything after it. That is right for the tail of a
 * write a crash cut short (never acknowledged: the log is fsynced before a write is), and wrong
 * when damage earlier in the log would drop writes that were acknowledged. This tells the two
 * apart, so the first is reported and the second stops the engine instead of serving old data.
 *
 * Format: https://www.sqlite.org/fileformat2.html#walformat
 */
import fs from 'node:fs';
import path from 'node:path';
import { DataDirError } from './data-dir.ts';

const HEADER = 32;
const FRAME_HEADER = 24;

export interface WalCheck {
  /** Transactions the log holds, which SQLite will replay. */
  commits: number;
  /** Bytes of an unfinished transaction at its end (a crash during a write), which SQLite drops. */
  unfinishedBytes: number;
}

/** SQLite's running checksum over 32-bit words, in the byte order the log's magic number names. */
function checksum(buf: Buffer, start: number, length: number, seed: [number, number], bigEndian: boolean): [number, number] {
  let [s1, s2] = seed;
  for (let i = start; i < start + length; i += 8) {
    const x1 = bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i);
    const x2 = bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4);
    s1 = (s1 + x1 + s2) >>> 0;
    s2 = (s2 + x2 + s1) >>> 0;
  }
  return [s1, s2];
}

function damaged(wal: string, why: string): DataDirError {
  const name = path.basename(wal);
  return new DataDirError(
    `${wal} is damaged (${why}): SQLite would drop acknowledged writes it holds. Restore DATA_DIR from a backup; ` +
      `or, to accept losing the writes since the last checkpoint, move ${name} out of DATA_DIR and start again.`,
  );
}

/** Null when there is no log to replay. Throws a DataDirError when replaying it would lose acknowledged writes. */
export function checkWal(wal: string): WalCheck | null {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(wal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (buf.length <= HEADER) return buf.length ? { commits: 0, unfinishedBytes: buf.length } : null;

  const magic = buf.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) throw damaged(wal, 'not a write-ahead log header');
  const bigEndian = (magic & 1) === 1;
  const rawPageSize = buf.readUInt32BE(8);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const salts = [buf.readUInt32BE(16), buf.readUInt32BE(20)];
  let sum = checksum(buf, 0, 24, [0, 0], bigEndian);
  if (sum[0] !== buf.readUInt32BE(24) || sum[1] !== buf.readUInt32BE(28)) throw damaged(wal, 'its header checksum is wrong');

  const frameSize = FRAME_HEADER + pageSize;
  const ours = (at: number) => buf.readUInt32BE(at + 8) === salts[0] && buf.readUInt32BE(at + 12) === salts[1];
  const isCommit = (at: number) => buf.readUInt32BE(at + 4) !== 0;
  let commits = 0;
  let committedEnd = HEADER;
  let at = HEADER;
  // Frames of this log generation whose checksums chain; frames of an older generation may follow.
  for (; at + frameSize <= buf.length && ours(at); at += frameSize) {
    sum = checksum(buf, at, 8, sum, bigEndian);
    sum = checksum(buf, at + FRAME_HEADER, pageSize, sum, bigEndian);
    if (sum[0] !== buf.readUInt32BE(at + 16) || sum[1] !== buf.readUInt32BE(at + 20)) break;
    if (isCommit(at)) {
      commits++;
      committedEnd = at + frameSize;
    }
  }
  // A commit frame of this generation past the break was fsynced, so acknowledged: the break is damage.
  for (let later = at + frameSize; later + frameSize <= buf.length; later += frameSize) {
    if (ours(later) && isCommit(later)) throw damaged(wal, `a frame at byte ${at} does not match its checksum`);
  }
  let unfinishedEnd = committedEnd;
  while (unfinishedEnd + FRAME_HEADER <= buf.length && ours(unfinishedEnd)) unfinishedEnd = Math.min(unfinishedEnd + frameSize, buf.length);
  return { commits, unfinishedBytes: unfinishedEnd - committedEnd };
}
