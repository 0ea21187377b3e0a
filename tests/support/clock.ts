/**
 * The restaurant's clock as a test file's fresh database has it: the time zone its settings start
 * with (TZ, else this machine's; lib/settings/defaults.ts). For a test's "today" and "tomorrow".
 */
import type { RestaurantClock } from '@/lib/reservations/calendar';
import { defaultSettings } from '@/lib/settings/defaults';
import { zonedClock } from '@/lib/settings/schedule';

export function restaurantClock(now: Date): RestaurantClock {
  return zonedClock(now, defaultSettings(process.env).schedule.timeZone);
}
