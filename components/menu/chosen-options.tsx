import { describeSelection } from '@/lib/menu/pricing';
import type { SelectedOption } from '@/lib/menu/types';

/** What a diner chose for a dish, and their note, under its name: in the cart, the history and the orders. */
export function ChosenOptions({ options = [], note }: { options?: SelectedOption[]; note?: string }) {
  const chosen = describeSelection(options);
  return (
    <>
      {chosen ? <span className="block text-xs text-gray-600">{chosen}</span> : null}
      {note ? <span className="block text-xs text-gray-600 italic">Note: “{note}”</span> : null}
    </>
  );
}
