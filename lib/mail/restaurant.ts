import 'server-only';
import { site } from '@/lib/config/site';
import { getSettings } from '@/lib/settings/store';

/** The restaurant as every email names it: the one place the mail reads the restaurant's details. */
export interface Restaurant {
  name: string;
  phone: string;
  email: string;
  /** One line: street, city postal code, country. */
  address: string;
  /** The site's public address, without a trailing slash: links in the messages start here. */
  url: string;
}

/** From the restaurant's settings (lib/settings: cached in the process), and the site's public address. */
export async function restaurantDetails(): Promise<Restaurant> {
  const { name, phone, email, address } = (await getSettings()).restaurant;
  const { street, city, postalCode, country } = address;
  return { name, phone, email, address: `${street}, ${city} ${postalCode}, ${country}`, url: site.url };
}
