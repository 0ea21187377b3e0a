'use client';

import { useSyncExternalStore, type RefObject } from 'react';

function onFullscreenChange(notify: () => void) {
  document.addEventListener('fullscreenchange', notify);
  return () => document.removeEventListener('fullscreenchange', notify);
}
const never = () => () => {};

/** Shows `target` full screen, or leaves full screen; `full` follows the browser (Esc leaves it too). */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const full = useSyncExternalStore(onFullscreenChange, () => document.fullscreenElement !== null, () => false);
  const supported = useSyncExternalStore(never, () => document.fullscreenEnabled, () => false);

  function toggle() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen();
  }

  return { full, supported, toggle };
}
