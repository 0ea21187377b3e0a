'use client';

import { useState } from 'react';
import { Field, INPUT } from '@/components/ui/field';
import { api, ApiError } from '@/lib/client/api';
import type { Order } from '@/lib/orders/types';

const when = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/**
 * "I'm here", on the receipt of a pickup order still to collect: tells the kitchen display at
 * once, with where the diner waits if they say (a parking spot, the car). Saying it again updates
 * the note.
 */
export function ImHere({ orderId, arrived }: { orderId: string; arrived?: Order['arrived'] }) {
  const [note, setNote] = useState(arrived?.note ?? '');
  const [told, setTold] = useState(arrived);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    setError('');
    try {
      const order = await api<Order>(`/api/orders/${orderId}/arrived`, { method: 'POST', json: note.trim() ? { note } : {} });
      setTold(order.arrived);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The kitchen could not be told. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void send(event)} aria-labelledby="im-here-title" className="space-y-3 rounded border-2 border-gold p-4">
      <h3 id="im-here-title" className="font-semibold">
        Here to collect?
      </h3>
      <Field id="im-here-note" label="Where are you? (optional)" hint='For curbside pickup: a parking spot or your car, such as "Spot 4, blue Golf".' error={error || undefined}>
        {(described) => <input {...described} type="text" maxLength={80} value={note} onChange={(event) => setNote(event.target.value)} className={INPUT} />}
      </Field>
      <button type="submit" disabled={sending} className="min-h-11 rounded bg-gold px-5 py-2 font-semibold text-white hover:bg-gold-dark disabled:cursor-wait">
        {sending ? 'Telling the kitchen…' : told ? 'Update' : "I'm here"}
      </button>
      <p role="status" className="text-sm text-green-800">
        {told ? `The kitchen knows you are here (${when.format(new Date(told.at))})${told.note ? `: ${told.note}` : ''}.` : ''}
      </p>
    </form>
  );
}
