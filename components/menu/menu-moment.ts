'use client';

import { useSyncExternalStore } from 'react';
import type { MenuAvailability } from '@/lib/menu/availability';

/**
 * The menu as it stands at the time the diner is ordering for, in the browser: the state of
 * GET /api/menu/availability (its schedules, 86s and counts), the time chosen on the order page
 * (kept for the tab, so the cart and the payment page judge the same time), and the shared rule
 * (lib/menu/availability.ts). The prerendered pages stay as they were built: every card reads this
 * one store, which fetches the small state once, again each minute while the page is shown (the
 * clock moves things on too), and for the day of a time chosen. No SWR and no rule in the first
 * load: the rule's code is fetched beside the state, as both are needed together.
 */

type Rule = typeof import('@/lib/menu/availability');

/** A pickup time the diner chose: the restaurant's date and 'HH:MM'. */
export interface OrderTime {
  date: string;
  time: string;
}

export interface MenuMoment {
  state: MenuAvailability;
  rule: Rule;
  /** The time the order is for: the one chosen, else now. */
  at: Date;
  now: Date;
  chosen: OrderTime | null;
}

const URL = '/api/menu/availability';
const TIME_KEY = 'bistro:order-time';
const REFRESH_MS = 60_000;

const states = new Map<string, MenuAvailability>();
const loading = new Set<string>();
const listeners = new Set<() => void>();
let rule: Rule | null = null;
let moment: MenuMoment | null = null;
let chosen: OrderTime | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

function readChosen(): OrderTime | null {
  try {
    const [date, time] = (sessionStorage.getItem(TIME_KEY) ?? '').split(' ');
    return date && time ? { date, time } : null;
  } catch {
    return null;
  }
}

/** The day whose counts are read: the chosen one, or '' for today as the server has it. */
const dayOf = (time: OrderTime | null) => time?.date ?? '';

function changed(): void {
  const state = states.get(dayOf(chosen));
  const now = new Date();
  moment = state && rule ? { state, rule, now, chosen, at: chosen ? rule.orderInstant({ kind: 'pickup', ...chosen }, state.timeZone, now) : now } : null;
  for (const listener of listeners) listener();
}

async function load(day: string): Promise<void> {
  if (loading.has(day)) return;
  loading.add(day);
  try {
    const [res, loaded] = await Promise.all([fetch(day ? `${URL}?date=${day}` : URL), rule ?? import('@/lib/menu/availability')]);
    rule = loaded;
    if (res.ok) states.set(day, (await res.json()) as MenuAvailability);
  } catch {
    // Offline: the cards stay as they were built, and the state is read again later.
  } finally {
    loading.delete(day);
  }
  changed();
}

const refresh = () => void load(dayOf(chosen));
const onShown = () => {
  if (document.visibilityState === 'visible') refresh();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    chosen = readChosen();
    refresh();
    timer = setInterval(onShown, REFRESH_MS);
    document.addEventListener('visibilitychange', onShown);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onShown);
  };
}

/** The menu at the time the diner is ordering for; null until its state is read (the page shows what it was built with). */
export function useMenuMoment(): MenuMoment | null {
  return useSyncExternalStore(subscribe, () => moment, () => null);
}

/** The time chosen on the order page, or null for as soon as possible. */
export function useOrderTime(): OrderTime | null {
  return useSyncExternalStore(subscribe, () => chosen, () => null);
}

/** Orders for `time` from now on in this tab (null: as soon as possible); the menu is judged again for it. */
export function setOrderTime(time: OrderTime | null): void {
  try {
    if (time) sessionStorage.setItem(TIME_KEY, `${time.date} ${time.time}`);
    else sessionStorage.removeItem(TIME_KEY);
  } catch {
    // Storage refused (a private window's quota): the choice lasts as long as the page.
  }
  chosen = time;
  changed();
  refresh();
}
