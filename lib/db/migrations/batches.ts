/**
 * Calls `write` for every document, this many at a time: the embedded engine saves each batch in
 * one transaction, and MongoDB takes them over the connection pool, so 100,000 documents are not
 * 100,000 round trips one after another.
 */
export async function inBatches<T>(docs: readonly T[], write: (doc: T) => Promise<unknown>, size = 500): Promise<void> {
  for (let i = 0; i < docs.length; i += size) await Promise.all(docs.slice(i, i + size).map(write));
}
