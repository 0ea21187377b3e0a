import type { Menu, Restaurant, WithContext } from 'schema-dts';
import { serializeJsonLd } from '@/lib/seo/json-ld';

/** The <script> that carries a page's structured data (lib/seo/json-ld.ts builds it). */
export function JsonLd({ data }: { data: WithContext<Restaurant> | WithContext<Menu> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
