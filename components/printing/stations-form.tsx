'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { FORM_CARD, Field, FormError, INPUT, SUBMIT } from '@/components/ui/field';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { MENU_CATEGORIES } from '@/lib/menu/types';
import { MAX_STATIONS, SILENT_MINUTES, printSetupSchema, type PrintSetupFormValues, type PrintSetupInput } from '@/lib/printing/schemas';
import type { PrintSetup, Printer } from '@/lib/printing/types';

export interface StationDish {
  _id: string;
  name: string;
}

/**
 * The stations: where each category (or a single dish, which wins over its category) is made,
 * and how long a printer may be silent before it is an alert. A station no printer serves is
 * pointed out: its dishes would print nowhere but at the pass.
 */
export function StationsForm({ setup, dishes, printers, onSaved }: { setup: PrintSetup; dishes: StationDish[]; printers: Printer[]; onSaved: (setup: PrintSetup) => void }) {
  const [failure, setFailure] = useState('');
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PrintSetupFormValues, unknown, PrintSetupInput>({ resolver: zodResolver(printSetupSchema), defaultValues: { stations: setup.stations, silentMinutes: setup.silentMinutes } });
  const { fields, append, remove } = useFieldArray({ control, name: 'stations' });
  const served = new Set(printers.flatMap((printer) => printer.stations));

  async function onSubmit(input: PrintSetupInput) {
    setFailure('');
    try {
      const saved = await api<PrintSetup>('/api/printers/setup', { method: 'PUT', json: { ...input, version: setup.version } });
      void notify.toast('Stations saved');
      onSaved(saved);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'The stations could not be saved. Please try again.');
    }
  }

  function addStation() {
    // A new station's id, which printers will name it by, whatever it is called later.
    const taken = new Set(getValues('stations').map((station) => station.id));
    let n = fields.length + 1;
    while (taken.has(`station-${n}`)) n += 1;
    append({ id: `station-${n}`, name: '', categories: [], dishes: [] });
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={FORM_CARD} aria-labelledby="stations-title">
      <h2 id="stations-title" className="font-display text-xl">
        Stations
      </h2>
      <p className="text-sm text-gray-700">A dish is made at the station that names it, else at the one that names its category, else at the first station.</p>
      {fields.map((field, i) => (
        <fieldset key={field.id} className="space-y-3 rounded border border-gray-200 p-3">
          <legend className="px-1 text-sm font-semibold">Station {i + 1}</legend>
          <input type="hidden" {...register(`stations.${i}.id`)} />
          <Field id={`station-${i}-name`} label="Name" error={errors.stations?.[i]?.name?.message}>
            {(described) => <input {...described} type="text" autoComplete="off" {...register(`stations.${i}.name`)} className={INPUT} />}
          </Field>
          {!served.has(field.id) ? <p className="text-sm text-amber-800">No printer prints for this station yet: add one, or choose it on a printer.</p> : null}
          <fieldset>
            <legend className="text-sm font-semibold">Categories</legend>
            <div className="flex flex-wrap gap-x-5">
              {MENU_CATEGORIES.map((category) => (
                <label key={category} className="flex min-h-11 items-center gap-2 text-sm capitalize">
                  <input type="checkbox" value={category} {...register(`stations.${i}.categories`)} className="h-4 w-4 accent-gold" /> {category}
                </label>
              ))}
            </div>
          </fieldset>
          <Field id={`station-${i}-dishes`} label="Single dishes" hint="Made here whatever their category. Hold Ctrl (or ⌘) to choose more than one.">
            {(described) => (
              <select {...described} multiple size={5} {...register(`stations.${i}.dishes`)} className={INPUT}>
                {dishes.map((dish) => (
                  <option key={dish._id} value={dish._id}>
                    {dish.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {fields.length > 1 ? (
            <button type="button" onClick={() => remove(i)} className="min-h-11 font-semibold text-red-700 underline">
              Remove this station
            </button>
          ) : null}
        </fieldset>
      ))}
      {errors.stations?.message || errors.stations?.root?.message ? <p className="text-sm text-red-600">{errors.stations.message ?? errors.stations.root?.message}</p> : null}
      {fields.length < MAX_STATIONS ? (
        <button type="button" onClick={addStation} className="min-h-11 rounded border-2 border-ink px-4 font-semibold hover:bg-cream">
          Add a station
        </button>
      ) : null}
      <Field
        id="silent-minutes"
        label="Alert after a printer is silent for (minutes)"
        hint={`During opening hours, on the admin home and the kitchen display. ${SILENT_MINUTES.min} to ${SILENT_MINUTES.max}.`}
        error={errors.silentMinutes?.message}
      >
        {(described) => <input {...described} type="number" inputMode="numeric" min={SILENT_MINUTES.min} max={SILENT_MINUTES.max} {...register('silentMinutes', { valueAsNumber: true })} className={INPUT} />}
      </Field>
      <FormError message={failure} />
      <button type="submit" disabled={isSubmitting} className={SUBMIT}>
        {isSubmitting ? 'Saving…' : 'Save the stations'}
      </button>
    </form>
  );
}
