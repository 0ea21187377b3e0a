import type { Metadata } from 'next';
import Link from 'next/link';
import { Carousel } from '@/components/ui/carousel';
import { SectionTitle } from '@/components/ui/section-title';
import { MenuList } from '@/components/menu/menu-item-row';
import { DishCard } from '@/components/menu/dish-card';
import { CategoryTile } from '@/components/home/category-tile';
import { Testimonial } from '@/components/home/testimonial';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';
import { getMenuByCategory, getTestimonials } from '@/lib/menu/queries';
import { restaurantJsonLd } from '@/lib/seo/json-ld';
import { clockNow } from '@/lib/settings/clock';
import { weekText } from '@/lib/settings/schedule';
import { publicSettings } from '@/lib/settings/public';
import { JsonLd } from '@/components/ui/json-ld';

export const metadata: Metadata = {
  title: 'Home',
  alternates: { canonical: '/' },
  openGraph: { title: 'Home', url: '/', images: ['/images/home/slide-1.svg'] },
};

// Rendered once and kept; menu, review and settings writes invalidate it, and it refreshes at most every 5 minutes.
export const revalidate = 300;

const slides = [1, 2, 3, 4, 5, 6].map((n) => `/images/home/slide-${n}.svg`);

const categories = [
  { label: 'Salads', image: '/images/home/category-salads.svg', href: '/order/salad' },
  { label: 'Pizza', image: '/images/home/category-pizza.svg', href: '/order/pizza' },
  { label: 'Soups', image: '/images/home/category-soups.svg', href: '/order/soup' },
  { label: 'Desserts', image: '/images/home/category-desserts.svg', href: '/order/dessert' },
  { label: 'Salads', image: '/images/home/category-salads.svg', href: '/order/salad' },
];

export default async function HomePage() {
  const [menu, { latest: reviews, rating }, { versioned }] = await Promise.all([getMenuByCategory(), getTestimonials(), publicSettings()]);
  const { restaurant, schedule } = versioned.settings;
  const chefPicks = [menu.salad[0], menu.pizza[0], menu.dessert[0]].filter((item) => item !== undefined);

  return (
    <>
      <JsonLd data={restaurantJsonLd({ settings: versioned.settings, now: clockNow(), rating })} />
      <h1 className="sr-only">{restaurant.name}: restaurant and online ordering</h1>

      <div className="bg-ink pt-[64px]">
        <Carousel label="Our restaurant in pictures" tone="light">
          {slides.map((src, i) => (
            // eslint-disable-next-line @next/next/no-img-element -- local SVG artwork; the first is the page's largest paint
            <img
              key={src}
              src={src}
              alt=""
              width={1600}
              height={900}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              className="aspect-video max-h-[80vh] w-full object-cover"
            />
          ))}
        </Carousel>
      </div>

      <div className="mx-auto max-w-screen-xl px-4">
        <section aria-labelledby="order-online" data-section="order-online">
          <SectionTitle id="order-online" heading="Order Online" subHeading={weekText(schedule.hours)} />
          <Carousel label="Order online by category" align="center" gap={30} arrows={false} slideClassName="basis-1/2 md:basis-1/4">
            {categories.map((c, i) => (
              <CategoryTile key={`${c.label}-${i}`} {...c} />
            ))}
          </Carousel>
        </section>

        <section aria-labelledby="about" data-section="about" className="relative my-20 overflow-hidden">
          {/* eslint-disable-next-line @next/next/no-img-element -- decorative local SVG */}
          <img src="/images/home/chef-service.svg" alt="" loading="lazy" width={1600} height={800} className="absolute inset-0 h-full w-full object-cover" />
          <div className="relative mx-4 my-16 bg-white px-6 py-12 text-center md:mx-28 md:my-28 md:px-20 md:py-16">
            <h2 id="about" className="font-display text-3xl uppercase md:text-4xl">
              {restaurant.name}
            </h2>
            <p className="mt-4 text-gray-600">
              A neighbourhood bistro cooking from the market every morning: crisp salads, wood-fired pizza, slow soups and
              desserts worth saving room for. Eat in, take away, or order online and we will have it ready.
            </p>
          </div>
        </section>

        <section aria-labelledby="popular" data-section="popular">
          <SectionTitle id="popular" heading="From Our Menu" subHeading="Popular Items" />
          <MenuList items={menu.popular} />
          <div className="mt-10 text-center">
            <Link href="/menu" className="inline-block rounded-lg border-b-4 border-ink px-6 py-3 font-semibold uppercase hover:bg-ink hover:text-white">
              View Full Menu
            </Link>
          </div>
        </section>

        <section aria-label={`Call ${restaurant.name}`} className="my-20 bg-ink py-16 text-center text-white">
          <p className="font-display text-3xl md:text-4xl">
            Call Us: <a href={`tel:${restaurant.phone.replace(/[^+\d]/g, '')}`}>{restaurant.phone}</a>
          </p>
        </section>

        <section aria-labelledby="chef-recommends" data-section="chef-recommends">
          <SectionTitle id="chef-recommends" heading="Chef Recommends" subHeading="Should Try" />
          <div className="grid gap-8 md:grid-cols-3">
            {chefPicks.map((item) => (
              <DishCard key={item._id} item={item} action={<AddToCartButton item={item} />} showPrice={false} />
            ))}
          </div>
        </section>
      </div>

      <section aria-labelledby="featured" data-section="featured" className="relative my-20 overflow-hidden bg-ink text-white">
        {/* eslint-disable-next-line @next/next/no-img-element -- decorative local SVG */}
        <img src="/images/home/featured.svg" alt="" loading="lazy" width={800} height={600} className="absolute inset-0 h-full w-full object-cover opacity-30" />
        <div className="relative mx-auto max-w-screen-xl px-4 pt-8 pb-20">
          <SectionTitle id="featured" heading="Featured Item" subHeading="Check it out" inverted />
          <div className="items-center gap-12 md:flex md:px-20">
            {/* eslint-disable-next-line @next/next/no-img-element -- local SVG artwork */}
            <img src="/images/home/featured.svg" alt="Grilled salmon with seasonal greens" loading="lazy" width={800} height={600} className="w-full md:w-1/2" />
            <div className="mt-8 md:mt-0">
              <p className="text-lg">Aug 20, 2024</p>
              <p className="text-xl font-semibold uppercase">Where can I get some?</p>
              <p className="mt-2 text-gray-200">
                Our summer special returns: line-caught salmon, charred lemon and a salad of whatever the farm sent this
                morning. It is on the menu for a few weeks only, so come early or order ahead.
              </p>
              <Link href="/menu" className="mt-6 inline-block rounded-lg border-b-4 border-white px-6 py-3 font-semibold uppercase hover:bg-white hover:text-ink">
                Read More<span className="sr-only"> about our summer salmon special</span>
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="testimonials" data-section="testimonials" className="mx-auto mb-20 max-w-screen-xl px-4">
        <SectionTitle id="testimonials" heading="Testimonials" subHeading="What Our Clients Say" />
        {reviews.length ? (
          <Carousel label="Reviews from our guests" dots={false}>
            {reviews.map((review) => (
              <Testimonial key={review._id} review={review} />
            ))}
          </Carousel>
        ) : (
          <p className="text-center text-gray-500">No reviews yet. Be the first to tell us how it was.</p>
        )}
      </section>
    </>
  );
}
