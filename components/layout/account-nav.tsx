'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import { useCart, useSession } from '@/components/session/use-session';
import { SwrDefaults } from '@/components/session/providers';
import { dashboardHome } from '@/lib/dashboard/pages';
import { dishCount } from '@/lib/cart/totals';
import { logout } from '@/lib/client/logout';
import { notify } from '@/lib/client/notify';
import { AccountPlaceholder } from './account-placeholder';

/** The signed-in part of the top bar: dashboard link, cart badge, avatar, login or logout. */
function AccountLinks() {
  const { user, loading, mutate } = useSession();
  const { cart } = useCart();
  const dishes = cart ? dishCount(cart) : 0;
  const router = useRouter();
  const pathname = usePathname();
  const [leaving, setLeaving] = useState(false);

  if (loading) return <AccountPlaceholder />;

  if (!user) {
    const from = pathname && pathname !== '/' ? `?from=${encodeURIComponent(pathname)}` : '';
    return (
      <>
        <li>
          <Link href={`/login${from}`} className="nav-link">
            Login
          </Link>
        </li>
        <li>
          <Link href="/signUp" className="inline-flex min-h-11 items-center rounded bg-gold px-4 py-2 font-semibold text-white hover:bg-gold-dark">
            Get Started
          </Link>
        </li>
      </>
    );
  }

  const guest = user.role === 'guest';

  async function onLogout() {
    // A guest's account lives in this browser only: once signed out of it, its orders are out of reach.
    const leave =
      !guest ||
      (await notify.confirm({
        icon: 'warning',
        title: 'Log out as a guest?',
        text: 'Your orders and receipts as a guest cannot be opened again after this. Sign up first to keep them.',
        confirmButtonText: 'Log out',
      }));
    if (!leave) return;
    setLeaving(true);
    await logout();
    await mutate((session) => session && { ...session, user: null }, { revalidate: false });
    setLeaving(false);
    router.push('/');
    router.refresh();
  }

  return (
    <>
      <li>
        <Link href={dashboardHome(user.role)} className="nav-link">
          Dashboard
        </Link>
      </li>
      <li>
        <Link href="/dashboard/cart" className="relative inline-flex min-h-11 items-center gap-2 rounded px-2 py-1 hover:bg-white/10" aria-label={`Cart, ${dishes} items`}>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6 fill-current">
            <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.6 3H21l-2 8H7.4L4.4 2H1v2h2.8z" />
          </svg>
          {cart ? (
            <span data-testid="cart-badge" className="rounded-full bg-gold px-2 text-sm font-semibold">
              +{dishes}
            </span>
          ) : null}
        </Link>
      </li>
      {guest ? (
        <li>
          <Link href="/signUp" className="inline-flex min-h-11 items-center rounded bg-gold px-4 py-2 font-semibold text-white hover:bg-gold-dark">
            Sign Up
          </Link>
        </li>
      ) : (
        <li>
          {/* eslint-disable-next-line @next/next/no-img-element -- profile pictures come from any host */}
          <img
            src={user.photoURL || '/images/avatar.svg'}
            alt=""
            title={user.name}
            width={36}
            height={36}
            referrerPolicy="no-referrer"
            // A picture from a host the Content-Security-Policy does not open is refused: show the default.
            onError={(event) => {
              if (!event.currentTarget.src.endsWith('/images/avatar.svg')) event.currentTarget.src = '/images/avatar.svg';
            }}
            className="h-9 w-9 rounded-full border border-white/40 object-cover"
          />
          <span className="sr-only">Signed in as {user.name}</span>
        </li>
      )}
      <li>
        <button type="button" onClick={onLogout} disabled={leaving} className="nav-link disabled:opacity-60">
          {leaving ? 'Logging out…' : 'Logout'}
        </button>
      </li>
    </>
  );
}

/** The account area of the public pages, loaded late by `AccountArea`, with SWR's defaults of its own (the site's pages have no provider). */
export function AccountNav() {
  return (
    <SwrDefaults>
      <AccountLinks />
    </SwrDefaults>
  );
}
