// Everything the benchmark starts, stopped on every exit path (normal end, error, Ctrl-C) through
// stopAll(); killAllSync() is the last resort from process.on('exit').
import { killAllGroupsSync, stopAllGroups } from '../processes/group.mjs';

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
  await stopAllGroups();
}

export const killAllSync = killAllGroupsSync;
