import type { ReactNode } from 'react';
import type { MenuItem } from '@/lib/menu/types';
import { dishAttributes } from '@/lib/menu/filters';
import { formatPrice } from '@/lib/menu/money';
import { ContainsLine, DishBadges } from './dish-facts';

interface DishCardProps {
  item: MenuItem;
  /** What the diner can do with it (Add To Cart). */
  action?: ReactNode;
  showPrice?: boolean;
  /** On the category but not on this page: shown only while a filter or search looks across the category. */
  offPage?: boolean;
}

/** A food card: picture with the price on it, name, badges, recipe, allergens, and an action. */
export function DishCard({ item, action, showPrice = true, offPage }: DishCardProps) {
  return (
    <article {...dishAttributes(item)} data-off-page={offPage ? '' : undefined} className="flex flex-col overflow-hidden bg-cream shadow-sm">
      <div className="relative">
        {/* eslint-disable-next-line @next/next/no-img-element -- local SVG artwork */}
        <img src={item.image} alt="" loading="lazy" width={320} height={240} className={`h-60 w-full object-cover ${item.available ? '' : 'grayscale'}`} />
        {showPrice ? (
          <p className="absolute top-4 right-4 rounded bg-ink px-3 py-1 text-sm font-semibold text-white">{formatPrice(item.price)}</p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col items-center gap-3 px-6 py-6 text-center">
        <h3 className="text-xl font-semibold">{item.name}</h3>
        <DishBadges item={item} className="justify-center" />
        <p className="flex-1 text-sm text-gray-600">{item.recipe}</p>
        <ContainsLine item={item} />
        {action}
      </div>
    </article>
  );
}
