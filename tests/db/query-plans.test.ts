/** The check every Vitest suite runs on the embedded store's queries (tests/support/query-plans.ts). Skipped on MongoDB. */
import { describe, expect, it } from 'vitest';
import { collections } from '@/lib/db';
import { orderDoc } from '../support/order-doc';
import { watchQueryPlans } from '@/lib/db/embedded';
import type { QueryPlan } from '@/lib/docstore';
import { failOnScan, GROWING_COLLECTIONS, scanOf, SMALL_COLLECTIONS } from '../support/query-plans';

describe.skipIf(!!process.env.MONGODB_URI)('the scan check', () => {
  it('knows every collection of the app as small or growing with history', async () => {
    expect(Object.keys(await collections()).sort()).toEqual([...SMALL_COLLECTIONS, ...GROWING_COLLECTIONS].sort());
  });

  it('fails a query of the app that scans a growing collection to find what it asks, and lets indexed reads, whole reads and tests\' own reads by', async () => {
    const { payments } = await collections();
    await payments.insertOne(orderDoc({ price: 12, email: 'scan@bistro.test' }));
    const plans: QueryPlan[] = [];
    watchQueryPlans((plan) => plans.push(plan));
    try {
      expect(await payments.find({ price: { $gt: 10 } }).toArray()).toHaveLength(1);
      expect(await payments.find({}).sort({ price: -1 }).toArray()).toHaveLength(1);
      expect(await payments.countDocuments({ status: 'pending' })).toBe(1);
      expect(await payments.find({}).toArray()).toHaveLength(1);
    } finally {
      watchQueryPlans(failOnScan);
    }
    expect(plans.map((plan) => scanOf(plan) !== null)).toEqual([true, true, false, false]);
    // This test's own read is let by; the same read by the app is refused.
    expect(await payments.find({ price: { $gt: 10 } }).toArray()).toHaveLength(1);
    expect(() => failOnScan(plans[0]!, 'Error\n    at listOrders (/repo/lib/orders/orders.ts:90:1)')).toThrow(/A query scans a collection that grows with history \(SCAN payments for SELECT .* FROM "payments"/);
    expect(() => failOnScan(plans[0]!, 'Error\n    at up (/repo/lib/db/migrations/022-order-lines.ts:30:1)')).not.toThrow();
    // A collection the app does not have (a test's probe) is never checked.
    expect(scanOf({ ...plans[0]!, collection: 'scanProbe' })).toBeNull();
  });
});
