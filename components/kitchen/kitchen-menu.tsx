'use client';

import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { ApiError, api } from '@/lib/client/api';
import { FEW_LEFT, instantPhrase, untilPhrase } from '@/lib/menu/availability';
import { MAX_OFF_HOURS, stockCountSchema, type KitchenMenuAction } from '@/lib/menu/schemas';
import { MAX_STOCK, type KitchenMenuEntry, type KitchenMenuState } from '@/lib/menu/types';
import { KitchenAlert } from './kitchen-alert';
import { useClock } from './use-clock';

/** GET and POST /api/menu/kitchen. */
export const KITCHEN_MENU_KEY = '/api/menu/kitchen';

/** How long the next 86 lasts, chosen once for the taps that follow. */
type Length = { for: 'close' } | { for: 'hours'; hours: number } | { for: 'manual' };

const HOUR_CHOICES = Array.from({ length: MAX_OFF_HOURS }, (_, i) => i + 1);

const BUTTON = 'min-h-12 rounded border-2 border-ink bg-white px-4 font-semibold hover:bg-cream disabled:opacity-50';
const OFF_BUTTON = 'min-h-12 rounded bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:opacity-50';
const ON_BUTTON = 'min-h-12 rounded bg-ink px-4 font-semibold text-white hover:bg-gold disabled:opacity-50';

const lengthWords = (length: Length) =>
  length.for === 'close' ? 'until close' : length.for === 'hours' ? `for ${length.hours} ${length.hours === 1 ? 'hour' : 'hours'}` : 'until turned back on';

/** 'Off until 22:00 · Ana at 18:02', in the restaurant's time zone. */
function offText(off: NonNullable<KitchenMenuEntry['off']>, timeZone: string, now: Date): string {
  const until = off.until ? `until ${untilPhrase(off.until, timeZone, now)}` : 'until turned back on';
  const why = off.for === 'close' ? ' (back at the next opening)' : '';
  return `Off ${until}${why} · ${off.by} ${instantPhrase(off.at, timeZone, now)}`;
}

function countText(stock: NonNullable<KitchenMenuEntry['stock']>): string {
  const rule = stock.per === 'day' ? `of ${stock.count} a day` : 'until changed';
  return stock.left === 0 ? `Sold out (0 left ${rule})` : `${stock.left} left ${rule}`;
}

const target = (entry: KitchenMenuEntry) => ({
  menuId: entry.menuId,
  ...(entry.option ? { option: entry.option } : {}),
});

/** The dishes in the kitchen's order, each with its options. */
function byDish(entries: readonly KitchenMenuEntry[]): { dish: KitchenMenuEntry; options: KitchenMenuEntry[] }[] {
  const dishes = new Map<string, { dish: KitchenMenuEntry; options: KitchenMenuEntry[] }>();
  for (const entry of entries) {
    if (!entry.option) dishes.set(entry.menuId, { dish: entry, options: [] });
    else dishes.get(entry.menuId)?.options.push(entry);
  }
  return [...dishes.values()];
}

const marked = (entry: KitchenMenuEntry) => Boolean(entry.off || entry.stock);

/**
 * The kitchen's hold on the menu: each dish and option, its 86 (who, until when) and its count
 * left today. One tap 86s a dish or an option for the length chosen above the list (until close,
 * for some hours, until turned back on) or turns it back on; a counted one takes what is left.
 * Every change answers the list as it is after, so two screens agree at the next refresh.
 */
export function KitchenMenu({ initial, timeZone, serverNow }: { initial: KitchenMenuState; timeZone: string; serverNow: number }) {
  const { data = initial, mutate } = useSWR<KitchenMenuState>(KITCHEN_MENU_KEY, { fallbackData: initial, refreshInterval: 30_000 });
  const [length, setLength] = useState<Length>({ for: 'close' });
  const [hours, setHours] = useState(2);
  const [search, setSearch] = useState('');
  const [onlyMarked, setOnlyMarked] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState('');
  // Open at first while something is 86'd; then as the cook leaves it (it never shuts under a finger).
  const [open, setOpen] = useState(() => initial.entries.some((entry) => entry.off));
  const ids = useId();
  const now = new Date(useClock(serverNow, 60_000));

  async function act(entry: KitchenMenuEntry, action: KitchenMenuAction) {
    setSending(entry.key);
    setError('');
    try {
      await mutate(
        await api<KitchenMenuState>(KITCHEN_MENU_KEY, {
          method: 'POST',
          json: action,
        }),
        { revalidate: false },
      );
    } catch (err) {
      setError(`${entry.name}: ${err instanceof ApiError ? err.message : 'that did not reach the server. Check the connection and try again.'}`);
      await mutate();
    } finally {
      setSending(null);
    }
  }

  const off = (entry: KitchenMenuEntry) =>
    void act(entry, {
      action: 'off',
      ...target(entry),
      ...(length.for === 'hours' ? { for: 'hours', hours: length.hours } : { for: length.for }),
    });
  const on = (entry: KitchenMenuEntry) => void act(entry, { action: 'on', ...target(entry) });
  const count = (entry: KitchenMenuEntry, left: number) => void act(entry, { action: 'count', ...target(entry), left });

  const query = search.trim().toLowerCase();
  const matches = (entry: KitchenMenuEntry) => (!query || entry.name.toLowerCase().includes(query)) && (!onlyMarked || marked(entry));
  const groups = byDish(data.entries)
    .map(({ dish, options }) => ({
      dish,
      options: matches(dish) && !onlyMarked ? options : options.filter(matches),
      shown: matches(dish),
    }))
    .filter(({ shown, options }) => shown || options.length);
  const offCount = data.entries.filter((entry) => entry.off).length;
  const lowCount = data.entries.filter((entry) => entry.stock && entry.stock.left <= FEW_LEFT).length;

  const rowProps = {
    timeZone,
    now,
    length,
    sending,
    onOff: off,
    onOn: on,
    onCount: count,
  };

  return (
    <details className="rounded-lg bg-white shadow-sm" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="flex min-h-12 cursor-pointer flex-wrap items-center justify-between gap-2 p-4 font-display text-xl uppercase">
        <span>Dishes: 86 and counts</span>
        <span className="font-sans text-base normal-case">
          {offCount} off · {lowCount} low or sold out
        </span>
      </summary>
      <div className="space-y-4 border-t border-gray-200 p-4">
        <div className="flex flex-wrap items-end gap-4">
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <legend className="mb-1 font-semibold">An 86 lasts</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${ids}-length`} checked={length.for === 'close'} onChange={() => setLength({ for: 'close' })} className="size-5" />
              Until close
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${ids}-length`} checked={length.for === 'hours'} onChange={() => setLength({ for: 'hours', hours })} className="size-5" />
              For
            </label>
            <select
              aria-label="Hours"
              value={hours}
              onChange={(e) => {
                const value = Number(e.target.value);
                setHours(value);
                setLength({ for: 'hours', hours: value });
              }}
              className="min-h-11 rounded border border-gray-300 bg-white px-2"
            >
              {HOUR_CHOICES.map((h) => (
                <option key={h} value={h}>
                  {h} {h === 1 ? 'hour' : 'hours'}
                </option>
              ))}
            </select>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${ids}-length`} checked={length.for === 'manual'} onChange={() => setLength({ for: 'manual' })} className="size-5" />
              Until turned back on
            </label>
          </fieldset>
          <label className="grow">
            <span className="block text-sm font-semibold">Find a dish or option</span>
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="mt-1 min-h-11 w-full rounded border border-gray-300 px-3" />
          </label>
          <button type="button" aria-pressed={onlyMarked} onClick={() => setOnlyMarked(!onlyMarked)} className={BUTTON}>
            Only off or counted
          </button>
        </div>
        <KitchenAlert message={error} onDismiss={() => setError('')} />
        {groups.length ? (
          <ul className="divide-y divide-gray-200">
            {groups.map(({ dish, options, shown }) => (
              <li key={dish.key} className="py-2">
                {shown ? <KitchenMenuRow entry={dish} {...rowProps} /> : <p className="font-semibold">{dish.name}</p>}
                {options.length ? (
                  <ul aria-label={`Options of ${dish.name}`} className="ml-4 border-l-2 border-gray-200 pl-3">
                    {options.map((option) => (
                      <li key={option.key}>
                        <KitchenMenuRow entry={option} {...rowProps} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p role="status" className="py-6 text-center text-gray-600">
            {data.entries.length ? 'Nothing matches.' : 'The menu has no dishes yet.'}
          </p>
        )}
      </div>
    </details>
  );
}

interface RowProps {
  entry: KitchenMenuEntry;
  timeZone: string;
  now: Date;
  length: Length;
  sending: string | null;
  onOff: (entry: KitchenMenuEntry) => void;
  onOn: (entry: KitchenMenuEntry) => void;
  onCount: (entry: KitchenMenuEntry, left: number) => void;
}

function KitchenMenuRow({ entry, timeZone, now, length, sending, onOff, onOn, onCount }: RowProps) {
  const [countError, setCountError] = useState('');
  const id = useId();
  const busy = sending === entry.key;
  const label = entry.option ? `${entry.option.choice} (${entry.option.group})` : entry.name;

  function submitCount(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get('left');
    const parsed = stockCountSchema.safeParse(raw === '' || raw === null ? Number.NaN : Number(raw));
    if (!parsed.success) return setCountError(parsed.error.issues[0]!.message);
    setCountError('');
    onCount(entry, parsed.data);
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2" aria-busy={busy}>
      <div className="min-w-40 grow">
        <p className={entry.option ? '' : 'text-lg font-semibold'}>{label}</p>
        <p className={entry.off || entry.stock?.left === 0 ? 'text-sm font-semibold text-red-800' : 'text-sm text-gray-700'}>
          {entry.off ? offText(entry.off, timeZone, now) : 'On'}
          {entry.stock ? ` · ${countText(entry.stock)}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        {entry.stock ? (
          <form onSubmit={submitCount} noValidate className="flex items-start gap-2">
            <div>
              <label htmlFor={`${id}-left`} className="sr-only">
                Portions of {entry.name} left
              </label>
              <input
                key={entry.stock.left}
                id={`${id}-left`}
                name="left"
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_STOCK}
                step={1}
                defaultValue={entry.stock.left}
                aria-invalid={Boolean(countError)}
                aria-describedby={countError ? `${id}-error` : undefined}
                className="min-h-12 w-24 rounded border border-gray-300 px-2 text-lg tabular-nums aria-invalid:border-red-600"
              />
              {countError ? (
                <p id={`${id}-error`} className="mt-1 max-w-48 text-sm text-red-700">
                  {countError}
                </p>
              ) : null}
            </div>
            <button type="submit" disabled={busy} className={BUTTON}>
              Set left<span className="sr-only"> of {entry.name}</span>
            </button>
          </form>
        ) : null}
        {entry.off ? (
          <button type="button" disabled={busy} onClick={() => onOn(entry)} className={ON_BUTTON}>
            {busy ? 'Saving…' : 'Turn back on'}
            <span className="sr-only"> ({entry.name})</span>
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => onOff(entry)} className={OFF_BUTTON}>
            {busy ? 'Saving…' : `86 ${lengthWords(length)}`}
            <span className="sr-only"> ({entry.name})</span>
          </button>
        )}
      </div>
    </div>
  );
}
