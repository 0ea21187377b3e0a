import type { ReactNode } from 'react';
import type { MenuItem } from '@/lib/menu/types';
import { formatPrice } from '@/lib/menu/money';

/** A food card: picture with the price on it, name, recipe, and an action (Add To Cart). */
export function DishCard({ item, action, showPrice = true }: { item: MenuItem; action?: ReactNode; showPrice?: boolean }) {
  return (
    <article className="flex flex-col overflow-hidden bg-cream shadow-sm">
      <div className="relative">
        {/* eslint-disable-next-line @next/next/no-img-element -- local SVG artwork */}
        <img src={item.image} alt="" loading="lazy" width={320} height={240} className="h-60 w-full object-cover" />
        {showPrice ? (
          <p className="absolute top-4 right-4 rounded bg-ink px-3 py-1 text-sm font-semibold text-white">{formatPrice(item.price)}</p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col items-center gap-3 px-6 py-6 text-center">
        <h3 className="text-xl font-semibold">{item.name}</h3>
        <p className="flex-1 text-sm text-gray-600">{item.recipe}</p>
        {action}
      </div>
    </article>
  );
}
