import { afterEach, expect, test } from 'vitest';
import { killChildren, runTs } from './node-process';

afterEach(killChildren);

test('after a load of objects that all live, the young generation V8 grew for them is given back, and what was loaded is kept', async () => {
  const run = await runTs('tests/db/fixtures/start-memory.mts', []);
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  const { before, after, held, last, globalGc } = JSON.parse(run.out);
  // V8 grows it to tens of megabytes for such a load; it starts at under one.
  expect(before).toBeGreaterThan(16);
  expect(after).toBeLessThan(2);
  expect([held, last]).toEqual([600_000, 'order 599999']);
  // The collector is reachable from that module only.
  expect(globalGc).toBe('undefined');
});
