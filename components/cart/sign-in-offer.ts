import { notify } from '@/lib/client/notify';

/**
 * What Add To Cart offers a visitor who is not signed in: log in (the page then goes to /login and
 * comes back), or, when the restaurant takes guest orders, continue as a guest, which signs them in
 * here. Loaded on the first such press, with the guest flow after it only when chosen, so the
 * public pages' first load carries neither. Answers whether somebody is signed in now.
 */
export async function offerSignIn({ guests, toLogin }: { guests: boolean; toLogin: () => void }): Promise<boolean> {
  const answer = await notify.choose({
    icon: 'warning',
    title: 'You are not Logged In!',
    text: "You won't be able to add to cart this item!",
    confirmButtonText: 'Yes, login!',
    ...(guests ? { denyButtonText: 'Continue as guest' } : {}),
  });
  if (answer === 'confirm') toLogin();
  if (answer !== 'deny') return false;
  try {
    const { continueAsGuest } = await import('@/lib/client/guest-session');
    await continueAsGuest();
    return true;
  } catch (err) {
    void notify.error(err instanceof Error ? err.message : 'Please try again.', 'Could not continue as a guest');
    return false;
  }
}
