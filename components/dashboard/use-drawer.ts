'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

/** Where the drawer stops being one: the `md` breakpoint, where the sidebar stands beside the page. */
const WIDE = '(min-width: 48rem)';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal drawer's behaviour, for a panel and the button that opens it. While open: focus is in
 * the panel and Tab cycles inside it, Escape closes it, the page does not scroll behind it, and a
 * link chosen in it, a navigation or a window grown past the breakpoint closes it. On closing, focus goes back to the
 * button. The caller makes the rest of the page inert with `open`.
 */
export function useDrawer() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // A new page closes the drawer: set while rendering, so the new page never shows behind it.
  const pathname = usePathname();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    const panel = panelRef.current;
    const button = buttonRef.current;
    if (!open || !panel) return;
    const focusables = () => [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    focusables()[0]?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        return;
      }
      if (event.key !== 'Tab') return;
      const all = focusables();
      const first = all[0];
      const last = all.at(-1);
      const active = document.activeElement;
      if (event.shiftKey ? active === first || !panel!.contains(active) : active === last) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      }
    }
    // A link chosen in the drawer closes it, also one to the page already shown.
    const onClick = (event: MouseEvent) => (event.target as Element).closest('a[href]') && setOpen(false);
    const wide = window.matchMedia(WIDE);
    const onWide = () => wide.matches && setOpen(false);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    panel.addEventListener('click', onClick);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      panel.removeEventListener('click', onClick);
      wide.removeEventListener('change', onWide);
      root.style.overflow = overflow;
      button?.focus();
    };
  }, [open]);

  return {
    open,
    buttonRef,
    panelRef,
    show: () => setOpen(true),
    close: () => setOpen(false),
  };
}
