import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { HeroBanner } from '@/components/ui/hero-banner';
import { DishCard } from '@/components/menu/dish-card';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';
import { MenuFilters } from '@/components/menu/menu-filters';
import { getMenuByCategory } from '@/lib/menu/queries';
import { sectionSchedules } from '@/lib/menu/live';
import { OrderTimeChooser } from '@/components/menu/order-time-chooser';
import { ORDER_CATEGORIES } from '@/lib/menu/types';
import { ORDER_PAGE_SIZE, isOrderCategory, orderHref, pageCount, parsePage } from '@/lib/menu/pagination';
import { menuPageJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/components/ui/json-ld';
import { OrderingStatusLine } from '@/components/settings/ordering-status-line';
import { clockNow } from '@/lib/settings/clock';
import { publicSettings } from '@/lib/settings/public';
import { orderingStatus } from '@/lib/settings/status';

interface Params {
  category: string;
  page?: string[];
}

export const revalidate = 300;

export async function generateStaticParams(): Promise<Params[]> {
  const menu = await getMenuByCategory();
  return ORDER_CATEGORIES.flatMap((category) => {
    const pages = pageCount(menu[category].length);
    return [{ category, page: [] }, ...Array.from({ length: pages - 1 }, (_, i) => ({ category, page: [String(i + 2)] }))];
  });
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { category, page } = await params;
  if (!isOrderCategory(category)) return { title: 'Order Food' };
  const n = page?.[0] ?? '1';
  const canonical = n === '1' ? `/order/${category}` : `/order/${category}/${n}`;
  return {
    title: 'Order Food',
    description: `Order ${category} online from our kitchen: prices, ingredients and same-day pickup.`,
    alternates: { canonical },
    openGraph: { title: 'Order Food', url: canonical, images: ['/images/banners/order.svg'] },
  };
}

const tabLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

export default async function OrderPage({ params }: { params: Promise<Params> }) {
  const { category, page: segments } = await params;
  if (!isOrderCategory(category)) notFound();
  const [menu, { versioned, ordering }, scheduled] = await Promise.all([getMenuByCategory(), publicSettings(), sectionSchedules()]);
  const items = menu[category];
  const page = parsePage(segments, items.length);
  if (page === null) notFound();
  const pages = pageCount(items.length);
  const onPage = (index: number) => index >= (page - 1) * ORDER_PAGE_SIZE && index < page * ORDER_PAGE_SIZE;

  return (
    <>
      {/* Every dish of the category is in the page (the others hidden), so all of them are its data. */}
      <JsonLd data={menuPageJsonLd(versioned.settings.restaurant.name, [{ name: tabLabel(category), items, schedule: scheduled[category] }])} />
      <HeroBanner level="h1" id="order-hero" image="/images/banners/order.svg" title="Order Food" text="Would you like to try a dish?" />
      <OrderingStatusLine initial={orderingStatus({ settings: versioned.settings, state: ordering, kitchenAway: false }, clockNow())} />
      <OrderTimeChooser category={category} label={tabLabel(category)} />
      <div className="mx-auto max-w-screen-xl px-4 py-12">
        <nav aria-label="Categories" className="mb-10 flex justify-center">
          <ul className="flex flex-wrap justify-center gap-2 md:gap-6">
            {ORDER_CATEGORIES.map((c) => (
              <li key={c}>
                <Link
                  href={orderHref(c)}
                  aria-current={c === category ? 'page' : undefined}
                  className={`block border-b-4 px-3 py-2 font-semibold uppercase ${
                    c === category ? 'border-gold text-gold' : 'border-transparent hover:text-gold'
                  }`}
                >
                  {tabLabel(c)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {/*
          Every dish of the category is in the page, those of other pages hidden (globals.css): a
          search or filter finds matches across the whole category while each page stays static,
          and without one, or without JavaScript, the page shows its own six and links the others.
        */}
        <div id="order-dishes">
          <MenuFilters target="order-dishes" where={`in ${tabLabel(category)}`} />
          <section aria-labelledby="order-results">
            <h2 id="order-results" className="sr-only">
              {tabLabel(category)}, page {page} of {pages}
            </h2>
            {items.length ? (
              <div className="grid gap-8 md:grid-cols-3">
                {items.map((item, index) => (
                  <DishCard key={item._id} item={item} offPage={!onPage(index)} action={<AddToCartButton item={item} />} />
                ))}
              </div>
            ) : (
              <p className="py-16 text-center text-gray-500">Nothing in this category yet. Try another tab.</p>
            )}
          </section>

          {pages > 1 ? (
            <nav aria-label="Pages" data-hide-when-filtering className="mt-10 flex justify-center">
              <ul className="flex gap-2">
                {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                  <li key={n}>
                    <Link
                      href={orderHref(category, n)}
                      aria-label={`Page ${n}`}
                      aria-current={n === page ? 'page' : undefined}
                      className={`grid h-11 w-11 place-items-center rounded-full font-semibold ${
                        n === page ? 'bg-gold text-white' : 'bg-gray-200 hover:bg-gray-300'
                      }`}
                    >
                      {n}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </>
  );
}
