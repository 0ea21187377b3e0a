'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/field';
import { ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import type { AddedToCart } from '@/lib/cart/types';
import { formatCents, formatPrice } from '@/lib/menu/money';
import { MAX_NOTE, MAX_QUANTITY, priceSelection } from '@/lib/menu/pricing';
import type { MenuItem, OptionGroup, SelectedOption } from '@/lib/menu/types';
import { useMenuMoment } from '@/components/menu/menu-moment';
import { useAddToCart } from './use-add-to-cart';

/** What the dialog needs of a dish. */
export type DishToOrder = Pick<MenuItem, '_id' | 'name' | 'price' | 'available' | 'options'>;

interface OptionsDialogProps {
  item: DishToOrder;
  /** Choosing a cart line again: its choices (those the dish still has), quantity and note. */
  start?: { options: SelectedOption[]; quantity: number; note?: string };
  /** Runs once the line is in the cart, before the dialog closes. */
  onAdded?: (added: AddedToCart) => Promise<void> | void;
  onClose: () => void;
}

/** Each group's choices to start from: the line's own, else the first that can be had of every group that needs exactly one. */
function startingChoices(options: OptionGroup[], start: SelectedOption[] | undefined, available: (group: string, choice: string) => boolean): Record<string, string[]> {
  const chosen: Record<string, string[]> = {};
  for (const group of options) {
    const names = group.choices.map((c) => c.name).filter((name) => start || available(group.name, name));
    const kept = start?.find((s) => s.group === group.name)?.choices.filter((c) => names.includes(c)) ?? [];
    chosen[group.name] = start ? kept.slice(0, group.max) : group.min === 1 && group.max === 1 ? names.slice(0, 1) : [];
  }
  return chosen;
}

function ruleOf(group: OptionGroup): string {
  if (group.min === 0) return group.max === 1 ? 'Optional' : `Optional, up to ${group.max}`;
  if (group.min === group.max) return group.min === 1 ? 'Required' : `Required, choose ${group.min}`;
  return `Required, choose ${group.min} to ${group.max}`;
}

const CHOICE = 'flex cursor-pointer items-center gap-3 rounded px-2 py-1.5 hover:bg-cream has-disabled:cursor-not-allowed has-disabled:opacity-50';

interface GroupFieldProps {
  group: OptionGroup;
  name: string;
  chosen: string[];
  onChange(next: string[]): void;
  /** Why a choice cannot be had at the time the diner is ordering for ('Sold out', 'From 18:00'), or null. */
  unavailable(choice: string): string | null;
}

function GroupField({ group, name, chosen, onChange, unavailable }: GroupFieldProps) {
  const single = group.max === 1;
  return (
    <fieldset className="rounded border border-gray-200 px-4 py-3">
      <legend className="px-1 font-semibold">
        {group.name} <span className="text-sm font-normal text-gray-600">({ruleOf(group)})</span>
      </legend>
      {single && group.min === 0 ? (
        <label className={CHOICE}>
          <input type="radio" name={name} checked={chosen.length === 0} onChange={() => onChange([])} className="h-4 w-4 accent-gold" />
          None
        </label>
      ) : null}
      {group.choices.map((choice) => {
        const checked = chosen.includes(choice.name);
        const toggle = () => onChange(single ? [choice.name] : checked ? chosen.filter((c) => c !== choice.name) : [...chosen, choice.name]);
        const why = unavailable(choice.name);
        return (
          <label key={choice.name} className={CHOICE}>
            <input
              type={single ? 'radio' : 'checkbox'}
              name={name}
              checked={checked}
              disabled={(Boolean(why) && !checked) || (!single && !checked && chosen.length >= group.max)}
              onChange={toggle}
              className="h-4 w-4 accent-gold"
            />
            <span className="flex-1">
              {choice.name}
              {why ? <span className="ml-2 text-sm text-amber-900">({why})</span> : null}
            </span>
            {choice.price > 0 ? <span className="text-sm text-gray-600 tabular-nums">+{formatPrice(choice.price)}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * The options dialog: a native modal <dialog> (focus stays inside, Escape closes), one labelled
 * group of radios or checkboxes per option group, the quantity and a note, and the price as
 * chosen, worked out by the same function the server charges with and announced as it changes.
 */
export default function OptionsDialog({ item, start, onAdded, onClose }: OptionsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { add } = useAddToCart();
  const moment = useMenuMoment();
  const unavailable = (group: string, choice: string) => {
    if (!moment) return null;
    const { rule, state, at, now } = moment;
    const verdict = rule.choiceVerdict(state, item._id, group, choice, at);
    return verdict.ok ? null : rule.verdictLine(verdict, state.timeZone, now);
  };
  const [chosen, setChosen] = useState(() => startingChoices(item.options, start?.options, (group, choice) => !unavailable(group, choice)));
  const [quantity, setQuantity] = useState(String(start?.quantity ?? 1));
  const [note, setNote] = useState(start?.note ?? '');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  const selection = item.options.map((group) => ({ group: group.name, choices: chosen[group.name] ?? [] }));
  const priced = priceSelection(item, selection, Number(quantity));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!priced.ok) {
      setFailure(priced.error);
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      const added = await add({ menuId: item._id, quantity: Number(quantity), options: priced.options, note: note.trim() || undefined });
      await onAdded?.(added);
      dialog.current?.close();
      void notify.toast(`${item.name} added to your cart`);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Could not add the dish. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg p-0 text-left shadow-xl backdrop:bg-black/60"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5 p-6">
        <div>
          <h2 id={`${id}-title`} className="text-2xl font-semibold">
            {item.name}
          </h2>
          <p className="text-sm text-gray-600">{formatPrice(item.price)} before options</p>
        </div>

        {item.options.map((group, index) => (
          <GroupField
            key={group.name}
            group={group}
            name={`${id}-group-${index}`}
            chosen={chosen[group.name] ?? []}
            onChange={(next) => setChosen((current) => ({ ...current, [group.name]: next }))}
            unavailable={(choice) => unavailable(group.name, choice)}
          />
        ))}

        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <label className="block text-sm font-semibold">
            Quantity
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUANTITY}
              step={1}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              className="mt-1 w-full rounded border border-gray-300 px-3 py-2 font-normal"
            />
          </label>
          <label className="block text-sm font-semibold">
            Note for the kitchen (optional)
            <input
              type="text"
              maxLength={MAX_NOTE}
              value={note}
              // One line of plain text: a pasted tab or other control character becomes a space.
              onChange={(event) => setNote(event.target.value.replace(/\p{Cc}/gu, ' '))}
              placeholder="No onions, please"
              className="mt-1 w-full rounded border border-gray-300 px-3 py-2 font-normal"
            />
          </label>
        </div>

        <p aria-live="polite" className="text-lg font-semibold">
          {priced.ok ? (
            <>
              Total {formatCents(priced.lineCents)}
              {Number(quantity) > 1 ? <span className="text-sm font-normal text-gray-600"> ({formatCents(priced.unitCents)} each)</span> : null}
            </>
          ) : (
            <span className="text-base text-red-700">{priced.error}</span>
          )}
        </p>
        <FormError message={failure} />

        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={() => dialog.current?.close()} className="rounded border border-gray-300 px-5 py-2 font-semibold hover:bg-cream">
            Cancel
          </button>
          <button type="submit" disabled={busy} className="rounded bg-gold px-5 py-2 font-semibold text-white hover:bg-gold-dark disabled:cursor-wait disabled:opacity-60">
            {busy ? 'Adding…' : 'Add to cart'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
