'use client';

import { Controller, get, useFormContext } from 'react-hook-form';
import { Field, INPUT } from '@/components/ui/field';
import type { MenuItemFormInput, MenuItemFormValues } from '@/lib/menu/schemas';
import { MAX_STOCK } from '@/lib/menu/types';
import { NEW_SCHEDULE, ScheduleEditor } from './schedule-editor';

const STOCK_DEFAULT = { per: 'day', count: 24 } as const;

/**
 * A dish's own schedule (served only on some days and hours, beside its section's) and its count
 * of portions (a day, or until changed). Each is off until ticked; unticking sends null, which
 * takes it off the dish.
 */
export function ScheduleStockFields() {
  const {
    control,
    register,
    watch,
    setValue,
    formState: { errors },
  } = useFormContext<MenuItemFormInput, unknown, MenuItemFormValues>();
  const name = watch('name')?.trim() || 'the dish';
  const stock = watch('stock');
  const stockErrors = errors.stock;
  return (
    <fieldset className="space-y-4 rounded border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold">When it is served, and how many</legend>
      <Controller
        control={control}
        name="schedule"
        render={({ field }) => (
          <div className="space-y-3">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked ? NEW_SCHEDULE : null)} className="h-4 w-4 accent-gold" />
              Served only on some days or hours
            </label>
            {field.value ? (
              <ScheduleEditor
                id="schedule"
                of={name}
                value={field.value}
                onChange={field.onChange}
                errorAt={(path) => (get(errors, `schedule.${path}`) as { message?: string } | undefined)?.message ?? (path === 'days' ? errors.schedule?.message : undefined)}
              />
            ) : (
              <p className="text-xs text-gray-500">Served whenever its section is (Manage items → Section hours).</p>
            )}
          </div>
        )}
      />
      <div className="space-y-3">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={Boolean(stock)}
            onChange={(e) => setValue('stock', e.target.checked ? { ...STOCK_DEFAULT } : null, { shouldDirty: true })}
            className="h-4 w-4 accent-gold"
          />
          Counted portions
        </label>
        {stock ? (
          <div className="grid gap-4 sm:grid-cols-[auto_10rem]">
            <fieldset className="space-y-1">
              <legend className="text-sm font-semibold">The count is</legend>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" value="day" {...register('stock.per')} className="h-4 w-4 accent-gold" />A day (fresh each morning)
              </label>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" value="total" {...register('stock.per')} className="h-4 w-4 accent-gold" />
                Left until changed
              </label>
            </fieldset>
            <Field id="stock-count" label="Portions" hint={`0 to ${MAX_STOCK.toLocaleString('en-US')}.`} error={stockErrors?.count?.message ?? stockErrors?.message}>
              {(described) => (
                <input {...described} type="number" inputMode="numeric" min={0} max={MAX_STOCK} step={1} {...register('stock.count', { valueAsNumber: true })} className={INPUT} />
              )}
            </Field>
          </div>
        ) : (
          <p className="text-xs text-gray-500">Not counted: the kitchen can still 86 it.</p>
        )}
      </div>
    </fieldset>
  );
}
