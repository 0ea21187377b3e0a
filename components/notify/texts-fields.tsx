'use client';

import { useState } from 'react';
import { Field, INPUT } from '@/components/ui/field';
import { textsChoiceSchema, type TextsChoice } from '@/lib/notify/schemas';
import { TEXT_CONSENT_WORDING } from '@/lib/notify/types';

export type TextsState = { phone: string; consent: boolean };

/**
 * The checkout's texting choice as the server will take it: nothing (no number, box not ticked),
 * the number and the consent, or why Pay must wait.
 */
export function readTexts(state: TextsState): { texts?: TextsChoice; error?: string; fieldError?: string } {
  if (!state.consent && !state.phone.trim()) return {};
  if (!state.consent) return { error: 'Tick the box to get texts, or clear the number.', fieldError: 'Tick the box below to get texts at this number, or clear it.' };
  const parsed = textsChoiceSchema.safeParse(state);
  if (parsed.success) return { texts: parsed.data };
  const message = parsed.error.issues[0]?.message ?? 'Check your number.';
  return { error: message, fieldError: message };
}

/**
 * An optional mobile number and the box that is the diner's consent to texts about this order,
 * its wording exactly what the server keeps. Signed-in diners start from the number and choice
 * their account keeps.
 */
export function TextsFields({ value, onChange }: { value: TextsState; onChange(state: TextsState): void }) {
  const [touched, setTouched] = useState(false);
  const { fieldError } = readTexts(value);
  // Shown once the box is ticked: a reminder to tick it, appearing as the number field loses focus,
  // would push the box down under the finger that is about to tick it (Pay says what is missing).
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold">Texts about your order (optional)</legend>
      <Field id="texts-phone" label="Mobile number" hint="We text when it is ready, if it runs late, and about refunds. Nothing else." error={touched && value.consent ? fieldError : undefined}>
        {(described) => (
          <input
            {...described}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={value.phone}
            onChange={(event) => onChange({ ...value, phone: event.target.value })}
            onBlur={() => setTouched(true)}
            className={INPUT}
          />
        )}
      </Field>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={value.consent}
          onChange={(event) => {
            setTouched(true);
            onChange({ ...value, consent: event.target.checked });
          }}
          className="mt-0.5 h-5 w-5 shrink-0 accent-gold"
        />
        <span>{TEXT_CONSENT_WORDING}</span>
      </label>
    </fieldset>
  );
}
