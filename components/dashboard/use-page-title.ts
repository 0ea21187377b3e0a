'use client';

import { useSyncExternalStore } from 'react';

/** Next.js writes each page's metadata title into the head, also on client-side navigation. */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}

/**
 * The current page's name from its own metadata title ('{brand} | My Cart' gives 'My Cart'), so
 * each page names itself once. Empty while rendering on the server, which cannot know the page.
 */
export function usePageTitle(brandPrefix: string): string {
  const title = useSyncExternalStore(
    subscribe,
    () => document.title,
    () => '',
  );
  return title.startsWith(brandPrefix) ? title.slice(brandPrefix.length) : title;
}
