'use client';

import { useState, type ReactNode } from 'react';
import { FormProvider, get, useFieldArray, useForm, useFormContext, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, FormError, INPUT, SUBMIT } from '@/components/ui/field';
import { reportStatus } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { MAX_DATES, MAX_TAX_RATES, MAX_TIP_PRESETS, MAX_WINDOWS_PER_DAY, SLOT_LENGTHS, settingsSchema, type SettingsInput } from '@/lib/settings/schemas';
import { WEEKDAYS, WEEKDAY_NAMES, type RestaurantSettings, type VersionedSettings } from '@/lib/settings/types';
import { MAX_TABLES } from '@/lib/tables/table-mode';

type Path = FieldPath<SettingsInput>;
type WindowsPath = `schedule.hours.${(typeof WEEKDAYS)[number]}` | `schedule.specialHours.${number}.windows`;

const SECTION = 'space-y-4 rounded-lg bg-white p-4 shadow-sm md:p-6';
const HEADING = 'font-display text-xl uppercase md:text-2xl';
const GRID = 'grid gap-4 sm:grid-cols-2';
const SMALL_BUTTON = 'min-h-11 rounded border border-ink px-3 text-sm font-semibold hover:bg-cream';
const REMOVE = 'min-h-11 rounded px-3 text-sm font-semibold text-red-700 underline hover:bg-red-50';

/** The message of a field, or of an array as a whole. */
function errorIn(errors: unknown, name: string): string | undefined {
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

function useError(name: string): string | undefined {
  return errorIn(useFormContext<SettingsInput>().formState.errors, name);
}

function Section({ id, title, children, hint }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={SECTION}>
      <h2 id={id} className={HEADING}>
        {title}
      </h2>
      {hint ? <p className="text-sm text-gray-600">{hint}</p> : null}
      {children}
    </section>
  );
}

function TextField({ name, label, hint, type = 'text', autoComplete }: { name: Path; label: string; hint?: string; type?: string; autoComplete?: string }) {
  const { register } = useFormContext<SettingsInput>();
  return (
    <Field id={name} label={label} hint={hint} error={useError(name)}>
      {(described) => <input {...described} type={type} autoComplete={autoComplete ?? 'off'} {...register(name)} className={INPUT} />}
    </Field>
  );
}

function NumberField({ name, label, hint, min, max }: { name: Path; label: string; hint?: string; min: number; max: number }) {
  const { register } = useFormContext<SettingsInput>();
  return (
    <Field id={name} label={label} hint={hint} error={useError(name)}>
      {(described) => <input {...described} type="number" inputMode="numeric" min={min} max={max} step={1} {...register(name, { valueAsNumber: true })} className={`${INPUT} max-w-40`} />}
    </Field>
  );
}

function Checkbox({ name, label, hint }: { name: Path; label: string; hint?: string }) {
  const { register } = useFormContext<SettingsInput>();
  const error = useError(name);
  return (
    <div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" {...register(name)} aria-describedby={hint ? `${name}-hint` : undefined} className="h-5 w-5 accent-gold" />
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </div>
  );
}

/** A day's opening windows: each opens and closes, and may close past midnight; any number of them, or none (closed). */
function WindowsEditor({ name, legend }: { name: WindowsPath; legend: string }) {
  const { control, register } = useFormContext<SettingsInput>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const error = useError(name);
  return (
    <fieldset className="space-y-2 rounded border border-gray-200 p-3">
      <legend className="px-1 font-semibold">{legend}</legend>
      {fields.length ? null : <p className="text-sm text-gray-600">Closed</p>}
      {fields.map((field, i) => (
        <div key={field.id} className="flex flex-wrap items-end gap-3">
          <WindowTime name={`${name}.${i}.opens`} label="Opens" />
          <WindowTime name={`${name}.${i}.closes`} label="Closes" />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" {...register(`${name}.${i}.overnight`)} className="h-5 w-5 accent-gold" />
            Past midnight
          </label>
          <button type="button" onClick={() => remove(i)} aria-label={`Remove ${legend}'s window ${i + 1}`} className={REMOVE}>
            Remove
          </button>
        </div>
      ))}
      {fields.length < MAX_WINDOWS_PER_DAY ? (
        <button type="button" onClick={() => append({ opens: '12:00', closes: '14:00', overnight: false })} aria-label={`Add a window to ${legend}`} className={SMALL_BUTTON}>
          Add a window
        </button>
      ) : null}
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}

function WindowTime({ name, label }: { name: `${WindowsPath}.${number}.${'opens' | 'closes'}`; label: string }) {
  const { register } = useFormContext<SettingsInput>();
  return (
    <div className="w-32">
      <Field id={name} label={label} error={useError(name)}>
        {(described) => <input {...described} type="time" {...register(name)} className={INPUT} />}
      </Field>
    </div>
  );
}

function Closures() {
  const { control } = useFormContext<SettingsInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'schedule.closures' });
  const error = useError('schedule.closures');
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Closures</legend>
      {fields.length ? null : <p className="text-sm text-gray-600">No closures ahead.</p>}
      {fields.map((field, i) => (
        <div key={field.id} className="grid gap-3 rounded border border-gray-200 p-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end">
          <TextField name={`schedule.closures.${i}.from`} label="From" type="date" />
          <TextField name={`schedule.closures.${i}.to`} label="To (the last day closed)" type="date" />
          <TextField name={`schedule.closures.${i}.note`} label="Note diners see (optional)" hint='e.g. "Closed for the holidays until 3 January"' />
          <button type="button" onClick={() => remove(i)} aria-label={`Remove closure ${i + 1}`} className={REMOVE}>
            Remove
          </button>
        </div>
      ))}
      {fields.length < MAX_DATES ? (
        <button type="button" onClick={() => append({ from: '', to: '', note: '' })} className={SMALL_BUTTON}>
          Add a closure
        </button>
      ) : null}
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}

function SpecialHours() {
  const { control } = useFormContext<SettingsInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'schedule.specialHours' });
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Special hours</legend>
      {fields.length ? null : <p className="text-sm text-gray-600">No dates with special hours ahead.</p>}
      {fields.map((field, i) => (
        <div key={field.id} className="space-y-3 rounded border border-gray-200 p-3">
          <div className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
            <TextField name={`schedule.specialHours.${i}.date`} label="Date" type="date" />
            <TextField name={`schedule.specialHours.${i}.note`} label="Note diners see (optional)" />
            <button type="button" onClick={() => remove(i)} aria-label={`Remove special hours ${i + 1}`} className={REMOVE}>
              Remove
            </button>
          </div>
          <WindowsEditor name={`schedule.specialHours.${i}.windows`} legend={`Special hours ${i + 1}`} />
        </div>
      ))}
      {fields.length < MAX_DATES ? (
        <button type="button" onClick={() => append({ date: '', windows: [{ opens: '12:00', closes: '15:00', overnight: false }], note: '' })} className={SMALL_BUTTON}>
          Add special hours
        </button>
      ) : null}
    </fieldset>
  );
}

/** The tip percentages: a short list of numbers, kept as an array of the form's values. */
function TipPresets() {
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = useFormContext<SettingsInput>();
  const presets = watch('tips.presets');
  const error = errorIn(errors, 'tips.presets');
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">Tip percentages offered</legend>
      <p className="text-xs text-gray-500">No tip is always offered too. From 1 to 100 %, each once.</p>
      <div className="flex flex-wrap items-end gap-3">
        {presets.map((_, i) => (
          <div key={i} className="flex items-end gap-1">
            <div className="w-28">
              <Field id={`tips.presets.${i}`} label={`Tip ${i + 1} (%)`} error={errorIn(errors, `tips.presets.${i}`)}>
                {(described) => <input {...described} type="number" inputMode="numeric" min={1} max={100} step={1} {...register(`tips.presets.${i}`, { valueAsNumber: true })} className={INPUT} />}
              </Field>
            </div>
            {presets.length > 1 ? (
              <button type="button" onClick={() => setValue('tips.presets', presets.filter((__, j) => j !== i), { shouldDirty: true })} aria-label={`Remove tip ${i + 1}`} className={REMOVE}>
                Remove
              </button>
            ) : null}
          </div>
        ))}
        {presets.length < MAX_TIP_PRESETS ? (
          <button type="button" onClick={() => setValue('tips.presets', [...presets, Number.NaN], { shouldDirty: true })} className={SMALL_BUTTON}>
            Add a percentage
          </button>
        ) : null}
      </div>
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}

/** A new rate's id: made once here, it never changes, so dishes keep their class while the rate is renamed. */
const newRateId = () => `rate-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The tax rates, each a name and a percent; the first is every dish's unless the dish names another. */
function TaxRates() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<SettingsInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tax.rates' });
  const error = errorIn(errors, 'tax.rates');
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Tax rates</legend>
      <p className="text-xs text-gray-500">The first rate is every dish&apos;s, unless its menu item names another. No rate: nothing is taxed.</p>
      {fields.map((field, i) => (
        <div key={field.id} className="grid gap-3 rounded border border-gray-200 p-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <TextField name={`tax.rates.${i}.name`} label={`Tax ${i + 1} name`} hint='e.g. "VAT" or "Sales tax"' />
          <Field id={`tax.rates.${i}.percent`} label={`Tax ${i + 1} rate (%)`} error={errorIn(errors, `tax.rates.${i}.percent`)}>
            {(described) => <input {...described} type="number" inputMode="decimal" min={0} max={100} step={0.001} {...register(`tax.rates.${i}.percent`, { valueAsNumber: true })} className={`${INPUT} max-w-32`} />}
          </Field>
          <button type="button" onClick={() => remove(i)} aria-label={`Remove tax ${i + 1}`} className={REMOVE}>
            Remove
          </button>
        </div>
      ))}
      {fields.length < MAX_TAX_RATES ? (
        <button type="button" onClick={() => append({ id: newRateId(), name: '', percent: Number.NaN })} className={SMALL_BUTTON}>
          Add a tax rate
        </button>
      ) : null}
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}

/** Time zones this browser knows, for the zone field's suggestions. */
const timeZones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

/**
 * Everything an admin sets about the restaurant, in sections, validated by the server's own
 * schema (each message under its field). A save names the version the page started from: when
 * someone else saved meanwhile, nothing is overwritten; the form shows what they saved, and says so.
 */
export function SettingsForm({ initial }: { initial: VersionedSettings }) {
  const [version, setVersion] = useState(initial.version);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const [schema] = useState(() => settingsSchema());
  const [zones] = useState(timeZones);
  const form = useForm<SettingsInput, unknown, RestaurantSettings>({ resolver: zodResolver(schema), defaultValues: initial.settings });
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty },
  } = form;

  async function onSubmit(settings: RestaurantSettings) {
    setNotice('');
    setFailure('');
    try {
      const res = await fetch('/api/settings', {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version, settings }),
      });
      const body = (await res.json().catch(() => null)) as (Partial<VersionedSettings> & { error?: string }) | null;
      reportStatus(res.status);
      if (res.ok && body?.settings && body.version !== undefined) {
        setVersion(body.version);
        reset(body.settings);
        void notify.toast('Settings saved');
      } else if (res.status === 409 && body?.settings && body.version !== undefined) {
        setVersion(body.version);
        reset(body.settings);
        setNotice(body.error ?? 'Someone else saved the settings meanwhile: theirs are shown.');
      } else {
        setFailure(body?.error ?? `The settings could not be saved (${res.status}). Please try again.`);
      }
    } catch {
      setFailure('The settings could not be saved. Check the connection and try again.');
    }
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Restaurant settings" className="space-y-6">
        {notice ? (
          <p role="alert" className="rounded bg-amber-50 px-4 py-3 text-amber-900">
            {notice}
          </p>
        ) : null}
        <Section id="settings-restaurant" title="The restaurant" hint="Shown in the top bar, the footer, page titles and receipts.">
          <div className={GRID}>
            <TextField name="restaurant.name" label="Name" autoComplete="organization" />
            <TextField name="restaurant.tagline" label="Tagline" />
            <TextField name="restaurant.phone" label="Phone" type="tel" autoComplete="tel" />
            <TextField name="restaurant.email" label="Email" type="email" autoComplete="email" />
            <TextField name="restaurant.address.street" label="Street" autoComplete="street-address" />
            <TextField name="restaurant.address.city" label="City" autoComplete="address-level2" />
            <TextField name="restaurant.address.postalCode" label="Postal code" autoComplete="postal-code" />
            <TextField name="restaurant.address.country" label="Country" autoComplete="country" />
            <TextField name="restaurant.social.microblog" label="X (https://…, or empty)" type="url" />
            <TextField name="restaurant.social.video" label="YouTube (https://…, or empty)" type="url" />
            <TextField name="restaurant.social.network" label="Facebook (https://…, or empty)" type="url" />
          </div>
        </Section>

        <Section id="settings-hours" title="Opening hours" hint="Times are the restaurant's wall clock. A window past midnight (18:00 to 01:00) belongs to the day it opens.">
          <Field id="schedule.timeZone" label="Time zone" hint="An IANA name, such as Europe/Paris or America/New_York." error={errorIn(form.formState.errors, 'schedule.timeZone')}>
            {(described) => (
              <>
                <input {...described} type="text" list="time-zones" autoComplete="off" {...form.register('schedule.timeZone')} className={`${INPUT} max-w-md`} />
                <datalist id="time-zones">
                  {zones.map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <div className="grid gap-3 lg:grid-cols-2">
            {WEEKDAYS.map((day) => (
              <WindowsEditor key={day} name={`schedule.hours.${day}`} legend={WEEKDAY_NAMES[day]} />
            ))}
          </div>
        </Section>

        <Section id="settings-dates" title="Closures and special hours" hint="Days the restaurant is shut, and dates with other hours than their weekday's.">
          <Closures />
          <SpecialHours />
        </Section>

        <Section id="settings-ordering" title="Online ordering">
          <Checkbox name="ordering.enabled" label="Take orders online" hint="Off: the site shows the menu, and paying is refused until it is on again." />
          <NumberField
            name="ordering.pauseWithoutKitchenMinutes"
            label="Pause when no kitchen display has been connected for (minutes)"
            hint="During opening hours, ordering pauses by itself until a kitchen display connects or a kitchen printer polls: no paid orders nobody sees. 0 is off."
            min={0}
            max={240}
          />
          <Checkbox
            name="ordering.guests"
            label="Take orders from guests"
            hint="On: Add To Cart offers Continue as guest, and a visitor orders with an email and a name, no account. Off: ordering takes an account."
          />
        </Section>

        <Section id="settings-pickup" title="Pickup and the kitchen" hint="A dish counts its kitchen load (set on each menu item; 1 unless changed) against a pickup time's capacity.">
          <div className={GRID}>
            <NumberField name="pickup.prepMinutes" label="Preparation time (minutes)" hint="The earliest pickup is now plus this (plus busy mode's extra)." min={0} max={240} />
            <Field id="pickup.slotMinutes" label="Pickup times every" error={errorIn(form.formState.errors, 'pickup.slotMinutes')}>
              {(described) => (
                <select {...described} {...form.register('pickup.slotMinutes', { valueAsNumber: true })} className={`${INPUT} max-w-40`}>
                  {SLOT_LENGTHS.map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {minutes} minutes
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <NumberField name="pickup.capacity" label="Capacity per pickup time (kitchen load units)" hint="From 1 to 1000." min={1} max={1000} />
          </div>
        </Section>

        <Section id="settings-tips" title="Tips">
          <TipPresets />
          <Checkbox name="tips.custom" label="Diners may type their own tip" />
        </Section>

        <Section id="settings-tax" title="Tax" hint="Computed per rate on the sum of its dishes, rounded half up; the tip is never taxed. A change applies to orders from now on: past receipts keep theirs.">
          <Field id="tax.mode" label="Prices" error={errorIn(form.formState.errors, 'tax.mode')}>
            {(described) => (
              <select {...described} {...form.register('tax.mode')} className={`${INPUT} max-w-md`}>
                <option value="inclusive">include tax (VAT, as in the UK and EU)</option>
                <option value="added">do not include tax: it is added at checkout (US sales tax)</option>
              </select>
            )}
          </Field>
          <TaxRates />
        </Section>

        <Section id="settings-tables" title="Tables" hint="The Tables page prints their QR codes.">
          <NumberField name="tables.count" label="Number of tables" hint={`From 1 to ${MAX_TABLES}.`} min={1} max={MAX_TABLES} />
        </Section>

        <Section id="settings-reservations" title="Reservations">
          <div className={GRID}>
            <NumberField name="reservations.seatsPerSlot" label="Seats per 30-minute seating" min={1} max={1000} />
            <NumberField name="reservations.upcomingBookings" label="Bookings one guest may hold ahead" min={1} max={1000} />
            <NumberField name="reservations.upcomingSeats" label="Seats one guest may hold ahead" min={1} max={10_000} />
            <NumberField name="reservations.pendingHours" label="Hours to confirm a booking before it expires" min={1} max={720} />
          </div>
        </Section>

        <Section id="settings-notices" title="Texts and running late" hint="Diners who asked for texts are told when their order is ready, runs late or is refunded; texts are never marketing.">
          <div className={GRID}>
            <NumberField name="notices.textsPerMonth" label="Texts per month" hint="Past it, the month's other notices go by email. 0 sends none." min={0} max={1_000_000} />
            <NumberField name="notices.lateAfterMinutes" label="Minutes past the promised time before the diner is told it runs late" hint="0: only when the kitchen taps Running late." min={0} max={240} />
            <NumberField name="notices.lateExtraMinutes" label="Minutes the new time is from then" min={5} max={120} />
          </div>
        </Section>

        <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-4 rounded-lg bg-white/95 p-4 shadow-[0_-2px_8px_rgba(0,0,0,0.08)]">
          <button type="submit" disabled={isSubmitting} className={SUBMIT}>
            {isSubmitting ? 'Saving…' : 'Save settings'}
          </button>
          <p className="text-sm text-gray-600">{isDirty ? 'Unsaved changes.' : 'Everything is saved.'}</p>
          <FormError message={failure} />
        </div>
      </form>
    </FormProvider>
  );
}

