/**
 * One memory-reducing collection, once the embedded engine has loaded what it holds.
 *
 * Loading the data at start makes tens of megabytes of objects that all survive: V8 takes that for
 * a program whose new objects live, and doubles the space it keeps for them (a young generation of
 * 134 MB reserved, 65 MB resident, at 300,000 orders, against 29 MB at 1 order). Its memory reducer
 * gives that back only once the process has been idle a while (5-30 s later, measured), and a
 * first start after an upgrade also leaves the garbage of its one-off work (cold marks, partial
 * indexes). Asked now, that collection takes 70-130 ms at 300,000 orders and the server starts at
 * the memory it needs: docs/embedded-database.md has the figures.
 *
 * V8 offers it to a script only through its `gc` extension, which is installed in a context made
 * while the flag is on: that function stays here, and the flag is turned off again, so no other
 * code sees a global `gc`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export function releaseStartMemory(): void {
  let collect: Collect | undefined;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  } catch (err) {
    // A runtime without the extension keeps V8's own timing; the server serves the same.
    console.warn('[db] could not ask V8 to give back the memory of the start:', (err as Error).message);
    return;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  // `last-resort`: the collections V8 makes when memory runs out, which also shrink the young generation.
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
