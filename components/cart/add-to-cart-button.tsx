'use client';

import { useRef, useState, type ComponentType, type ComponentProps } from 'react';
import { ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { useMenuMoment } from '@/components/menu/menu-moment';
import type { default as OptionsDialogType, DishToOrder } from './options-dialog';
import { useAddToCart } from './use-add-to-cart';

// Downloaded when a diner first reaches for a dish with options, not with the page (and without
// next/dynamic, whose loader would itself be first-load JavaScript on every order page).
const loadDialog = () => import('./options-dialog');
type Dialog = ComponentType<ComponentProps<typeof OptionsDialogType>>;

const BUTTON =
  'rounded-lg border-b-4 border-gold bg-gray-100 px-6 py-3 font-semibold text-gold uppercase transition hover:border-ink hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Adds a dish to the signed-in diner's cart: at once when it has no options, through the options
 * dialog when it has. Above it, what the diner should know at the time they are ordering for
 * ('Only 3 left', 'From tomorrow at 07:00'; a line kept free, so nothing moves when it comes); a
 * dish sold out, 86'd or not served then shows a disabled button that says so. The visible words
 * begin the accessible name; the dish's name follows for screen readers.
 */
export function AddToCartButton({ item }: { item: DishToOrder }) {
  const moment = useMenuMoment();
  const verdict = moment?.rule.dishVerdict(moment.state, item._id, moment.at);
  const note = moment && verdict ? moment.rule.verdictLine(verdict, moment.state.timeZone, moment.now) : null;
  const refused = !item.available ? 'Sold out' : verdict?.ok === false ? (verdict.why === 'schedule' ? 'Not served then' : 'Sold out') : null;
  return (
    <div className="flex flex-col items-center gap-1">
      <p className="min-h-5 text-sm font-semibold text-amber-900">{item.available && note !== refused ? note : null}</p>
      {refused ? (
        <button type="button" disabled className={BUTTON}>
          {refused}
          <span className="sr-only"> {item.name}</span>
        </button>
      ) : (
        <AddButton item={item} />
      )}
    </div>
  );
}

function AddButton({ item }: { item: DishToOrder }) {
  const { signedIn, add } = useAddToCart();
  const [busy, setBusy] = useState(false);
  const [Choosing, setChoosing] = useState<Dialog | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hasOptions = item.options.length > 0;

  async function onClick() {
    if (!(await signedIn())) return;
    if (hasOptions) {
      setBusy(true);
      try {
        const { default: OptionsDialog } = await loadDialog();
        setChoosing(() => OptionsDialog);
      } catch {
        void notify.error('Could not open the choices. Please check your connection and try again.');
      } finally {
        setBusy(false);
      }
      return;
    }
    setBusy(true);
    try {
      await add({ menuId: item._id });
      void notify.toast(`${item.name} added to your cart`);
    } catch (err) {
      void notify.error(err instanceof ApiError ? err.message : 'Could not add the item. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const prefetch = hasOptions ? () => void loadDialog() : undefined;
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={onClick}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        disabled={busy}
        aria-haspopup={hasOptions ? 'dialog' : undefined}
        className={BUTTON}
      >
        {busy && !hasOptions ? 'Adding…' : 'Add To Cart'}
        <span className="sr-only"> {item.name}</span>
      </button>
      {Choosing ? (
        <Choosing
          item={item}
          onClose={() => {
            setChoosing(null);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
