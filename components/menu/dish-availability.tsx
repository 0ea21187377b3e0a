'use client';

import { useMenuMoment } from './menu-moment';

/**
 * What a diner should know of a dish at the time they are ordering for ('Only 3 left', 'Sold
 * out', 'From tomorrow at 07:00'), read once the page runs; nothing while there is nothing to say.
 */
export function DishAvailabilityNote({ menuId, className = '' }: { menuId: string; className?: string }) {
  const moment = useMenuMoment();
  const line = moment && moment.rule.verdictLine(moment.rule.dishVerdict(moment.state, menuId, moment.at), moment.state.timeZone, moment.now);
  return line ? <span className={`block text-sm font-semibold text-amber-900 ${className}`}>{line}</span> : null;
}
