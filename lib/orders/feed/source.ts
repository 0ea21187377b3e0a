import 'server-only';
import type { WithId } from 'mongodb';
import type { PaymentDoc } from '@/lib/db/documents';

/**
 * Where a server process learns that orders changed, behind one interface: the embedded engine's
 * write path in this process (./in-process.ts), a MongoDB change stream (./change-stream.ts), or
 * polling by `updatedAt` where MongoDB has no change streams (./polling.ts). ./hub.ts turns what
 * a source reports into the events every connected client is sent.
 */

/** An order as stored after its change. */
export type OrderDocument = WithId<PaymentDoc>;

export interface OrderSink {
  /** Orders just paid or moved on. */
  changed(docs: OrderDocument[]): void;
  /** The source may have missed changes made since this time (ms since the epoch): read them again. */
  missed(since: number): void;
}

export interface OrderSource {
  /** For the log. */
  readonly name: string;
  /** Reports every change to `sink` from now until the function it answers is called. */
  start(sink: OrderSink): () => void;
}
