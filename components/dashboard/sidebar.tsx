'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { SidebarLink } from '@/lib/dashboard/pages';
import { ICONS, SITE_LINKS, type NavLink } from './nav-links';

function LinkList({ links, current }: { links: NavLink[]; current: string | null }) {
  return (
    <ul className="space-y-1">
      {links.map((link) => {
        const active = current === link.href;
        return (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={active ? 'page' : undefined}
              className={`flex min-h-11 items-center gap-3 rounded px-3 py-2 font-display text-sm uppercase ${active ? 'bg-white text-ink' : 'hover:text-white'}`}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 shrink-0 fill-current">
                <path d={ICONS[link.icon]} />
              </svg>
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The links of the viewer's role (`sidebarOf(role)`, handed in by the server so the page list
 * stays out of the browser's code), and always the way back to the site.
 */
export function Sidebar({ links, brand }: { links: SidebarLink[]; brand: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Dashboard" className="min-h-full bg-[#d1a054] px-4 py-6 text-ink md:min-h-screen md:w-64">
      <Link href="/" className="mb-8 block px-3 font-display leading-tight">
        <span className="block text-xl font-bold">{brand}</span>
        <span className="block text-xs tracking-[0.35em] uppercase">Restaurant</span>
      </Link>
      <LinkList links={links} current={pathname} />
      <hr className="my-6 border-white/70" />
      <LinkList links={SITE_LINKS} current={null} />
    </nav>
  );
}
