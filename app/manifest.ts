import type { MetadataRoute } from 'next';
import { publicSettings } from '@/lib/settings/public';

/**
 * The web app manifest: what "Add to Home Screen" installs. On iPhone and iPad a site can ask for
 * push notifications only once installed so (docs/texts-and-push.md).
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const { restaurant } = (await publicSettings()).versioned.settings;
  return {
    name: restaurant.name,
    short_name: restaurant.name.slice(0, 12),
    description: restaurant.tagline,
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f2937',
    icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}
