/**
 * What a deployment sets once, from the environment: the site's public address and the credit in
 * the footer. The restaurant's own details (its name, phone, address, hours) are settings in the
 * database (lib/settings), edited from the dashboard; their variables only fill a fresh database.
 */

export interface SiteConfig {
  developer: string;
  company: string;
  /** The public address, for canonical links, the sitemap, Open Graph and the tables' QR codes. */
  url: string;
}

function env(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const site: SiteConfig = {
  developer: env(process.env.NEXT_PUBLIC_DEVELOPER, 'Bistro Labs'),
  company: env(process.env.NEXT_PUBLIC_COMPANY, 'Bistro Labs Ltd'),
  url: env(process.env.NEXT_PUBLIC_SITE_URL, 'http://localhost:3000').replace(/\/+$/, ''),
};

/** '{name} | ': what every page's title starts with, so the restaurant's name leads in tabs and search results. */
export function titlePrefix(name: string): string {
  return `${name} | `;
}
