import { isCartKey } from './session-key';

/**
 * Refetches every cart SWR holds (the top bar's badge, the cart page), wherever it is shown.
 * SWR is imported on first use, so a page whose only cart code is an Add To Cart button does not
 * ship it; the hooks that show a cart live in SWR's default cache, which this reaches.
 */
export async function refreshCarts(): Promise<void> {
  const { mutate } = await import('swr');
  await mutate(isCartKey);
}
