import type { Schedule } from '@/lib/settings/types';

/** What decides the pickup times and their room (client-safe): the restaurant's hours and its kitchen's settings. */
export interface PickupRules {
  schedule: Schedule;
  /** Minutes the kitchen needs now (busy mode adds to the settings' own): the earliest slot starts no sooner than now plus this. */
  prepMinutes: number;
  /** Pickup times fall every this many minutes. */
  slotMinutes: number;
  /** Kitchen load units one slot holds. */
  capacity: number;
}
