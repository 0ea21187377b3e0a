'use client';

import { usePathname, useRouter } from 'next/navigation';
import { api } from '@/lib/client/api';
import type { SessionResponse } from '@/lib/auth/types';
import type { AddedToCart } from '@/lib/cart/types';
import type { AddToCartInput } from '@/lib/cart/schemas';
import { SESSION_KEY } from '@/components/session/session-key';
import { refreshCarts } from '@/components/session/refresh-carts';

/**
 * Adding to the cart, for the Add To Cart button and the options dialog alike. Only the dish, the
 * choices, the quantity and the note are sent: the server prices the line from the menu.
 * No SWR here: the public pages that carry the button load their session code after they are
 * interactive, so the button asks the server who is signed in when it is pressed.
 */
export function useAddToCart() {
  const router = useRouter();
  const pathname = usePathname();

  /**
   * True when somebody is signed in. Otherwise offers the login page (coming back here) or, where
   * the restaurant takes guest orders, to continue as a guest: true once that signed them in.
   */
  async function signedIn(): Promise<boolean> {
    const session = await api<SessionResponse>(SESSION_KEY, { public: true, cache: 'no-store' }).catch(() => null);
    if (session?.user) return true;
    const toLogin = () => router.push(`/login?from=${encodeURIComponent(pathname ?? '/')}`);
    const offer = await import('./sign-in-offer').catch(() => null);
    // Without its code (the connection dropped), the login page is the way on.
    if (!offer) return (toLogin(), false);
    return offer.offerSignIn({ guests: session?.guests === true, toLogin });
  }

  /** Adds the line and refreshes the cart badge; throws the server's refusal as an ApiError. */
  async function add(input: AddToCartInput): Promise<AddedToCart> {
    const added = await api<AddedToCart>('/api/carts', { method: 'POST', json: input });
    await refreshCarts();
    return added;
  }

  return { signedIn, add };
}
