'use client';

import { useFieldArray, useFormContext, type FieldErrors } from 'react-hook-form';
import { Field, INPUT, MONEY_INPUT } from '@/components/ui/field';
import { MAX_CHOICES, MAX_CHOICE_PRICE, MAX_OPTION_GROUPS, type MenuItemFormInput, type MenuItemFormValues } from '@/lib/menu/schemas';

type FormErrors = FieldErrors<MenuItemFormInput>;

const SMALL_BUTTON = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-cream disabled:cursor-not-allowed disabled:opacity-40';

/** A list error that belongs to the list as a whole (react-hook-form puts it on `root`, zod on the list). */
function listError(error: { message?: string; root?: { message?: string } } | undefined): string | undefined {
  return error?.root?.message ?? error?.message;
}

/** Up, down and remove for one entry of a list, named after it for screen readers. */
function ListMoves({ index, count, what, move, remove }: { index: number; count: number; what: string; move(from: number, to: number): void; remove(index: number): void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={SMALL_BUTTON} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${what} up`}>
        ↑
      </button>
      <button type="button" className={SMALL_BUTTON} disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={`Move ${what} down`}>
        ↓
      </button>
      <button type="button" className={`${SMALL_BUTTON} text-red-700`} onClick={() => remove(index)} aria-label={`Remove ${what}`}>
        Remove
      </button>
    </div>
  );
}

function ChoicesEditor({ group, groupLabel, errors }: { group: number; groupLabel: string; errors: FormErrors }) {
  const { control, register } = useFormContext<MenuItemFormInput, unknown, MenuItemFormValues>();
  const { fields, append, move, remove } = useFieldArray({ control, name: `options.${group}.choices` });
  const groupErrors = errors.options?.[group];
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Choices of {groupLabel}</legend>
      {fields.map((field, index) => {
        const what = `choice ${index + 1} of ${groupLabel}`;
        const choiceErrors = groupErrors?.choices?.[index];
        return (
          <div key={field.id} className="grid items-start gap-3 rounded bg-cream p-3 md:grid-cols-[1fr_9rem_auto]">
            <Field id={`options-${group}-choice-${index}-name`} label={`Choice ${index + 1}`} error={choiceErrors?.name?.message}>
              {(described) => <input {...described} type="text" autoComplete="off" placeholder="Large" {...register(`options.${group}.choices.${index}.name`)} className={INPUT} />}
            </Field>
            <Field id={`options-${group}-choice-${index}-price`} label="Extra (USD)" error={choiceErrors?.price?.message}>
              {(described) => <input {...described} {...MONEY_INPUT} min="0" max={MAX_CHOICE_PRICE} {...register(`options.${group}.choices.${index}.price`, { valueAsNumber: true })} />}
            </Field>
            <div className="md:pt-7">
              <ListMoves index={index} count={fields.length} what={what} move={move} remove={remove} />
            </div>
          </div>
        );
      })}
      {listError(groupErrors?.choices) ? <p className="text-sm text-red-600">{listError(groupErrors?.choices)}</p> : null}
      <button type="button" className={SMALL_BUTTON} disabled={fields.length >= MAX_CHOICES} onClick={() => append({ name: '', price: 0 })}>
        Add a choice to {groupLabel}
      </button>
    </fieldset>
  );
}

/**
 * The dish's option groups (Size, Extra toppings…): add, remove and reorder groups and their
 * choices. Checked with the server's own schema, so a message here is the one the API would give.
 */
export function OptionGroupsEditor() {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<MenuItemFormInput, unknown, MenuItemFormValues>();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'options' });

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold">Options</legend>
      <p className="text-xs text-gray-500">
        Choices a diner makes, each with what it adds to the price. A group with at least 1 choice required must be chosen; most choices caps it.
      </p>
      {fields.map((field, index) => {
        const label = watch(`options.${index}.name`)?.trim() || `group ${index + 1}`;
        const groupErrors = errors.options?.[index];
        return (
          <section key={field.id} aria-label={`Option group ${index + 1}`} className="space-y-4 rounded border border-gray-200 p-4">
            <div className="grid items-start gap-4 md:grid-cols-[1fr_8rem_8rem]">
              <Field id={`options-${index}-name`} label={`Group ${index + 1} name`} error={groupErrors?.name?.message}>
                {(described) => <input {...described} type="text" autoComplete="off" placeholder="Size" {...register(`options.${index}.name`)} className={INPUT} />}
              </Field>
              <Field id={`options-${index}-min`} label="Least choices" error={groupErrors?.min?.message}>
                {(described) => <input {...described} type="number" inputMode="numeric" min="0" step="1" {...register(`options.${index}.min`, { valueAsNumber: true })} className={INPUT} />}
              </Field>
              <Field id={`options-${index}-max`} label="Most choices" error={groupErrors?.max?.message}>
                {(described) => <input {...described} type="number" inputMode="numeric" min="1" step="1" {...register(`options.${index}.max`, { valueAsNumber: true })} className={INPUT} />}
              </Field>
            </div>
            <ChoicesEditor group={index} groupLabel={label} errors={errors} />
            <ListMoves index={index} count={fields.length} what={`group ${label}`} move={move} remove={remove} />
          </section>
        );
      })}
      {listError(errors.options) ? (
        <p role="alert" className="text-sm text-red-600">
          {listError(errors.options)}
        </p>
      ) : null}
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={fields.length >= MAX_OPTION_GROUPS}
        onClick={() => append({ name: '', min: 0, max: 1, choices: [{ name: '', price: 0 }] })}
      >
        Add an option group
      </button>
    </fieldset>
  );
}
