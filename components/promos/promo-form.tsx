'use client';

import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { MENU_CATEGORIES, type MenuCategory } from '@/lib/menu/types';
import { MAX_CODE_LENGTH, promoInputSchema, type PromoFormValues, type PromoInput } from '@/lib/promos/schemas';
import type { Promo } from '@/lib/promos/types';
import { CheckList } from '@/components/ui/check-list';
import { FORM_CARD, Field, FormError, INPUT, MONEY_INPUT, SUBMIT } from '@/components/ui/field';

/** A dish a code can be limited to. */
export interface PromoDish {
  _id: string;
  name: string;
}

const CATEGORY_LABELS = Object.fromEntries(MENU_CATEGORIES.map((c) => [c, c.charAt(0).toUpperCase() + c.slice(1)])) as Record<MenuCategory, string>;

function valuesOf(promo: Promo | null): PromoFormValues {
  if (!promo) return { code: '', kind: 'percent', minSubtotal: 0, categories: [], menuIds: [], verifiedOnly: false, active: true };
  return {
    code: promo.code,
    kind: promo.kind,
    percent: promo.percent,
    amount: promo.amountCents === undefined ? undefined : promo.amountCents / 100,
    minSubtotal: promo.minSubtotalCents / 100,
    validFrom: promo.validFrom ?? '',
    validUntil: promo.validUntil ?? '',
    maxUses: promo.maxUses,
    maxUsesPerDiner: promo.maxUsesPerDiner,
    verifiedOnly: promo.verifiedOnly ?? false,
    categories: promo.categories,
    menuIds: promo.menuIds,
    active: promo.active,
  };
}

/**
 * A new promo code, or changes to one (`promo`): what it takes off (a percentage or an amount),
 * the order it needs, when it is valid, how often it may be used, the categories or dishes it
 * applies to, and whether it is on. Validation is the server's own schema.
 */
export function PromoForm({ promo, dishes, onSaved, onCancel }: { promo: Promo | null; dishes: PromoDish[]; onSaved(saved: Promo): void; onCancel(): void }) {
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PromoFormValues, unknown, PromoInput>({ resolver: zodResolver(promoInputSchema), defaultValues: valuesOf(promo) });
  const kind = useWatch({ control, name: 'kind' });

  async function onSubmit(input: PromoInput) {
    setFailure('');
    try {
      const saved = promo
        ? await api<Promo>(`/api/promos/${promo._id}`, { method: 'PATCH', json: { ...input, updatedAt: promo.updatedAt } })
        : await api<Promo>('/api/promos', { method: 'POST', json: input });
      void notify.toast(`${saved.code} saved`);
      onSaved(saved);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'The code could not be saved. Please try again.');
    }
  }

  const numberField = (name: 'percent' | 'maxUses' | 'maxUsesPerDiner') => register(name, { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) });
  const moneyField = (name: 'amount' | 'minSubtotal') => register(name, { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={FORM_CARD} aria-labelledby="promo-form-title">
      <h2 id="promo-form-title" className="font-display text-xl">
        {promo ? `Change ${promo.code}` : 'New promo code'}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="promo-code" label="Code" hint={`Letters, digits, - and _, up to ${MAX_CODE_LENGTH}. Diners may type it in any case.`} error={errors.code?.message}>
          {(described) => <input {...described} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('code')} className={INPUT} />}
        </Field>
        <fieldset>
          <legend className="text-sm font-semibold">Takes off</legend>
          <div className="mt-1 flex gap-4">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" value="percent" {...register('kind')} className="h-4 w-4 accent-gold" /> A percentage
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" value="fixed" {...register('kind')} className="h-4 w-4 accent-gold" /> An amount
            </label>
          </div>
        </fieldset>
        {kind === 'percent' ? (
          <Field id="promo-percent" label="Percent off" hint="1 to 100, of the dishes it applies to." error={errors.percent?.message}>
            {(described) => <input {...described} type="number" inputMode="numeric" min={1} max={100} {...numberField('percent')} className={INPUT} />}
          </Field>
        ) : (
          <Field id="promo-amount" label="Amount off (USD)" hint="Never more than the dishes it applies to cost." error={errors.amount?.message}>
            {(described) => <input {...described} {...MONEY_INPUT} min="0.01" {...moneyField('amount')} />}
          </Field>
        )}
        <Field id="promo-minimum" label="Minimum subtotal (USD)" hint="The food an order needs, before the discount. 0 for none." error={errors.minSubtotal?.message}>
          {(described) => <input {...described} {...MONEY_INPUT} min="0" {...moneyField('minSubtotal')} />}
        </Field>
        <Field id="promo-from" label="Valid from" hint="The first day, in the restaurant's time. Empty: from now." error={errors.validFrom?.message}>
          {(described) => <input {...described} type="date" {...register('validFrom')} className={INPUT} />}
        </Field>
        <Field id="promo-until" label="Valid until" hint="The last day it can be used. Empty: no end." error={errors.validUntil?.message}>
          {(described) => <input {...described} type="date" {...register('validUntil')} className={INPUT} />}
        </Field>
        <Field id="promo-uses" label="Total uses" hint="Empty: no limit." error={errors.maxUses?.message}>
          {(described) => <input {...described} type="number" inputMode="numeric" min={1} {...numberField('maxUses')} className={INPUT} />}
        </Field>
        <Field id="promo-uses-per-diner" label="Uses per diner" hint="A diner is counted by the email they pay with, and by their card. Empty: no limit." error={errors.maxUsesPerDiner?.message}>
          {(described) => <input {...described} type="number" inputMode="numeric" min={1} {...numberField('maxUsesPerDiner')} className={INPUT} />}
        </Field>
      </div>
      <p className="text-sm text-gray-700">Applies to the dishes of the categories and the dishes chosen here; with none chosen, to the whole order.</p>
      <div className="grid gap-4 md:grid-cols-2">
        <CheckList legend="Categories" className="space-y-1" keys={MENU_CATEGORIES} labels={CATEGORY_LABELS} box={(category) => ({ value: category, ...register('categories') })} />
        <Field id="promo-dishes" label="Dishes" hint="Hold Ctrl (or ⌘) to choose more than one." error={errors.menuIds?.message}>
          {(described) => (
            <select {...described} multiple size={8} {...register('menuIds')} className={INPUT}>
              {dishes.map((dish) => (
                <option key={dish._id} value={dish._id}>
                  {dish.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" {...register('verifiedOnly')} className="h-4 w-4 accent-gold" /> Verified diners only: signed in with a verified email, no guests
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" {...register('active')} className="h-4 w-4 accent-gold" /> Active: diners can use it
      </label>
      <FormError message={failure} />
      <div className="flex flex-wrap gap-4">
        <button type="submit" disabled={isSubmitting} className={SUBMIT}>
          {isSubmitting ? 'Saving…' : 'Save promo code'}
        </button>
        {promo ? (
          <button type="button" onClick={onCancel} className="inline-flex min-h-11 items-center px-2 font-semibold text-gold-dark underline">
            Cancel the change
          </button>
        ) : null}
      </div>
    </form>
  );
}
