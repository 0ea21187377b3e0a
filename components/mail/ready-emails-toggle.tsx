'use client';

import { useState } from 'react';
import { ApiError, api } from '@/lib/client/api';
import type { MailPreferences } from '@/lib/mail/types';

/**
 * The diner's one email choice: "your order is ready" messages (PUT /api/mail/preferences).
 * Receipts and refund notices always go, and the box says so.
 */
export function ReadyEmailsToggle({ initial }: { initial: MailPreferences }) {
  const [ready, setReady] = useState(initial.ready);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function change(next: boolean) {
    setBusy(true);
    setMessage('');
    setReady(next);
    try {
      setReady((await api<MailPreferences>('/api/mail/preferences', { method: 'PUT', json: { ready: next } })).ready);
      setMessage(next ? 'We will email you when an order is ready.' : 'We will not email you when an order is ready.');
    } catch (err) {
      setReady(!next);
      setMessage(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="email-choices" className="max-w-2xl space-y-3 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="email-choices" className="font-display text-2xl uppercase">
        Emails
      </h2>
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" checked={ready} disabled={busy} onChange={(e) => void change(e.target.checked)} className="size-5 accent-gold" />
        <span>Email me when my order is ready</span>
      </label>
      <p className="text-sm text-gray-600">Receipts and refund notices are always sent.</p>
      <p role="status" className="text-sm text-gray-700">
        {message}
      </p>
    </section>
  );
}
