'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { api, ApiError } from '@/lib/client/api';
import type { OrderingAction } from '@/lib/settings/schemas';
import { PAUSE_MINUTES } from '@/lib/settings/schemas';
import type { OrderingState, OrderingStatus } from '@/lib/settings/types';

/** GET and POST /api/settings/ordering. */
export const ORDERING_KEY = '/api/settings/ordering';

export interface OrderingView {
  state: OrderingState;
  status: OrderingStatus;
}

/** Busy mode adds this much preparation time, for an hour. */
const BUSY_MINUTES = [10, 20, 30] as const;
const BUSY_FOR_MINUTES = 60;

const BUTTON = 'min-h-12 rounded border-2 border-ink bg-white px-4 font-semibold hover:bg-cream disabled:opacity-50';
const UNDO = 'min-h-12 rounded bg-ink px-4 font-semibold text-white hover:bg-gold disabled:opacity-50';

/**
 * Pause online ordering (15, 30 or 60 minutes, or until resumed) and busy mode (more preparation
 * time, for an hour): what the kitchen reaches for when it is overwhelmed, on the kitchen display
 * and the Settings page. Both end by themselves (the server answers them without what has run
 * out); the line diners read is shown as it is now.
 */
export function OrderingControls({ initial }: { initial: OrderingView }) {
  const { data = initial, mutate } = useSWR<OrderingView>(ORDERING_KEY, { fallbackData: initial, refreshInterval: 30_000 });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const { state, status } = data;
  const { pause, busy } = state;

  async function act(action: OrderingAction) {
    setSending(true);
    setError('');
    try {
      await mutate(await api<OrderingView>(ORDERING_KEY, { method: 'POST', json: action }), { revalidate: false });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not reach the server. Check the connection and try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="ordering-heading" className="space-y-3 rounded-lg bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ordering-heading" className="font-display text-xl uppercase">
          Online ordering now
        </h2>
        <p role="status" className="font-semibold">
          {status.text}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {pause ? (
          <button type="button" disabled={sending} onClick={() => void act({ action: 'resume' })} className={UNDO}>
            Resume orders now
          </button>
        ) : (
          <>
            {PAUSE_MINUTES.map((minutes) => (
              <button key={minutes} type="button" disabled={sending} onClick={() => void act({ action: 'pause', minutes })} className={BUTTON}>
                Pause {minutes} min
              </button>
            ))}
            <button type="button" disabled={sending} onClick={() => void act({ action: 'pause', minutes: null })} className={BUTTON}>
              Pause until resumed
            </button>
          </>
        )}
        {busy ? (
          <button type="button" disabled={sending} onClick={() => void act({ action: 'calm' })} className={UNDO}>
            End busy mode (+{busy.extraMinutes} min)
          </button>
        ) : (
          BUSY_MINUTES.map((extraMinutes) => (
            <button key={extraMinutes} type="button" disabled={sending} onClick={() => void act({ action: 'busy', extraMinutes, forMinutes: BUSY_FOR_MINUTES })} className={BUTTON}>
              Busy +{extraMinutes} min
            </button>
          ))
        )}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
