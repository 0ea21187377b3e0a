import { createHash } from 'node:crypto';
import { dietsOf } from '../menu/allergens.ts';
import { toCents } from '../menu/money.ts';
import type { MenuItem } from '../menu/types.ts';

/**
 * A cart line's fingerprints. Relative imports: data migrations (lib/db/migrations) use them too,
 * outside Next.js.
 */

export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 24);
}

/**
 * The dish as a diner agrees to buy it: its price, its options and what it contains. Any change
 * to these makes the lines added before stale; its name, recipe or picture do not.
 */
export function itemKeyOf(item: Pick<MenuItem, 'price' | 'options' | 'allergens' | 'dietary'>): string {
  const options = item.options.map((g) => [g.name, g.min, g.max, g.choices.map((c) => [c.name, toCents(c.price)])]);
  return fingerprint([toCents(item.price), options, [...item.allergens].sort(), dietsOf(item)]);
}
