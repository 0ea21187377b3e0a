/**
 * `npm run seed` as a user runs it: plain Node, no bundler, against the embedded file.
 * Skipped when MONGODB_URI selects a real MongoDB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDb } from '@/lib/db/embedded';
import { seedMenu, seedReviews } from '@/lib/seed/menu-data';
import { firstLine, killChildren, runTs, spawnTs } from './node-process';
import { orderDoc } from '../support/order-doc';

const seed = (dataDir: string, ...args: string[]) => runTs('scripts/seed.mts', args, { DATA_DIR: dataDir });

afterEach(killChildren);

// Each case spawns Node, which transpiles the TypeScript it loads: seconds each on a busy machine.
describe.skipIf(!!process.env.MONGODB_URI)('npm run seed', { timeout: 120_000 }, () => {
  it('seeds, is idempotent, keeps admin additions, and --reset restores the seed', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'seed-script');
    const first = await seed(dir);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain(`menu     ${seedMenu.length} inserted, 0 already present`);
    expect(first.out).toContain(`reviews  ${seedReviews.length} inserted`);

    const db = await EmbeddedDb.open({ dataDir: dir });
    await db.collection('menu').insertOne({ name: 'Admin Special', recipe: '', image: '/x.svg', category: 'popular', price: 20, available: true, allergens: [], dietary: [], options: [], kitchenLoad: 1 });
    await db.close();

    const second = await seed(dir);
    expect(second.code).toBe(0);
    expect(second.out).toContain(`menu     0 inserted, ${seedMenu.length} already present`);
    const check = await EmbeddedDb.open({ dataDir: dir });
    expect(await check.collection('menu').countDocuments()).toBe(seedMenu.length + 1);
    await check.close();

    const reset = await seed(dir, '--reset');
    expect(reset.code).toBe(0);
    expect(reset.out).toContain(`${seedMenu.length + 1} removed first`);
    const after = await EmbeddedDb.open({ dataDir: dir });
    expect(await after.collection('menu').countDocuments({ name: 'Admin Special' })).toBe(0);
    expect(await after.collection('menu').countDocuments()).toBe(seedMenu.length);
    await after.close();
  });

  it('--history adds past orders once, beside what is there', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'seed-history');
    const first = await seed(dir, '--history', '300');
    expect(first.err).toBe('');
    expect(first.out).toMatch(/history {2}300 orders inserted, 0 already present; \d+ diners added/);
    const db = await EmbeddedDb.open({ dataDir: dir });
    await db.collection('payments').insertOne(orderDoc({ ownerUid: 'd-uid', email: 'd@x.test', price: 9, transactionId: 'demo_pi_1' }));
    await db.close();

    const second = await seed(dir, '--history', '300');
    expect(second.out).toContain('history  0 orders inserted, 300 already present; 0 diners added');
    const check = await EmbeddedDb.open({ dataDir: dir });
    expect(await check.collection('payments').countDocuments()).toBe(301);
    await check.close();

    const bad = await seed(dir, '--history', 'lots');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--history takes a number of orders[\s\S]*Usage: npm run seed/);
  });

  it('refuses while a running server holds the data', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'seed-locked');
    const server = spawnTs('tests/db/fixtures/second-process.mts', ['hold', dir]);
    const { pid } = JSON.parse(await firstLine(server)) as { pid: number };
    const run = await seed(dir);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`in use by a running server \\(pid ${pid}\\)[\\s\\S]*Stop the server first`));
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    const check = await EmbeddedDb.open({ dataDir: dir });
    expect(await check.collection('menu').countDocuments()).toBe(0); // nothing was written behind its back
    await check.close();
  });

  it('explains an unwritable DATA_DIR', async () => {
    const file = path.join(process.env.DATA_DIR!, 'plain-file');
    fs.writeFileSync(file, '');
    const run = await seed(path.join(file, 'data'));
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/DATA_DIR ".*plain-file\/data" is not writable/);
  });
});
