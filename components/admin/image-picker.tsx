'use client';

import { useEffect, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { IMAGE_ACCEPT } from '@/lib/images/image-type';
import type { MenuItemFormInput, MenuItemFormValues } from '@/lib/menu/schemas';

interface ImagePickerProps {
  control: Control<MenuItemFormInput, unknown, MenuItemFormValues>;
  /** Checks the chosen file at once (size and type are known before submit); true when it passes. */
  validate: () => Promise<boolean>;
  label: string;
  hint: string;
  error?: string;
  /** The item's picture now, shown until a valid new one is chosen. */
  current?: string;
}

/**
 * The form's picture field with a preview beside it. To clear the choice (after a save), give it
 * a new `key`: a file input cannot be emptied through React state, a fresh one is empty.
 */
export function ImagePicker({ control, validate, label, hint, error, current }: ImagePickerProps) {
  const [preview, setPreview] = useState<string>();

  // The preview's memory is released when it is replaced and when the picker goes.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  return (
    <div className="grid items-start gap-6 md:grid-cols-[1fr_auto]">
      <Field id="image" label={label} hint={hint} error={error}>
        {(described) => (
          <Controller
            name="image"
            control={control}
            render={({ field }) => (
              <input
                {...described}
                type="file"
                accept={IMAGE_ACCEPT}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  field.onChange(file);
                  const valid = await validate();
                  setPreview(valid && file ? URL.createObjectURL(file) : undefined);
                }}
                className="mt-1 block w-full text-sm file:mr-4 file:rounded file:border-0 file:bg-ink file:px-4 file:py-3 file:font-semibold file:text-white hover:file:bg-gold"
              />
            )}
          />
        )}
      </Field>
      {preview || current ? (
        // eslint-disable-next-line @next/next/no-img-element -- an upload preview (blob: URL) or an item's picture
        <img
          src={preview ?? current}
          alt={preview ? 'Preview of the chosen picture' : 'Current picture'}
          width={160}
          height={120}
          className="h-30 w-40 rounded border border-gray-200 bg-cream object-cover"
        />
      ) : null}
    </div>
  );
}
