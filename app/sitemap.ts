import type { MetadataRoute } from 'next';
import { site } from '@/lib/config/site';
import { ORDER_CATEGORIES } from '@/lib/menu/types';
import { getMenuByCategory } from '@/lib/menu/queries';
import { orderHref, pageCount } from '@/lib/menu/pagination';

export const revalidate = 300;

/** Every public page: home, menu, each order category and each of its pages. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const menu = await getMenuByCategory();
  const orderPages = ORDER_CATEGORIES.flatMap((category) =>
    Array.from({ length: pageCount(menu[category].length) }, (_, i) => orderHref(category, i + 1)),
  );
  const paths = ['/', '/menu', ...orderPages, '/login', '/signUp'];
  return paths.map((path) => ({
    url: `${site.url}${path === '/' ? '' : path}`,
    changeFrequency: path === '/' || path === '/menu' ? 'daily' : 'weekly',
    priority: path === '/' ? 1 : path === '/menu' ? 0.9 : 0.6,
  }));
}
