'use client';

import { useEffect, useRef, useState } from 'react';
import type { OrderStep } from '@/lib/orders/status';
import type { OrderStatus } from '@/lib/orders/types';

export interface Move {
  id: string;
  from: OrderStatus;
  to: OrderStep;
}

/**
 * A tap is held for `delayMs` before it is sent. The server lets an order move only forward, one
 * step at a time, so a change cannot be taken back once made; while held it can (`undo`). `held`
 * maps each order with a move waiting to it. Moves still held when the page goes away are sent at
 * once with `sendNow` (a request that outlives the page), since the cook meant them.
 */
export function useHeldMoves(delayMs: number, send: (move: Move) => void, sendNow: (move: Move) => void) {
  const [held, setHeld] = useState<Record<string, Move>>({});
  const waiting = useRef(new Map<string, { move: Move; timer: ReturnType<typeof setTimeout> }>());
  const senders = useRef({ send, sendNow });
  useEffect(() => {
    senders.current = { send, sendNow };
  });

  const release = (id: string) => {
    waiting.current.delete(id);
    setHeld(({ [id]: _gone, ...rest }) => rest);
  };

  function hold(move: Move) {
    if (waiting.current.has(move.id)) return;
    const timer = setTimeout(() => {
      release(move.id);
      senders.current.send(move);
    }, delayMs);
    waiting.current.set(move.id, { move, timer });
    setHeld((was) => ({ ...was, [move.id]: move }));
  }

  /** Drops the held move of this order, if any (Undo, or the order moved on elsewhere meanwhile). */
  function undo(id: string) {
    const entry = waiting.current.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    release(id);
  }

  useEffect(() => {
    const pending = waiting.current;
    const leave = () => {
      for (const { move, timer } of pending.values()) {
        clearTimeout(timer);
        senders.current.sendNow(move);
      }
      pending.clear();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  return { held, hold, undo };
}
