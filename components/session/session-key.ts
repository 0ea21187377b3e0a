/**
 * The SWR keys of the session and the cart, apart from the hooks: a 'use client' module's exports
 * reach a server component as client references, and the dashboard layout needs the string itself;
 * Add To Cart refreshes carts without loading SWR's hooks.
 */
export const SESSION_KEY = '/api/session';

/** The key a diner's cart is fetched and cached under; null while nobody is signed in. */
export function cartKey(email: string | undefined | null) {
  return email ? `/api/carts?email=${encodeURIComponent(email)}` : null;
}

/** Whether an SWR key is a cart's (whoever's it is). */
export const isCartKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/carts?email=');
