'use client';

import { useState, type InputHTMLAttributes } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, ApiError } from '@/lib/client/api';
import { DEMO_CARDS, groupCardNumber } from '@/lib/payments/providers/demo/cards';
import type { DemoConfirmation } from '@/lib/payments/types';
import { demoCardSchema, type DemoCard } from '@/lib/payments/schemas';
import { Field, INPUT } from '@/components/ui/field';
import { CARD_FORM_ID, CardError, type CardFormProps } from './card-form-parts';
import { PayBar } from './pay-bar';

interface CardFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

function CardField({ id, label, error, registration, className, ...input }: CardFieldProps) {
  return (
    <div className={className}>
      <Field id={id} label={label} error={error}>
        {(described) => <input {...described} {...input} {...registration} className={`${INPUT} text-base`} />}
      </Field>
    </div>
  );
}

/**
 * The offline card form: same screen and same server rules as Stripe, no real money. The card is
 * checked here for typing mistakes, then charged by our server, which alone decides the outcome
 * and records the order in the same request.
 */
export function DemoCardForm({ totalCents, waitingFor, prepare, onSucceeded, onRefused }: CardFormProps) {
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DemoCard>({ resolver: zodResolver(demoCardSchema), mode: 'onTouched', defaultValues: { number: '', expiry: '', cvc: '' } });

  async function onSubmit(card: DemoCard) {
    setError('');
    try {
      const intent = await prepare();
      const result = await api<DemoConfirmation>('/api/payments/demo-confirm', {
        method: 'POST',
        json: { ...card, transactionId: intent.transactionId },
      });
      if (result.status === 'succeeded') await onSucceeded(result.transactionId, intent, result);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The payment could not be completed. Please try again.');
      if (err instanceof ApiError && err.status === 409) onRefused();
    }
  }

  return (
    <form id={CARD_FORM_ID} onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="demo-card-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="demo-card-title" className="font-semibold">
          Card details
        </h2>
        <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">Demo card — no real charge</span>
      </div>
      <p className="mb-4 text-sm text-gray-600">
        Pay with <span className="font-mono whitespace-nowrap">{groupCardNumber(DEMO_CARDS.succeeds)}</span>, or see a decline
        with <span className="font-mono whitespace-nowrap">{groupCardNumber(DEMO_CARDS.declined)}</span>. Any future date and any
        three digits.
      </p>
      <div className="grid grid-cols-2 gap-4">
        <CardField
          id="card-number"
          label="Card number"
          className="col-span-2"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          error={errors.number?.message}
          registration={register('number')}
        />
        <CardField id="card-expiry" label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" error={errors.expiry?.message} registration={register('expiry')} />
        <CardField id="card-cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" error={errors.cvc?.message} registration={register('cvc')} />
      </div>
      <PayBar totalCents={totalCents} waitingFor={waitingFor} busy={isSubmitting} form={CARD_FORM_ID} />
      <CardError message={error} />
    </form>
  );
}
