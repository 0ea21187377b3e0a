'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, FormError, INPUT, SUBMIT } from '@/components/ui/field';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { MAX_TABLES } from '@/lib/tables/table-mode';
import { tableCountSchema, type TableCountInput } from '@/lib/tables/schemas';

/** How many tables the restaurant has: the sheet below follows once saved. */
export function TableCountForm({ count }: { count: number }) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TableCountInput>({ resolver: zodResolver(tableCountSchema), defaultValues: { count } });

  async function onSubmit(input: TableCountInput) {
    try {
      const saved = await api<TableCountInput>('/api/tables', { method: 'PUT', json: input });
      void notify.toast(`${saved.count} ${saved.count === 1 ? 'table' : 'tables'} saved`);
      router.refresh();
    } catch (err) {
      setError('root', { message: err instanceof ApiError ? err.message : 'The number of tables could not be saved. Please try again.' });
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-wrap items-end gap-4 print:hidden">
      <Field id="table-count" label="Number of tables" hint={`From 1 to ${MAX_TABLES}.`} error={errors.count?.message}>
        {(described) => <input {...described} type="number" inputMode="numeric" min={1} max={MAX_TABLES} step={1} {...register('count', { valueAsNumber: true })} className={`${INPUT} max-w-32`} />}
      </Field>
      <button type="submit" disabled={isSubmitting} className={SUBMIT}>
        {isSubmitting ? 'Saving…' : 'Save'}
      </button>
      <FormError message={errors.root?.message} />
    </form>
  );
}
