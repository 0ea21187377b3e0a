'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { useCart } from '@/components/session/use-session';
import { ICONS } from './nav-links';
import { useDrawer } from './use-drawer';
import { usePageTitle } from './use-page-title';

const MENU = 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z';
const CLOSE = 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z';
/** A square tap target of 44 px, the least a finger hits reliably. */
const TAP = 'grid h-11 min-w-11 shrink-0 place-items-center rounded hover:bg-white/30';

function Glyph({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6 fill-current">
      <path d={d} />
    </svg>
  );
}

function CartLink() {
  const { cart } = useCart();
  const count = cart?.length ?? 0;
  return (
    <Link href="/dashboard/cart" aria-label={`My Cart, ${count} ${count === 1 ? 'item' : 'items'}`} className={`${TAP} relative`}>
      <Glyph d={ICONS.cart} />
      {count ? (
        <span className="absolute top-0 right-0 min-w-5 rounded-full bg-ink px-1 text-center text-xs leading-5 font-semibold text-white">{count}</span>
      ) : null}
    </Link>
  );
}

interface DashboardShellProps {
  brand: string;
  /** What every page title starts with, '{brand} | '; the rest names the page in the top bar. */
  titlePrefix: string;
  /** A diner sees their cart count in the top bar. */
  showCart: boolean;
  /** The dashboard navigation: the sidebar from `md` up, the drawer's content below. */
  nav: ReactNode;
  children: ReactNode;
}

/**
 * The dashboard around its pages. Below `md` the navigation waits in a drawer behind a menu
 * button in a slim top bar, so each page starts at the top of the screen; from `md` up it is the
 * sidebar beside the page. While the drawer is open it is a modal dialog: the rest is inert.
 */
export function DashboardShell({ brand, titlePrefix, showCart, nav, children }: DashboardShellProps) {
  const { open, show, close, buttonRef, panelRef } = useDrawer();
  const title = usePageTitle(titlePrefix);
  return (
    <div className="md:flex">
      <header inert={open} className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-[#d1a054] pr-1 pl-4 text-ink shadow-sm md:hidden">
        <Link href="/" className="shrink-0 py-3 font-display text-lg leading-5 font-bold">
          {brand}
        </Link>
        <p className="min-w-0 flex-1 truncate border-l border-ink/30 pl-2 text-sm font-semibold">{title}</p>
        {showCart ? <CartLink /> : null}
        <button
          ref={buttonRef}
          type="button"
          onClick={show}
          aria-expanded={open}
          aria-controls="dashboard-menu"
          aria-label="Menu"
          className={TAP}
        >
          <Glyph d={MENU} />
        </button>
      </header>
      {open ? <div onClick={close} aria-hidden="true" className="fixed inset-0 z-40 bg-black/50 md:hidden" /> : null}
      <div
        ref={panelRef}
        id="dashboard-menu"
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-label={open ? 'Dashboard menu' : undefined}
        className={`${open ? 'fixed inset-y-0 right-0 z-50 w-72 max-w-[85vw] overflow-y-auto shadow-xl' : 'hidden'} md:static md:block md:w-auto md:max-w-none md:overflow-visible md:shadow-none`}
      >
        {open ? (
          <button type="button" onClick={close} aria-label="Close menu" className={`${TAP} absolute top-3 right-3`}>
            <Glyph d={CLOSE} />
          </button>
        ) : null}
        {nav}
      </div>
      <main id="main" inert={open} className="min-h-[calc(100dvh-3.5rem)] min-w-0 flex-1 bg-cream/50 px-4 py-4 md:min-h-0 md:px-10 md:py-8">
        {children}
      </main>
    </div>
  );
}
