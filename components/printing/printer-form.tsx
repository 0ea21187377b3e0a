'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FORM_CARD, Field, FormError, INPUT, SUBMIT } from '@/components/ui/field';
import { api, ApiError } from '@/lib/client/api';
import { printerInputSchema, type PrinterFormValues, type PrinterInput } from '@/lib/printing/schemas';
import { MAX_COPIES, PAPER_WIDTHS, PASS_LABEL, PASS_STATION, PRINTER_PROTOCOLS, PROTOCOL_LABELS, type Printer, type PrinterConnection, type Station } from '@/lib/printing/types';

function valuesOf(printer: Printer | null): PrinterFormValues {
  if (!printer) return { name: '', protocol: 'star-cloudprnt', paperWidth: 80, copies: 1, stations: [] };
  const { name, protocol, paperWidth, copies, stations } = printer;
  return { name, protocol, paperWidth, copies, stations };
}

/** A new printer (answered with its URL), or changes to one. Validation is the server's own schema. */
export function PrinterForm({
  printer,
  stations,
  onAdded,
  onChanged,
  onCancel,
}: {
  printer: Printer | null;
  stations: Station[];
  onAdded: (connection: PrinterConnection) => void;
  onChanged: (printer: Printer) => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PrinterFormValues, unknown, PrinterInput>({ resolver: zodResolver(printerInputSchema), defaultValues: valuesOf(printer) });

  async function onSubmit(input: PrinterInput) {
    setFailure('');
    try {
      if (printer) onChanged(await api<Printer>(`/api/printers/${printer._id}`, { method: 'PATCH', json: { ...input, updatedAt: printer.updatedAt } }));
      else onAdded(await api<PrinterConnection>('/api/printers', { method: 'POST', json: input }));
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'The printer could not be saved. Please try again.');
    }
  }

  const choices = [...stations.map((station) => ({ id: station.id, name: station.name })), { id: PASS_STATION, name: PASS_LABEL }];
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={FORM_CARD} aria-labelledby="printer-form-title">
      <h2 id="printer-form-title" className="font-display text-xl">
        {printer ? `Change ${printer.name}` : 'Add a printer'}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="printer-name" label="Name" hint="What the kitchen calls it: Kitchen, Bar, Pass." error={errors.name?.message}>
          {(described) => <input {...described} type="text" autoComplete="off" {...register('name')} className={INPUT} />}
        </Field>
        <Field id="printer-protocol" label="Kind of printer" hint="How it reaches this site: both poll it over the internet." error={errors.protocol?.message}>
          {(described) => (
            <select {...described} {...register('protocol')} className={INPUT}>
              {PRINTER_PROTOCOLS.map((protocol) => (
                <option key={protocol} value={protocol}>
                  {PROTOCOL_LABELS[protocol]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="printer-width" label="Paper width" hint="The roll in it: 80 mm prints 48 characters a line, 58 mm 32." error={errors.paperWidth?.message}>
          {(described) => (
            <select {...described} {...register('paperWidth', { setValueAs: (v: string) => Number(v) })} className={INPUT}>
              {PAPER_WIDTHS.map((width) => (
                <option key={width} value={width}>
                  {width} mm
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="printer-copies" label="Copies of each ticket" hint={`1 to ${MAX_COPIES}, each cut off the roll.`} error={errors.copies?.message}>
          {(described) => <input {...described} type="number" inputMode="numeric" min={1} max={MAX_COPIES} {...register('copies', { valueAsNumber: true })} className={INPUT} />}
        </Field>
      </div>
      <fieldset aria-describedby={errors.stations ? 'printer-stations-error' : undefined}>
        <legend className="text-sm font-semibold">Prints for</legend>
        <p className="text-xs text-gray-500">Each station&apos;s dishes print on its printers; the pass gets the whole order.</p>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {choices.map((choice) => (
            <label key={choice.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" value={choice.id} {...register('stations')} className="h-4 w-4 accent-gold" /> {choice.name}
            </label>
          ))}
        </div>
        {errors.stations ? (
          <p id="printer-stations-error" className="mt-1 text-sm text-red-600">
            {errors.stations.message}
          </p>
        ) : null}
      </fieldset>
      <FormError message={failure} />
      <div className="flex flex-wrap gap-4">
        <button type="submit" disabled={isSubmitting} className={SUBMIT}>
          {isSubmitting ? 'Saving…' : printer ? 'Save the printer' : 'Add the printer'}
        </button>
        {printer ? (
          <button type="button" onClick={onCancel} className="inline-flex min-h-11 items-center px-2 font-semibold text-gold-dark underline">
            Cancel the change
          </button>
        ) : null}
      </div>
    </form>
  );
}
