import { DIET_LABELS, containsLine, dietsOf } from '@/lib/menu/allergens';
import type { MenuItem } from '@/lib/menu/types';

type Facts = Pick<MenuItem, 'allergens' | 'dietary' | 'available'>;

/** Vegetarian / Vegan badges, and "Sold out" while the kitchen has run out. */
export function DishBadges({ item, className = '' }: { item: Facts; className?: string }) {
  const diets = dietsOf(item);
  if (!diets.length && item.available) return null;
  return (
    <ul className={`flex flex-wrap gap-2 text-xs font-semibold ${className}`}>
      {item.available ? null : <li className="rounded-full bg-red-700 px-2 py-0.5 text-white">Sold out</li>}
      {diets.map((diet) => (
        <li key={diet} className="rounded-full bg-green-100 px-2 py-0.5 text-green-900">
          {DIET_LABELS[diet]}
        </li>
      ))}
    </ul>
  );
}

/** "Contains: gluten, milk", as the law asks it be shown before the diner buys. */
export function ContainsLine({ item, className = '' }: { item: Facts; className?: string }) {
  const line = containsLine(item);
  return line ? <p className={`text-xs text-gray-700 ${className}`}>{line}</p> : null;
}
