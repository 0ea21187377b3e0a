import Link from 'next/link';
import { TableBadge } from '@/components/tables/table-badge';
import { AccountArea } from './account-area';

const links = [
  { href: '/', label: 'Home' },
  { href: '/menu', label: 'Our Menu' },
  { href: '/order/salad', label: 'Order Food' },
];

/** The same links in the phone menu and the wide bar. */
function NavItems() {
  return (
    <>
      {links.map((l) => (
        <li key={l.href}>
          <Link href={l.href} className="nav-link">
            {l.label}
          </Link>
        </li>
      ))}
      <TableBadge />
      <AccountArea />
    </>
  );
}

/** The restaurant's name and tagline (from its settings, read by the layout), the site's links and the account area. */
export function TopBar({ name, tagline }: { name: string; tagline: string }) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 bg-black/70 text-white backdrop-blur-sm">
      <nav aria-label="Main" className="mx-auto flex max-w-screen-xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="leading-tight">
          <span className="block font-display text-xl font-bold tracking-wide md:text-2xl">{name}</span>
          <span className="block font-display text-xs tracking-[0.35em] uppercase">{tagline}</span>
        </Link>
        <details className="group relative md:hidden">
          <summary className="grid min-h-11 min-w-11 cursor-pointer list-none place-items-center rounded px-2 hover:bg-white/10" aria-label="Menu">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6 fill-current">
              <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
            </svg>
          </summary>
          <ul className="absolute right-0 mt-2 flex w-56 flex-col gap-2 rounded bg-black/90 p-4 text-sm font-semibold uppercase">
            <NavItems />
          </ul>
        </details>
        <ul className="hidden items-center gap-4 text-sm font-semibold uppercase md:flex">
          <NavItems />
        </ul>
      </nav>
    </header>
  );
}
