'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { api, ApiError } from '@/lib/client/api';
import { cartKey, useSession } from '@/components/session/use-session';
import { notify } from '@/lib/client/notify';

/**
 * Adds a menu item to the signed-in user's cart. Only the item's id is sent: the server fills
 * the name, picture and price from the menu and the email from the session.
 */
export function AddToCartButton({ menuId, name }: { menuId: string; name: string }) {
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  const router = useRouter();
  const pathname = usePathname();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    if (!user) {
      const answer = await notify.confirm({
        icon: 'warning',
        title: 'You are not Logged In!',
        text: "You won't be able to add to cart this item!",
        confirmButtonText: 'Yes, login!',
      });
      if (answer) router.push(`/login?from=${encodeURIComponent(pathname ?? '/')}`);
      return;
    }
    setBusy(true);
    try {
      const result = await api<{ insertedId?: string }>('/api/carts', { method: 'POST', json: { menuId } });
      if (result.insertedId) {
        await mutate(cartKey(user.email));
        void notify.toast(`${name} added to your cart`);
      }
    } catch (err) {
      void notify.error(err instanceof ApiError ? err.message : 'Could not add the item. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-label={`Add ${name} to cart`}
      className="rounded-lg border-b-4 border-gold bg-gray-100 px-6 py-3 font-semibold text-gold uppercase transition hover:border-ink hover:bg-ink hover:text-white disabled:cursor-wait disabled:opacity-60"
    >
      {busy ? 'Adding…' : 'Add To Cart'}
    </button>
  );
}
