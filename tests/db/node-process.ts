/**
 * Runs one of this project's TypeScript files in a plain Node process (with tsx), the way `npm run seed`
 * runs: for tests that need a second process on a data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const children = new Set<ChildProcess>();

export function spawnTs(file: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: root,
    env: { ...process.env, MONGODB_URI: '', ...env },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

export function runTs(file: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  const child = spawnTs(file, args, env);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, out, err })));
}

/** Resolves with the child's first line of output. */
export function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing a line`)));
  });
}

/** Kills every child still running (call from afterEach). */
export function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}
