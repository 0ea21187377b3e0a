import type { ReactNode } from 'react';

/** What a control needs to be labelled and described by its hint and error. */
export interface Described {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (described: Described) => ReactNode;
}

export const INPUT = 'mt-1 w-full rounded border border-gray-300 bg-white px-4 py-3 disabled:bg-gray-100 aria-invalid:border-red-500';

/** An amount of money in dollars and cents (read it with react-hook-form's `valueAsNumber`). */
export const MONEY_INPUT = { type: 'number', inputMode: 'decimal', step: '0.01', className: INPUT } as const;

/** A labelled form control with its hint and its error, both read out with the control. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The card a dashboard form sits on; tighter on phones, so more of the form shows on the first screen. */
export const FORM_CARD = 'mx-auto max-w-3xl space-y-4 rounded-lg bg-white p-4 shadow-sm md:space-y-6 md:p-10';

/** The dashboard forms' submit button, the admin forms' gold. */
export const SUBMIT =
  'inline-flex items-center gap-2 rounded bg-linear-to-r from-[#835d23] to-[#b58130] px-6 py-3 font-semibold text-white hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50';

/** Why the whole form was refused (the server's words), read out as soon as it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded bg-red-50 px-4 py-3 text-sm text-red-700">
      {message}
    </p>
  );
}
