'use client';

import { useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/client/api';
import { discountLabel } from '@/lib/promos/rules';
import { promoCheckSchema } from '@/lib/promos/schemas';
import type { AppliedPromo } from '@/lib/promos/types';
import { INPUT } from '@/components/ui/field';

/**
 * The payment page's promo code: Apply asks the server what the code takes off this cart (it
 * checks every rule and prices the discount itself); the page then shows it, and Pay sends the
 * code, which the server checks and prices again. A form of its own, beside the card form.
 */
export function PromoCode({ applied, onChange }: { applied: AppliedPromo | null; onChange(promo: AppliedPromo | null): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onApply(event: FormEvent) {
    event.preventDefault();
    const parsed = promoCheckSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a promo code.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      onChange(await api<AppliedPromo>('/api/promos/check', { method: 'POST', json: parsed.data }));
      setCode('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The code could not be checked. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (applied) {
    return (
      <p className="flex flex-wrap items-center justify-between gap-2 rounded bg-green-50 px-4 py-2 text-sm text-green-900">
        <span>
          Promo code applied: <strong className="tabular-nums">{discountLabel(applied.code, applied.discountCents)}</strong>
        </span>
        <button type="button" onClick={() => onChange(null)} className="inline-flex min-h-11 items-center font-semibold underline">
          Remove<span className="sr-only"> the code {applied.code}</span>
        </button>
      </p>
    );
  }

  return (
    <form onSubmit={onApply} noValidate aria-label="Promo code">
      <label htmlFor="promo-code" className="block text-sm font-semibold">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id="promo-code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? 'promo-code-error' : undefined}
          className={INPUT}
        />
        <button type="submit" disabled={busy} className="mt-1 rounded border border-gray-300 bg-white px-4 font-semibold hover:bg-gray-50 disabled:opacity-60">
          {busy ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {error ? (
        <p id="promo-code-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
