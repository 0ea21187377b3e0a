'use client';

import useSWR from 'swr';
import { api } from '@/lib/client/api';
import type { SessionResponse } from '@/lib/auth/types';
import type { CartItem } from '@/lib/cart/types';
import { SESSION_KEY, cartKey } from './session-key';

export { SESSION_KEY };

/** The signed-in user as the server sees them (the session cookie), or null. */
export function useSession() {
  const { data, error, isLoading, mutate } = useSWR<SessionResponse>(SESSION_KEY, (url: string) =>
    api<SessionResponse>(url, { public: true, cache: 'no-store' }),
  );
  return { user: data?.user ?? null, loading: isLoading || (!data && !error), mutate };
}

/** The signed-in user's cart; refetchable, shared by the badge and the cart page. */
export function useCart() {
  const { user } = useSession();
  const { data, error, isLoading, mutate } = useSWR<CartItem[]>(cartKey(user?.email));
  return { cart: data, error, loading: isLoading, refetch: mutate };
}
