import 'server-only';
import { collections } from '@/lib/db';
import type { OutboxDoc } from '@/lib/db/documents';
import { formatCents } from '@/lib/menu/money';
import { NothingToSay } from '@/lib/mail/compose';
import { restaurantDetails } from '@/lib/mail/restaurant';
import { receiptUrl } from '@/lib/mail/templates/order-messages';
import { shapeOrders } from '@/lib/orders/orders';
import { orderLabel } from '@/lib/orders/wording';
import { clockText, zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';

/**
 * What a notice says by push and by text, made when it is sent from the order as it is then (the
 * outbox keeps only what to send). Short, in the restaurant's name, with the receipt's link; a
 * text ends with how to stop them. The email of the same notice is lib/mail/compose.tsx's.
 */

export interface Notice {
  /** The push notification's title; a text starts with the restaurant's name instead. */
  title: string;
  body: string;
  url: string;
}

export async function composeNotice(doc: OutboxDoc): Promise<Notice> {
  const { payments } = await collections();
  const record = await payments.findOne({ _id: doc.ref });
  if (!record) throw new NothingToSay('The order no longer exists.');
  const [order] = shapeOrders([record]);
  const restaurant = await restaurantDetails();
  const label = orderLabel(order!);
  const url = receiptUrl(restaurant, order!);
  const table = order!.fulfilment?.kind === 'table' ? order!.fulfilment.table : null;
  switch (doc.kind) {
    case 'order-ready':
      return table === null
        ? { title: `Order ${label} is ready`, body: `Your order ${label} is ready for pickup. Give the number ${label} at the counter.`, url }
        : { title: `Order ${label} is on its way`, body: `Your order ${label} is on its way to table ${table}.`, url };
    case 'order-late': {
      if (!record.late) throw new NothingToSay('The order is no longer running late.');
      const at = clockText(zonedClock(record.late.readyBy, (await getSettings()).schedule.timeZone).minutes);
      return { title: `Order ${label} is running late`, body: `Sorry, your order ${label} is running late. It should be ready at about ${at}.`, url };
    }
    case 'order-refund': {
      const refund = record.refunds?.find((r) => r.id === doc.refundId);
      if (!refund) throw new NothingToSay('The order no longer carries this refund.');
      const why = refund.reason ? ` (${refund.reason})` : '';
      return { title: `Refund on order ${label}`, body: `We refunded ${formatCents(refund.cents)} on your order ${label}${why}. Your bank shows it in a few days.`, url };
    }
    case 'staff-alert':
      return { title: `New order ${label}`, body: `${order!.itemCount} ${order!.itemCount === 1 ? 'dish' : 'dishes'}${order!.name ? ` for ${order!.name}` : ''}: open the kitchen display.`, url: `${restaurant.url}/dashboard/kitchen` };
    default:
      throw new NothingToSay(`A ${doc.kind} message is sent by email only.`);
  }
}

/** A notice as a text: the restaurant's name first, the link, and how to stop. */
export async function noticeText(notice: Notice): Promise<string> {
  const { name } = await restaurantDetails();
  return `${name}: ${notice.body} ${notice.url} Reply STOP to stop texts.`;
}
