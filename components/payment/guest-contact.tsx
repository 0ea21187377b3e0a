'use client';

import { useState } from 'react';
import { guestContactSchema, type GuestContact } from '@/lib/payments/schemas';
import { Field, INPUT } from '@/components/ui/field';

export type ContactState = { email: string; name: string };

/** The contact as the server will take it, or why Pay must wait. */
export function readContact(state: ContactState): { contact?: GuestContact; error?: string; errors: Partial<Record<keyof ContactState, string>> } {
  const parsed = guestContactSchema.safeParse(state);
  if (parsed.success) return { contact: parsed.data, errors: {} };
  const errors: Partial<Record<keyof ContactState, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ContactState;
    errors[field] ??= issue.message;
  }
  return { error: 'Give your email and your name first.', errors };
}

/**
 * A guest's email, where the receipt goes, and the name the kitchen calls out. Checked here as
 * the server will check it; an error shows once the diner has left the field.
 */
export function GuestContactFields({ value, onChange }: { value: ContactState; onChange(state: ContactState): void }) {
  const [touched, setTouched] = useState<Partial<Record<keyof ContactState, boolean>>>({});
  const { errors } = readContact(value);
  const shown = (field: keyof ContactState) => (touched[field] ? errors[field] : undefined);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold">Your details</legend>
      <Field id="guest-email" label="Email for your receipt" error={shown('email')}>
        {(described) => (
          <input
            {...described}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={value.email}
            onChange={(event) => onChange({ ...value, email: event.target.value })}
            onBlur={() => setTouched((t) => ({ ...t, email: true }))}
            className={INPUT}
          />
        )}
      </Field>
      <Field id="guest-name" label="Name for your order" hint="What the kitchen calls out." error={shown('name')}>
        {(described) => (
          <input
            {...described}
            type="text"
            autoComplete="name"
            value={value.name}
            onChange={(event) => onChange({ ...value, name: event.target.value })}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            className={INPUT}
          />
        )}
      </Field>
    </fieldset>
  );
}
