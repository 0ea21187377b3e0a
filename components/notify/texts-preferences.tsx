'use client';

import { useState } from 'react';
import { Field, INPUT } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { accountTextsSchema, formatPhone } from '@/lib/notify/schemas';
import { TEXT_CONSENT_WORDING, type TextPreferences } from '@/lib/notify/types';

/**
 * The diner's number and whether they are texted about their orders (PUT /api/account/texts): the
 * checkout starts from it. Ticking the box is consent, kept with its wording; unticking it, or
 * clearing the number, withdraws it. A number that replied STOP says how to get texts again.
 */
export function TextsPreferences({ initial }: { initial: TextPreferences }) {
  const [saved, setSaved] = useState(initial);
  const [phone, setPhone] = useState(initial.phone ? formatPhone(initial.phone) : '');
  const [texts, setTexts] = useState(initial.texts);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError('');
    setMessage('');
    const input = { phone: phone.trim() ? phone : null, texts };
    const parsed = accountTextsSchema.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check your number.');
    setBusy(true);
    try {
      const now = await api<TextPreferences>('/api/account/texts', { method: 'PUT', json: input });
      setSaved(now);
      setPhone(now.phone ? formatPhone(now.phone) : '');
      setTexts(now.texts);
      setMessage(now.texts ? `We will text ${formatPhone(now.phone!)} about your orders.` : 'We will not text you.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} aria-labelledby="text-choices" className="max-w-2xl space-y-3 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="text-choices" className="font-display text-2xl uppercase">
        Texts
      </h2>
      <Field id="account-phone" label="Mobile number" hint="Kept for your next order. Clear it to forget it." error={error || undefined}>
        {(described) => <input {...described} type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.target.value)} className={`${INPUT} max-w-sm`} />}
      </Field>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" checked={texts} onChange={(event) => setTexts(event.target.checked)} className="mt-0.5 size-5 shrink-0 accent-gold" />
        <span>{TEXT_CONSENT_WORDING}</span>
      </label>
      {saved.stopped ? <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">This number replied STOP, so we do not text it. Text START to our number to get texts again.</p> : null}
      <button type="submit" disabled={busy} className="min-h-11 rounded bg-gold px-5 py-2 font-semibold text-white hover:bg-gold-dark disabled:cursor-wait">
        {busy ? 'Saving…' : 'Save'}
      </button>
      <p role="status" className="text-sm text-gray-700">
        {message}
      </p>
    </form>
  );
}
