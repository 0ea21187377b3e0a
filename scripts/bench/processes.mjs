// Child processes started by the benchmark, each the leader of its own process group, so that
// stopping one also stops whatever it spawned. Every exit path (normal end, error, Ctrl-C) goes
// through stopAll(); killAllSync() is the last resort from process.on('exit').
import { spawn } from 'node:child_process';

const live = new Set();

/** Spawns `node <args>` (or any command) as a new process group. Returns the ChildProcess. */
export function spawnGroup(command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: process.platform !== 'win32' });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

function signalGroup(child, signal) {
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the group, SIGKILL after `graceMs`; also reaps group members left behind. */
export async function stopGroup(child, graceMs = 5000) {
  if (!child || child.pid === undefined) return;
  const exited = child.exitCode !== null || child.signalCode !== null;
  if (!exited) {
    const done = new Promise((resolve) => child.once('exit', resolve));
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    await done;
    clearTimeout(timer);
  }
  // The leader may be gone while something it started still runs in its group.
  signalGroup(child, 'SIGKILL');
  live.delete(child);
}

const cleanups = new Set();

/** Registers an async cleanup (e.g. closing Chrome) run by stopAll(). Returns an unregister function. */
export function onCleanup(fn) {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

export async function stopAll() {
  for (const fn of [...cleanups]) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch {
      // Best effort.
    }
  }
  await Promise.all([...live].map((child) => stopGroup(child)));
}

export function killAllSync() {
  for (const child of live) signalGroup(child, 'SIGKILL');
  live.clear();
}
