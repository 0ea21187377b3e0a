'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useSWRConfig } from 'swr';
import { cartKey, useSession } from '@/components/session/use-session';
import { api } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import type { AddedToCart } from '@/lib/cart/types';
import type { AddToCartInput } from '@/lib/validation/cart';

/**
 * Adding to the cart, for the Add To Cart button and the options dialog alike. Only the dish, the
 * choices, the quantity and the note are sent: the server prices the line from the menu.
 */
export function useAddToCart() {
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  const router = useRouter();
  const pathname = usePathname();

  /** True when somebody is signed in; otherwise offers the login page (coming back here) and answers false. */
  async function signedIn(): Promise<boolean> {
    if (user) return true;
    const answer = await notify.confirm({
      icon: 'warning',
      title: 'You are not Logged In!',
      text: "You won't be able to add to cart this item!",
      confirmButtonText: 'Yes, login!',
    });
    if (answer) router.push(`/login?from=${encodeURIComponent(pathname ?? '/')}`);
    return false;
  }

  /** Adds the line and refreshes the cart badge; throws the server's refusal as an ApiError. */
  async function add(input: AddToCartInput): Promise<AddedToCart> {
    const added = await api<AddedToCart>('/api/carts', { method: 'POST', json: input });
    await mutate(cartKey(user?.email));
    return added;
  }

  return { signedIn, add };
}
