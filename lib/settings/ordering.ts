import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { authorize, type Admin, type Staff } from '@/lib/auth/viewer';
import { kitchenSeenWithin } from '@/lib/orders/kitchen-presence';
import { printerSeenWithin } from '@/lib/printing/presence';
import { isOpenAt, zonedClock } from './schedule';
import { activePause, orderingStatus, stateAt, type OrderingContext } from './status';
import { getOrderingState, getSettings } from './store';
import type { OrderingState, OrderingStatus } from './types';

/**
 * Whether orders are taken now, as the payment rules and GET /api/settings/status ask it: the
 * settings and the kitchen's pause and busy mode (cached, see ./store.ts), and safe failure, which
 * pauses ordering during opening hours once neither a kitchen display has been connected nor a
 * kitchen printer able to print has polled for the minutes the settings say.
 */
export async function orderingContext(now = clockNow()): Promise<OrderingContext> {
  const [settings, state] = await Promise.all([getSettings(), getOrderingState()]);
  const watch = settings.ordering.pauseWithoutKitchenMinutes;
  const kitchenAway =
    watch > 0 &&
    settings.ordering.enabled &&
    isOpenAt(settings.schedule, zonedClock(now, settings.schedule.timeZone)) &&
    !(await kitchenSeenWithin(watch * 60_000)) &&
    !(await printerSeenWithin(watch * 60_000));
  return { settings, state, kitchenAway };
}

/** The status line diners read, as it is now. */
export async function currentOrderingStatus(now = clockNow()): Promise<OrderingStatus> {
  return orderingStatus(await orderingContext(now), now);
}

/** What the kitchen's controls show (staff): the pause and busy mode still in force, and the status line. */
export async function orderingView(staff: Staff, now = clockNow()): Promise<{ state: OrderingState; status: OrderingStatus }> {
  authorize(staff, 'staff');
  const context = await orderingContext(now);
  return { state: stateAt(context.state, now), status: orderingStatus(context, now) };
}

/**
 * Why online orders are not being taken right now, for the admin home (admins), or null when they
 * are: ordering turned off, a pause from the kitchen, or safe failure with no kitchen display.
 */
export async function stoppedExplanation(admin: Admin, now = clockNow()): Promise<string | null> {
  authorize(admin, 'admin');
  const context = await orderingContext(now);
  const { settings } = context;
  if (!settings.ordering.enabled) return 'Online ordering is turned off in Settings: diners can see the menu, but paying is refused.';
  if (activePause(context.state, now)) return `${orderingStatus(context, now).text}: somebody paused it from the kitchen display or Settings, where it can be resumed.`;
  if (context.kitchenAway) {
    return `Online ordering has paused by itself: no kitchen display has been connected and no kitchen printer has polled for ${settings.ordering.pauseWithoutKitchenMinutes} minutes during opening hours. It resumes as soon as a display is opened (Kitchen, in the menu) or a printer comes back.`;
  }
  return null;
}
