/**
 * The driver path's failure handling, which needs no server: an unreachable MongoDB must
 * fail fast, and must not poison the cache, so the app recovers when the database returns.
 */
import { describe, expect, it } from 'vitest';
import { closeMongoClient, getMongoClient } from '@/lib/db/mongo';

describe('MongoDB connection', () => {
  it('fails within seconds when unreachable, and retries on the next call', async () => {
    const uri = 'mongodb://127.0.0.1:9/bistro?directConnection=true'; // the discard port: nothing listens
    const started = Date.now();
    const first = getMongoClient(uri);
    expect(getMongoClient(uri)).toBe(first); // concurrent callers share one attempt
    await expect(first).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
    const second = getMongoClient(uri);
    expect(second).not.toBe(first); // the failed attempt was forgotten
    await expect(second).rejects.toThrow();
    await closeMongoClient();
  });
});
