'use client';

import Link from 'next/link';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSWRConfig } from 'swr';
import { ALLERGEN_LABELS, DIET_LABELS } from '@/lib/menu/allergens';
import { ALLERGENS, DEFAULT_KITCHEN_LOAD, DIETS, MAX_KITCHEN_LOAD, MENU_CATEGORIES, type MenuItem } from '@/lib/menu/types';
import { api, ApiError } from '@/lib/client/api';
import { taxLabel, type TaxRate } from '@/lib/tax/tax';
import { notify } from '@/lib/client/notify';
import { MAX_IMAGE_BYTES, formatBytes } from '@/lib/images/image-type';
import { MAX_PRICE, menuItemFormSchemas, type MenuItemFormInput, type MenuItemFormValues } from '@/lib/menu/schemas';
import { CheckList } from '@/components/ui/check-list';
import { FORM_CARD, Field, FormError, INPUT, MONEY_INPUT } from '@/components/ui/field';
import { Icon } from './icons';
import { ImagePicker } from './image-picker';
import { MENU_KEY } from './manage-items';
import { OptionGroupsEditor } from './option-groups-editor';
import { ScheduleStockFields } from './schedule-stock-fields';
import { uploadImage } from './upload-image';
import { UploadProgress } from './upload-progress';

type Props = ({ mode: 'add'; item?: undefined } | { mode: 'update'; item: MenuItem }) & { taxRates: TaxRate[] };

type Phase = { step: 'idle' } | { step: 'uploading'; percent: number } | { step: 'saving' };

const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);


/**
 * Adds a menu item, or updates one (`mode`). Validation is the server's own zod schema. The
 * picture is uploaded first (with a progress bar), then the item is saved with its URL; when
 * updating without a new picture the old one stays.
 */
export function MenuItemForm({ mode, item, taxRates }: Props) {
  const { mutate } = useSWRConfig();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [failure, setFailure] = useState('');
  const [savedImage, setSavedImage] = useState(item?.image);
  const [pickerKey, setPickerKey] = useState(0);
  const form = useForm<MenuItemFormInput, unknown, MenuItemFormValues>({
    resolver: zodResolver(menuItemFormSchemas[mode]),
    defaultValues: item
      ? {
          name: item.name,
          category: item.category,
          price: item.price,
          recipe: item.recipe,
          available: item.available,
          allergens: item.allergens,
          dietary: item.dietary,
          options: item.options,
          kitchenLoad: item.kitchenLoad,
          taxRate: item.taxRate ?? '',
          schedule: item.schedule ?? null,
          stock: item.stock ?? null,
        }
      : { name: '', recipe: '', available: true, allergens: [], dietary: [], options: [], kitchenLoad: DEFAULT_KITCHEN_LOAD, taxRate: '', schedule: null, stock: null },
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    trigger,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const clearFile = () => setPickerKey((k) => k + 1);

  async function onSubmit({ image: file, ...fields }: MenuItemFormValues) {
    setFailure('');
    try {
      let image: string | undefined;
      if (file) {
        setPhase({ step: 'uploading', percent: 0 });
        image = await uploadImage(file, (percent) => setPhase({ step: 'uploading', percent }));
      }
      setPhase({ step: 'saving' });
      const body = { ...fields, ...(image ? { image } : {}) };
      if (mode === 'add') {
        const { insertedId } = await api<{ insertedId?: string }>('/api/menu', { method: 'POST', json: body });
        if (!insertedId) throw new ApiError(500, 'The item was not added. Please try again.');
        reset();
        clearFile();
        void notify.success(`${fields.name} is added to the menu.`);
      } else {
        const { modifiedCount } = await api<{ modifiedCount: number }>(`/api/menu/${item._id}`, { method: 'PATCH', json: body });
        if (image) setSavedImage(image);
        reset(fields);
        clearFile();
        void notify.success(modifiedCount > 0 ? `${fields.name} is Updated to the menu.` : 'Nothing needed changing.');
      }
      await mutate(MENU_KEY);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Saving failed. Check the connection and try again.');
    } finally {
      setPhase({ step: 'idle' });
    }
  }

  const unchanged = mode === 'update' && !isDirty;
  const submitLabel =
    phase.step === 'uploading' ? `Uploading picture… ${phase.percent}%` : phase.step === 'saving' ? 'Saving…' : mode === 'add' ? 'Add Item' : 'Update Item';

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className={FORM_CARD}>
        <Field id="name" label="Recipe name*" error={errors.name?.message}>
          {(described) => <input {...described} type="text" autoComplete="off" placeholder="Recipe name" {...register('name')} className={INPUT} />}
        </Field>

        <div className="grid gap-6 md:grid-cols-2">
          <Field id="category" label="Category*" error={errors.category?.message}>
            {(described) => (
              <select {...described} {...register('category')} className={INPUT}>
                <option value="">Choose a category</option>
                {MENU_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel(c)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="price" label="Price (USD)*" hint={`Above 0, up to ${MAX_PRICE}, at most 2 decimals.`} error={errors.price?.message}>
            {(described) => <input {...described} {...MONEY_INPUT} min="0.01" placeholder="12.50" {...register('price', { valueAsNumber: true })} />}
          </Field>
        </div>

        <Field
          id="kitchenLoad"
          label="Kitchen load"
          hint={`What one counts against a pickup time's capacity: 1 for a usual dish, 2 for one that takes twice the work (a pizza), 0 for none (a drink). Up to ${MAX_KITCHEN_LOAD}.`}
          error={errors.kitchenLoad?.message}
        >
          {(described) => <input {...described} type="number" inputMode="numeric" min={0} max={MAX_KITCHEN_LOAD} step={1} {...register('kitchenLoad', { valueAsNumber: true })} className={`${INPUT} max-w-32`} />}
        </Field>

        {taxRates.length ? (
          <Field id="taxRate" label="Tax class" hint="The rate this dish is taxed at (Settings → Tax)." error={errors.taxRate?.message}>
            {(described) => (
              <select {...described} {...register('taxRate')} className={`${INPUT} max-w-md`}>
                <option value="">The first rate ({taxLabel(taxRates[0]!, 'added')})</option>
                {taxRates.slice(1).map((rate) => (
                  <option key={rate.id} value={rate.id}>
                    {taxLabel(rate, 'added')}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}

        <Field id="recipe" label="Recipe details" hint="Optional: the ingredients diners see under the name." error={errors.recipe?.message}>
          {(described) => <textarea {...described} rows={5} placeholder="Recipe details" {...register('recipe')} className={INPUT} />}
        </Field>

        <div className="grid gap-6 md:grid-cols-[auto_1fr]">
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Service</legend>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" {...register('available')} className="h-4 w-4 accent-gold" />
              Available to order
            </label>
            <p className="text-xs text-gray-500">Untick while the kitchen has run out.</p>
          </fieldset>
          <CheckList legend="Dietary" className="space-y-2" keys={DIETS} labels={DIET_LABELS} box={(diet) => ({ value: diet, ...register('dietary') })}>
            {errors.dietary ? <p className="text-sm text-red-600">{errors.dietary.message}</p> : null}
          </CheckList>
        </div>

        <CheckList
          legend="Allergens: every one of the 14 the dish contains, with any of its options"
          className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4"
          keys={ALLERGENS}
          labels={ALLERGEN_LABELS}
          box={(allergen) => ({ value: allergen, ...register('allergens') })}
        >
          {errors.allergens ? <p className="col-span-full text-sm text-red-600">{errors.allergens.message}</p> : null}
        </CheckList>

        <ScheduleStockFields />

        <OptionGroupsEditor />

        <ImagePicker
          key={pickerKey}
          control={control}
          validate={() => trigger('image')}
          label={mode === 'add' ? 'Picture*' : 'New picture'}
          hint={`JPEG, PNG or WebP, up to ${formatBytes(MAX_IMAGE_BYTES)}.${mode === 'update' ? ' Leave empty to keep the current picture.' : ''}`}
          error={errors.image?.message}
          current={savedImage}
        />

        {phase.step === 'uploading' ? <UploadProgress percent={phase.percent} /> : null}

        <FormError message={failure} />

        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={isSubmitting || unchanged}
            aria-describedby={unchanged ? 'submit-reason' : undefined}
            className="inline-flex items-center gap-2 rounded bg-linear-to-r from-[#835d23] to-[#b58130] px-6 py-3 font-semibold text-white hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {submitLabel}
            <Icon name="utensils" />
          </button>
          {unchanged ? (
            <p id="submit-reason" className="text-sm text-gray-500">
              Change a field or choose a new picture to save.
            </p>
          ) : null}
          {mode === 'update' ? (
            <Link href="/dashboard/manageItems" className="ml-auto inline-flex min-h-11 items-center text-sm font-semibold text-gold underline">
              Back to Manage Items
            </Link>
          ) : null}
        </div>
        <p aria-live="polite" className="sr-only">
          {phase.step === 'uploading' ? `Uploading picture, ${phase.percent}%` : phase.step === 'saving' ? 'Saving' : ''}
        </p>
      </form>
    </FormProvider>
  );
}
