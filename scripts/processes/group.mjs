// Child processes that each lead a process group of their own, so that stopping one also stops
// whatever it started (firebase-tools' emulator, `next start`, npm and the shell it runs). Used by
// the emulator, the production server for benchmarks and fault tests, and the benchmarks' builds.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WATCHDOG = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));
const KEPT_OUTPUT_CHARS = 64_000;
const STOP_GRACE_MS = 5_000;

/** Groups started here and still running. */
const live = new Set();

/**
 * Spawns `command args` as the leader of a new process group. The child gets `exited` (settles
 * with `{ code, signal }` when it ends) and `output()` (the last of its stdout and stderr, when
 * they are piped). `onOutput` sees each chunk as it comes. A Node.js child also ends when this
 * process dies, however it dies (see exit-with-parent.mjs).
 *
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions & { onOutput?: (text: string) => void }} [options]
 */
export function spawnGroup(command, args, { onOutput, ...options } = {}) {
  const isNode = command === process.execPath;
  const stdio = typeof options.stdio === 'string' ? [options.stdio, options.stdio, options.stdio] : [...(options.stdio ?? ['pipe', 'pipe', 'pipe'])];
  const child = spawn(command, isNode ? ['--import', WATCHDOG, ...args] : args, {
    ...options,
    stdio: isNode ? [...stdio.slice(0, 3), 'pipe'] : stdio,
    detached: true,
  });
  // Our end of the watchdog's pipe must not keep this process alive.
  if (isNode) child.stdio[3]?.unref?.();

  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-KEPT_OUTPUT_CHARS);
    onOutput?.(String(chunk));
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  child.output = () => output;
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (err) => {
      keep(`\n${err.message}\n`);
      resolve({ code: null, signal: null });
    });
  });
  live.add(child);
  child.exited.then(() => live.delete(child));
  return child;
}

export function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Sends a signal to the child's whole group; a group that is gone already is fine. */
export function signalGroup(child, signal) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group has already gone.
  }
}

/** SIGTERM to the group, SIGKILL after `graceMs`; resolves once the leader is gone and its group with it. */
export async function stopGroup(child, graceMs = STOP_GRACE_MS) {
  if (!hasExited(child)) {
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    await child.exited;
    clearTimeout(timer);
  }
  // The leader may be gone while something it started still runs in its group.
  signalGroup(child, 'SIGKILL');
  live.delete(child);
}

/** Stops every group started here that still runs. */
export function stopAllGroups() {
  return Promise.all([...live].map((child) => stopGroup(child)));
}

/** The last resort from process.on('exit'), which cannot wait. */
export function killAllGroupsSync() {
  for (const child of live) signalGroup(child, 'SIGKILL');
  live.clear();
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Keeps a group from outliving this process: SIGINT, SIGTERM or SIGHUP run `stop` and then end
 * this process as the signal would have (unless another handler is there to decide); a plain exit,
 * which cannot wait, kills the group at once. Returns a function that removes the handlers.
 */
export function stopWithThisProcess(child, stop = () => stopGroup(child)) {
  const onExit = () => signalGroup(child, 'SIGKILL');
  const onSignal = (signal) => {
    stop().finally(() => {
      release();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  };
  function release() {
    process.off('exit', onExit);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  }
  process.on('exit', onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  child.exited.then(release);
  return release;
}

/**
 * Polls `isReady` until it answers true. Fails, quoting the child's last output, when the child
 * ends first or `timeoutMs` passes; `hint` is added to the message for an early exit.
 *
 * @param {ReturnType<typeof spawnGroup>} child
 * @param {() => Promise<boolean>} isReady
 * @param {{ what: string, timeoutMs: number, hint?: string, pollMs?: number }} options
 */
export async function waitUntilReady(child, isReady, { what, timeoutMs, hint = '', pollMs = 250 }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isReady()) return;
    if (hasExited(child)) {
      const how = child.signalCode ?? `exit ${child.exitCode}`;
      throw new Error(`${what} stopped (${how}) before it was ready${hint}.\n${lastLines(child.output())}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s.\n${lastLines(child.output())}`);
}

function lastLines(output, count = 30) {
  const lines = output.trim().split('\n').slice(-count);
  return lines[0] ? `Its last output:\n${lines.join('\n')}` : 'It printed nothing.';
}
