'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'bistro.kitchen.sound';

/** The toggle, remembered on this device; every board on the page (and other tabs) follows it. */
const toggled = new Set<() => void>();
function onToggle(notify: () => void) {
  toggled.add(notify);
  window.addEventListener('storage', notify);
  return () => {
    toggled.delete(notify);
    window.removeEventListener('storage', notify);
  };
}
const soundOn = () => window.localStorage.getItem(STORAGE_KEY) !== 'off';

/**
 * A two-note chime made with the Web Audio API (no sound file to load). Browsers let a page play
 * sound only after a person has interacted with it, so the audio starts at the first tap or key
 * anywhere on the page; until then `waiting` is true. The toggle is remembered on this device.
 */
export function useChime() {
  const on = useSyncExternalStore(onToggle, soundOn, () => true);
  const [waiting, setWaiting] = useState(true);
  const audio = useRef<AudioContext | null>(null);

  useEffect(() => {
    const unlock = () => {
      const context = (audio.current ??= new AudioContext());
      void context.resume().then(() => setWaiting(context.state !== 'running'));
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
      void audio.current?.close();
      audio.current = null;
    };
  }, []);

  function toggle() {
    window.localStorage.setItem(STORAGE_KEY, on ? 'off' : 'on');
    for (const notify of toggled) notify();
  }

  function play() {
    const context = audio.current;
    if (!on || !context || context.state !== 'running') return;
    const start = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      const at = start + i * 0.18;
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
      tone.connect(volume).connect(context.destination);
      tone.start(at);
      tone.stop(at + 0.4);
    }
  }

  return { on, waiting, toggle, play };
}
