import { site } from '@/lib/config/site';
import { weekLines } from '@/lib/settings/schedule';
import type { RestaurantDetails, WeekHours } from '@/lib/settings/types';

const SOCIALS = [
  {
    key: 'microblog',
    label: 'Follow us on X',
    path: 'M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.9 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z',
  },
  {
    key: 'video',
    label: 'Watch us on YouTube',
    path: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15V9l5.8 3z',
  },
  {
    key: 'network',
    label: 'Like us on Facebook',
    path: 'M14 8.5V6.6c0-.9.2-1.4 1.6-1.4h1.9V1.9A25 25 0 0 0 14.8 2C12 2 10.3 3.7 10.3 6.7v1.8H7.5v3.3h2.8V22H14v-10.2h2.8l.4-3.3z',
  },
] as const;

/** 'Open daily 11.00am to 10.00pm' when every day is alike, else a line per group of days. */
function OpeningHours({ hours }: { hours: WeekHours }) {
  const lines = weekLines(hours);
  if (lines.length === 1) {
    const only = lines[0]!.hours;
    return <>{only === 'closed' ? 'Closed every day' : only === 'open 24 hours' ? 'Open 24 hours, every day' : `Open daily ${only}`}</>;
  }
  return lines.map((line, i) => (
    <span key={line.days}>
      {i ? <br /> : null}
      {line.days}: {line.hours}
    </span>
  ));
}

/** Contact, hours and social links, from the restaurant's settings (the page that renders it reads them). */
export function Footer({ restaurant, hours }: { restaurant: RestaurantDetails; hours: WeekHours }) {
  const { address, phone, social } = restaurant;
  const socials = SOCIALS.filter((s) => social[s.key]);
  return (
    <footer className="mt-16 text-white">
      <div className="grid md:grid-cols-2">
        <section id="contact" aria-labelledby="footer-contact" className="bg-[#1f2937] px-6 py-12 text-center md:text-right md:pr-24">
          <h2 id="footer-contact" className="mb-4 font-display text-2xl uppercase">
            Contact us
          </h2>
          <address className="not-italic leading-7">
            {address.street}, {address.city} {address.postalCode}
            <br />
            Call us: <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="underline-offset-2 hover:underline">{phone}</a>
            <br />
            <OpeningHours hours={hours} />
          </address>
          <p className="mt-6 text-sm text-gray-300">
            Developed by {site.developer}. Providing reliable tech since 2024.
          </p>
        </section>
        <section aria-labelledby="footer-social" className="bg-[#111827] px-6 py-12 text-center md:text-left md:pl-24">
          <h2 id="footer-social" className="mb-4 font-display text-2xl uppercase">
            Social
          </h2>
          <p className="mb-4">Join us on social media</p>
          <ul className="flex justify-center gap-4 md:justify-start">
            {socials.map((s) => (
              <li key={s.key}>
                <a href={social[s.key]} target="_blank" rel="noopener noreferrer" aria-label={s.label} className="inline-block rounded p-1 hover:text-amber-300">
                  <svg viewBox="0 0 24 24" aria-hidden="true" className="h-7 w-7 fill-current">
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="bg-[#151515] py-4 text-center text-sm">Copyright © 2024 {site.company}. All rights reserved.</p>
    </footer>
  );
}
