import type { Metadata } from 'next';
import Link from 'next/link';
import { HeroBanner } from '@/components/ui/hero-banner';
import { SectionTitle } from '@/components/ui/section-title';
import { MenuList } from '@/components/menu/menu-item-row';
import { MenuFilters } from '@/components/menu/menu-filters';
import { getMenuByCategory } from '@/lib/menu/queries';
import { sectionSchedules } from '@/lib/menu/live';
import { restaurantJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/components/ui/json-ld';
import { OrderingStatusLine } from '@/components/settings/ordering-status-line';
import { clockNow } from '@/lib/settings/clock';
import { publicSettings } from '@/lib/settings/public';
import { orderingStatus } from '@/lib/settings/status';
import type { OrderCategory } from '@/lib/menu/types';

export const metadata: Metadata = {
  title: 'Menu',
  description: "Today's offers, desserts, pizza, salads and soups: the full menu with prices.",
  alternates: { canonical: '/menu' },
  openGraph: { title: 'Menu', url: '/menu', images: ['/images/banners/menu.svg'] },
};

export const revalidate = 300;

const sections: { category: OrderCategory; title: string; text: string }[] = [
  { category: 'dessert', title: 'dessert', text: 'Tarts, cakes and ices made in our pastry kitchen every afternoon.' },
  { category: 'pizza', title: 'pizza', text: 'Slow-proved dough, San Marzano tomatoes and a very hot oven.' },
  { category: 'salad', title: 'salad', text: 'Leaves, grains and roasted vegetables from the morning market.' },
  { category: 'soup', title: 'soup', text: 'Simmered for hours, served with bread from the bakery next door.' },
];

function OrderNow({ category }: { category: OrderCategory }) {
  return (
    <div className="mt-10 text-center">
      <Link href={`/order/${category}`} className="inline-block rounded-lg border-b-4 border-ink px-6 py-3 font-semibold uppercase hover:bg-ink hover:text-white">
        Order Now
      </Link>
    </div>
  );
}

export default async function MenuPage() {
  const [menu, { versioned, ordering }, scheduled] = await Promise.all([getMenuByCategory(), publicSettings(), sectionSchedules()]);
  const now = clockNow();
  const jsonLd = restaurantJsonLd({
    settings: versioned.settings,
    now,
    menu: [
      { name: "Today's Offer", items: menu.offered, schedule: scheduled.offered },
      ...sections.map((s) => ({ name: s.title, items: menu[s.category], schedule: scheduled[s.category] })),
    ],
  });

  return (
    <>
      <JsonLd data={jsonLd} />
      <HeroBanner level="h1" id="menu-hero" image="/images/banners/menu.svg" title="Our menu" text="Would you like to try a dish?" />
      <OrderingStatusLine initial={orderingStatus({ settings: versioned.settings, state: ordering, kitchenAway: false }, now)} />

      <div id="menu-dishes">
        <div className="mx-auto max-w-screen-xl px-4 pt-12">
          <MenuFilters target="menu-dishes" where="on the menu" />
        </div>

        <section aria-labelledby="todays-offer" data-section="offered" data-dish-section className="mx-auto max-w-screen-xl px-4 py-8">
          <SectionTitle id="todays-offer" heading="Today's Offer" subHeading="Don't Miss" />
          <MenuList items={menu.offered} />
          <OrderNow category="salad" />
        </section>

        {sections.map((s) => (
          <section key={s.category} aria-labelledby={`menu-${s.category}`} data-section={s.category} data-dish-section>
            <HeroBanner id={`menu-${s.category}`} image={`/images/banners/${s.category}.svg`} title={s.title} text={s.text} />
            <div className="mx-auto max-w-screen-xl px-4 py-16">
              <MenuList items={menu[s.category]} />
              <OrderNow category={s.category} />
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
