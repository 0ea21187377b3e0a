import 'server-only';
import { toPlainText, render } from '@react-email/render';
import type { ReactElement } from 'react';
import { collections } from '@/lib/db';
import type { OutboxDoc } from '@/lib/db/documents';
import { formatCents, formatPrice } from '@/lib/menu/money';
import { shapeOrders } from '@/lib/orders/orders';
import type { Order } from '@/lib/orders/types';
import { orderLabel } from '@/lib/orders/wording';
import { restaurantDetails, type Restaurant } from './restaurant';
import { BookingMessage, bookingWhen, type BookingFacts, type BookingMailKind } from './templates/booking-messages';
import { NewOrder, OrderCancelled, OrderConfirmation, OrderLate, OrderReady, OrderRefund, type RefundLine } from './templates/order-messages';
import { clockText, zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';

/**
 * A message as it goes out, made when it is sent from the order or booking as it is then: the
 * outbox keeps only what to send and to whom. One render gives the HTML; the text part is read
 * from it.
 */
export interface ComposedMail {
  /** The recipient's name, for the To header. */
  toName?: string;
  subject: string;
  html: string;
  text: string;
}

/** The record the message reports is gone (a deleted booking): nothing can be said. */
export class NothingToSay extends Error {}

async function composed(toName: string | undefined, subject: string, element: ReactElement): Promise<ComposedMail> {
  const html = await render(element);
  return { ...(toName ? { toName } : {}), subject, html, text: toPlainText(html) };
}

function orderSubject(doc: OutboxDoc, order: Order, restaurant: Restaurant, refund: RefundLine | undefined): string {
  const label = orderLabel(order);
  switch (doc.kind) {
    case 'order-confirmation':
      return `Your order ${label} at ${restaurant.name}: ${formatPrice(order.price)}`;
    case 'order-new':
      return `New order ${label}${order.name ? ` for ${order.name}` : ''}: ${formatPrice(order.price)}`;
    case 'order-ready':
      return order.fulfilment?.kind === 'table' ? `On its way to table ${order.fulfilment.table}: order ${label}` : `Ready for pickup: order ${label}`;
    case 'order-late':
      return `Running late: your order ${label}`;
    case 'order-cancelled':
      return `Your order ${label} was cancelled`;
    default:
      return `Refund of ${formatCents(refund?.cents ?? 0)} on order ${label}`;
  }
}

async function composeOrderMail(doc: OutboxDoc, restaurant: Restaurant): Promise<ComposedMail> {
  const { payments } = await collections();
  const record = await payments.findOne({ _id: doc.ref });
  if (!record) throw new NothingToSay('The order no longer exists.');
  const [order] = await shapeOrders([record]);
  // Only money actually given back: a refund under way or failed is not the diner's yet.
  const refunds = (record.refunds ?? []).filter((r) => (r.status ?? 'done') === 'done').map(({ cents, reason }) => ({ cents, ...(reason ? { reason } : {}) }));
  const props = { restaurant, order: order!, refunds };
  const refund = record.refunds?.find((r) => r.id === doc.refundId);
  const subject = orderSubject(doc, order!, restaurant, refund);
  const toName = doc.kind === 'order-new' ? restaurant.name : record.name;
  switch (doc.kind) {
    case 'order-confirmation':
      return composed(toName, subject, <OrderConfirmation {...props} />);
    case 'order-new':
      return composed(toName, subject, <NewOrder {...props} />);
    case 'order-ready':
      return composed(toName, subject, <OrderReady {...props} />);
    case 'order-late': {
      if (!record.late) throw new NothingToSay('The order is no longer running late.');
      const readyAt = clockText(zonedClock(record.late.readyBy, (await getSettings()).schedule.timeZone).minutes);
      return composed(toName, subject, <OrderLate {...props} readyAt={readyAt} />);
    }
    case 'order-cancelled':
      return composed(toName, subject, <OrderCancelled {...props} />);
    case 'staff-alert':
      throw new NothingToSay('Staff alerts go by push only.');
    default:
      if (!refund) throw new NothingToSay('The order no longer carries this refund.');
      return composed(toName, subject, <OrderRefund {...props} refund={refund} />);
  }
}

const BOOKING_SUBJECTS: Record<BookingMailKind, (when: string, restaurant: Restaurant) => string> = {
  received: (when, r) => `${r.name}: we have your booking request for ${when}`,
  confirmed: (when, r) => `${r.name}: your table is booked for ${when}`,
  cancelled: (when, r) => `${r.name}: your booking for ${when} is cancelled`,
  expired: (when, r) => `${r.name}: we could not confirm your booking for ${when}`,
};

async function composeBookingMail(doc: OutboxDoc, restaurant: Restaurant): Promise<ComposedMail> {
  const { bookings } = await collections();
  const record = await bookings.findOne({ _id: doc.ref });
  if (!record) throw new NothingToSay('The booking no longer exists.');
  const kind = doc.kind.slice('booking-'.length) as BookingMailKind;
  const booking: BookingFacts = { name: record.name, date: record.date, time: record.time, guests: record.guests, ...(record.note ? { note: record.note } : {}) };
  return composed(record.name, BOOKING_SUBJECTS[kind](bookingWhen(booking), restaurant), <BookingMessage restaurant={restaurant} booking={booking} kind={kind} />);
}

export async function composeMail(doc: OutboxDoc): Promise<ComposedMail> {
  const restaurant = await restaurantDetails();
  return doc.kind.startsWith('booking-') ? composeBookingMail(doc, restaurant) : composeOrderMail(doc, restaurant);
}
