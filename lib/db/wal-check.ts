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
/** Bytes read at a time: 1 MiB, some 250 frames of 4 KiB pages. */
const CHUNK = 1 << 20;

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

/**
 * The log's bytes, read a piece at a time as the check walks forward: a log left by a killed
 * server can be hundreds of megabytes, which read whole would all be held at once at start.
 */
class LogReader {
  private chunk = Buffer.alloc(0);
  private chunkAt = 0;

  constructor(
    private readonly fd: number,
    readonly length: number,
  ) {}

  /** `length` bytes from `at` (the caller keeps within the file). */
  bytes(at: number, length: number): Buffer {
    if (at < this.chunkAt || at + length > this.chunkAt + this.chunk.length) {
      const size = Math.min(Math.max(length, CHUNK), this.length - at);
      const chunk = Buffer.allocUnsafe(size);
      let read = 0;
      while (read < size) {
        const n = fs.readSync(this.fd, chunk, read, size - read, at + read);
        if (n === 0) throw new Error(`the log ended at byte ${at + read} while being read`);
        read += n;
      }
      this.chunk = chunk;
      this.chunkAt = at;
    }
    return this.chunk.subarray(at - this.chunkAt, at - this.chunkAt + length);
  }
}

/** Null when there is no log to replay. Throws a DataDirError when replaying it would lose acknowledged writes. */
export function checkWal(wal: string): WalCheck | null {
  let fd: number;
  try {
    fd = fs.openSync(wal, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    return checkOpenWal(wal, new LogReader(fd, fs.fstatSync(fd).size));
  } finally {
    fs.closeSync(fd);
  }
}

function checkOpenWal(wal: string, log: LogReader): WalCheck | null {
  const { length } = log;
  if (length <= HEADER) return length ? { commits: 0, unfinishedBytes: length } : null;

  const header = log.bytes(0, HEADER);
  const magic = header.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) throw damaged(wal, 'not a write-ahead log header');
  const bigEndian = (magic & 1) === 1;
  const rawPageSize = header.readUInt32BE(8);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const salts = [header.readUInt32BE(16), header.readUInt32BE(20)];
  let sum = checksum(header, 0, 24, [0, 0], bigEndian);
  if (sum[0] !== header.readUInt32BE(24) || sum[1] !== header.readUInt32BE(28)) throw damaged(wal, 'its header checksum is wrong');

  const frameSize = FRAME_HEADER + pageSize;
  const frameHeader = (at: number) => log.bytes(at, FRAME_HEADER);
  const ours = (at: number) => {
    const h = frameHeader(at);
    return h.readUInt32BE(8) === salts[0] && h.readUInt32BE(12) === salts[1];
  };
  const isCommit = (at: number) => frameHeader(at).readUInt32BE(4) !== 0;
  let commits = 0;
  let committedEnd = HEADER;
  let at = HEADER;
  // Frames of this log generation whose checksums chain; frames of an older generation may follow.
  for (; at + frameSize <= length && ours(at); at += frameSize) {
    const frame = log.bytes(at, frameSize);
    sum = checksum(frame, 0, 8, sum, bigEndian);
    sum = checksum(frame, FRAME_HEADER, pageSize, sum, bigEndian);
    if (sum[0] !== frame.readUInt32BE(16) || sum[1] !== frame.readUInt32BE(20)) break;
    if (frame.readUInt32BE(4) !== 0) {
      commits++;
      committedEnd = at + frameSize;
    }
  }
  // A commit frame of this generation past the break was fsynced, so acknowledged: the break is damage.
  for (let later = at + frameSize; later + frameSize <= length; later += frameSize) {
    if (ours(later) && isCommit(later)) throw damaged(wal, `a frame at byte ${at} does not match its checksum`);
  }
  let unfinishedEnd = committedEnd;
  while (unfinishedEnd + FRAME_HEADER <= length && ours(unfinishedEnd)) unfinishedEnd = Math.min(unfinishedEnd + frameSize, length);
  return { commits, unfinishedBytes: unfinishedEnd - committedEnd };
}
