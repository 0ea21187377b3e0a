/**
 * One writer per data file, across processes: a lock file holding the owner's pid.
 * A lock whose process is gone is stale and taken over, so a crash never needs cleanup.
 */
import fs from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

// Locks held by this process, on globalThis because Next.js may load this module several times.
const held: Set<string> = ((globalThis as Record<string, unknown>).__bistroHeldLocks ??= new Set<string>()) as Set<string>;

export class FileLock {
  readonly path: string;
  constructor(path: string) {
    this.path = path;
  }

  /** The pid written in the lock file, or null. */
  holder(): number | null {
    try {
      const pid = Number.parseInt(fs.readFileSync(this.path, 'utf8').trim(), 10);
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  }

  get heldHere(): boolean {
    return held.has(this.path);
  }

  /** True when taken; false when another live process holds it. Throws on I/O errors (EACCES, ENOTDIR...). */
  tryAcquire(): boolean {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.writeFileSync(this.path, String(process.pid), { flag: 'wx' });
        held.add(this.path);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const pid = this.holder();
      // Our own pid is a previous run under the same id (pid 1 in a restarted container, say).
      if (pid !== null && pid !== process.pid && isAlive(pid)) return false;
      fs.rmSync(this.path, { force: true });
    }
    return false; // lost a race for a stale lock to another starting process
  }

  /** Still ours? Another process may have judged us dead (a pid reused, a clock jump). */
  verify(): boolean {
    if (this.holder() === process.pid) return true;
    held.delete(this.path);
    return false;
  }

  release(): void {
    if (!held.delete(this.path)) return;
    if (this.holder() === process.pid) fs.rmSync(this.path, { force: true });
  }
}

// A lock left behind by a normal exit would make the next start open read-only for nothing.
const flags = globalThis as { __bistroLockExitHook?: boolean };
if (!flags.__bistroLockExitHook) {
  flags.__bistroLockExitHook = true;
  process.on('exit', () => {
    for (const path of held) new FileLock(path).release();
  });
}
