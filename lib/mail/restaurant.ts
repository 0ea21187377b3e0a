import 'server-only';
import { site } from '@/lib/config/site';

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

export async function restaurantDetails(): Promise<Restaurant> {
  const { street, city, postalCode, country } = site.address;
  return { name: site.brand, phone: site.phone, email: site.email, address: `${street}, ${city} ${postalCode}, ${country}`, url: site.url };
}
