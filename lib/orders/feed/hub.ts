import 'server-only';
import type { Order } from '../types';
import { CLOCK_MARGIN_MS, eventIdOf, type Cursor } from './cursor';
import type { OrderDocument, OrderSource } from './source';

/**
 * One per server process: it runs the order source while anybody is connected, turns each change
 * into one event (the order shaped once, whoever receives it), hands it to every subscriber, and
 * keeps the latest few so a client that reconnects gets exactly what it missed.
 *
 * The buffer is only trusted while the source has run without a break: it is emptied when the
 * source stops (nobody connected for `idleMs`) and when the source says it may have missed
 * something. A client whose last id is not in it catches up by time instead (lib/orders/stream.ts).
 */

export interface OrderEvent {
  /** The SSE id: see ./cursor.ts. */
  id: string;
  order: Order;
  /** Whose order it is: a diner's stream carries their own orders only. */
  ownerUid: string | null;
}

export interface HubOptions {
  /** Shapes orders as the API answers them (lib/orders/orders.ts). */
  shape: (docs: OrderDocument[]) => Order[];
  /** Every order changed since a time. */
  readSince: (since: Date) => Promise<OrderDocument[]>;
  bufferSize: number;
  idleMs: number;
}

type Listener = (event: OrderEvent) => void;

export function toEvents(docs: OrderDocument[], shape: HubOptions['shape']): OrderEvent[] {
  const orders = shape(docs);
  return orders.map((order, i) => ({ id: eventIdOf(order), order, ownerUid: docs[i]?.ownerUid ?? null }));
}

export class OrderHub {
  private readonly buffer: OrderEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private stopSource: (() => void) | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  /** Changes are shaped one batch after another, so events keep the order the source saw. */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly source: OrderSource,
    private readonly options: HubOptions,
  ) {}

  /** Calls `listener` with every event from now on, until the function it answers is called. */
  subscribe(listener: Listener): () => void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.listeners.add(listener);
    this.stopSource ??= this.source.start({ changed: (docs) => this.publish(docs), missed: (since) => this.recover(since) });
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size) return;
      this.idle = setTimeout(() => this.stop(), this.options.idleMs);
      this.idle.unref?.();
    };
  }

  /** The events after the one `cursor` names, when every one since is held here; else null. */
  eventsAfter(cursor: Cursor): OrderEvent[] | null {
    for (let i = this.buffer.length - 1; i >= 0; i--) {
      if (this.buffer[i]!.id === cursor.id) return this.buffer.slice(i + 1);
    }
    return null;
  }

  /** Stops the source and forgets the buffer (nobody is connected, or tests). */
  stop(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.stopSource?.();
    this.stopSource = null;
    this.buffer.length = 0;
  }

  private publish(docs: OrderDocument[]): void {
    this.pending = this.pending
      .then(async () => {
        for (const event of toEvents(docs, this.options.shape)) {
          this.buffer.push(event);
          if (this.buffer.length > this.options.bufferSize) this.buffer.shift();
          for (const listener of this.listeners) listener(event);
        }
      })
      .catch((err: unknown) => console.error('[orders] could not send an order change', err));
  }

  /** Reads again what the source may have missed; until then a resume by id could skip it. */
  private recover(since: number): void {
    this.buffer.length = 0;
    this.options
      .readSince(new Date(since - CLOCK_MARGIN_MS))
      .then((docs) => {
        if (docs.length) this.publish(docs);
      })
      .catch((err: unknown) => console.error('[orders] could not read the order changes the source missed', err));
  }
}
