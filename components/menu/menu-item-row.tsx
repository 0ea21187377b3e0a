import type { MenuItem } from '@/lib/menu/types';
import { dishAttributes } from '@/lib/menu/filters';
import { formatPrice } from '@/lib/menu/money';
import { ContainsLine, DishBadges } from './dish-facts';
import { DishAvailabilityNote } from './dish-availability';

/** One line of the menu list: picture, name, badges, recipe, allergens and price. */
export function MenuItemRow({ item }: { item: MenuItem }) {
  return (
    <li {...dishAttributes(item)} className="flex gap-4">
      {/* eslint-disable-next-line @next/next/no-img-element -- local SVG artwork */}
      <img
        src={item.image}
        alt=""
        width={104}
        height={88}
        loading="lazy"
        className="h-[88px] w-[104px] shrink-0 rounded-tr-[200px] rounded-br-[200px] rounded-bl-[200px] bg-cream object-cover"
      />
      <div className="min-w-0 flex-1">
        <h3 className="font-display text-lg uppercase">
          {item.name}
          <span aria-hidden="true">----------</span>
        </h3>
        <DishBadges item={item} className="my-1" />
        <p className="text-sm text-gray-600">{item.recipe}</p>
        <ContainsLine item={item} className="mt-1" />
      </div>
      <div className="shrink-0 text-right">
        <p className="font-semibold text-gold">{formatPrice(item.price)}</p>
        <DishAvailabilityNote menuId={item._id} className="mt-1 max-w-32" />
      </div>
    </li>
  );
}

export function MenuList({ items }: { items: MenuItem[] }) {
  if (items.length === 0) return <p className="py-8 text-center text-gray-500">Nothing on this part of the menu yet.</p>;
  return (
    <ul className="grid gap-10 md:grid-cols-2">
      {items.map((item) => (
        <MenuItemRow key={item._id} item={item} />
      ))}
    </ul>
  );
}
