'use client';

import { useState, useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/client/api';

type State = 'idle' | 'working' | 'on' | 'denied' | 'unsupported' | 'home-screen' | 'failed';
type Support = Extract<State, 'idle' | 'denied' | 'unsupported' | 'home-screen'>;

/** What this browser can do: push, push once added to the Home Screen (iPhone, iPad), or none. Nothing changes it without a tap here. */
function support(): Support {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return Notification.permission === 'denied' ? 'denied' : 'idle';
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Mac') && navigator.maxTouchPoints > 1);
  return apple ? 'home-screen' : 'unsupported';
}

const noChange = () => () => {};

const SAID: Partial<Record<State, string>> = {
  on: 'This device will be told.',
  denied: 'Notifications are blocked for this site: allow them in the browser\'s settings to be told here.',
  unsupported: 'This browser cannot show notifications from a website.',
  'home-screen': 'On an iPhone or iPad, add this site to your Home Screen first (Share, then Add to Home Screen), open it from there, and tap this again.',
};

/**
 * "Tell me on this device": asks for notifications and subscribes this browser to push, for one
 * order (`orderId`) or, for staff, for every new order. The subscribing code loads only when
 * tapped, so the page's first load does not carry it.
 */
export function PushButton({ publicKey, orderId, label }: { publicKey: string; orderId?: string; label: string }) {
  const supported = useSyncExternalStore(noChange, support, () => 'idle' as const);
  const [tapped, setState] = useState<State>('idle');
  const [error, setError] = useState('');
  const state = tapped === 'idle' ? supported : tapped;

  async function subscribe() {
    setState('working');
    setError('');
    try {
      // Asked first, in the tap itself: Safari grants the prompt only to a user's gesture.
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      const { subscribePush } = await import('./push-client');
      await subscribePush(publicKey, orderId ? { orderId } : { staff: true });
      setState('on');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'This device could not be subscribed. Try again.');
      setState('failed');
    }
  }

  const said = SAID[state];
  return (
    <div className="space-y-2">
      {state === 'idle' || state === 'working' || state === 'failed' ? (
        <button type="button" onClick={() => void subscribe()} disabled={state === 'working'} className="min-h-11 rounded border-2 border-ink px-4 py-2 font-semibold hover:bg-cream disabled:cursor-wait">
          {state === 'working' ? 'Asking…' : label}
        </button>
      ) : null}
      <p role="status" className="text-sm text-gray-700">
        {said ?? error}
      </p>
    </div>
  );
}
