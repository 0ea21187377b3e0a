'use client';

import useSWR from 'swr';
import type { PickupSlot } from '@/lib/fulfilment/types';
import { pickupSlotsKey } from './pickup-slots-key';

/** Slots fill as other diners pay, so an open page reads them again now and then. */
const REFRESH_MS = 60_000;

/** A day's pickup slots with their room for an order of `load` units, or nothing while `date` is null. */
export function usePickupSlots(date: string | null, load: number) {
  const { data, error, mutate } = useSWR<PickupSlot[]>(date ? pickupSlotsKey(date, load) : null, { refreshInterval: REFRESH_MS });
  return { slots: data, error, refresh: () => void mutate() };
}
