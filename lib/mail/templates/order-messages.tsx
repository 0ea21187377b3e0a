import { Button, Column, Link, Row, Section, Text } from '@react-email/components';
import type { CSSProperties } from 'react';
import { fulfilmentDetail } from '@/lib/fulfilment/labels';
import { describeSelection } from '@/lib/menu/pricing';
import { formatCents, formatPrice, toCents } from '@/lib/menu/money';
import type { Order } from '@/lib/orders/types';
import { orderLabel } from '@/lib/orders/wording';
import { discountLabel } from '@/lib/promos/rules';
import { taxLabel } from '@/lib/tax/tax';
import type { Restaurant } from '../restaurant';
import { MailLayout, styles } from './layout';

/** The messages about an order: its receipt, the restaurant's new-order notice, ready, cancelled and refunded. */

export interface RefundLine {
  cents: number;
  reason?: string;
}

export interface OrderMailProps {
  restaurant: Restaurant;
  order: Order;
  /** What was given back so far, oldest first. */
  refunds: RefundLine[];
}

const cell: CSSProperties = { fontSize: '14px', lineHeight: '20px', padding: '6px 0', verticalAlign: 'top' };
const amount: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' };
const total: CSSProperties = { ...amount, fontWeight: 700, fontSize: '16px' };

export const receiptUrl = (restaurant: Restaurant, order: Order) => `${restaurant.url}/dashboard/orders/${order._id}`;
const refundedCents = (refunds: RefundLine[]) => refunds.reduce((sum, refund) => sum + refund.cents, 0);
const howServed = (order: Order) => (order.fulfilment ? fulfilmentDetail(order.fulfilment) : null);

/** The lines as bought, with their choices and notes, then the subtotal, a promo code's discount, the tax of each rate, tip, total and any refunds. */
function Lines({ order, refunds }: { order: Order; refunds: RefundLine[] }) {
  const refunded = refundedCents(refunds);
  return (
    <Section>
      {order.items.map((item, i) => {
        const chosen = describeSelection(item.options);
        return (
          <Row key={i}>
            <Column style={cell}>
              <strong>
                {item.quantity} × {item.name}
              </strong>
              {chosen ? <Text style={styles.small}>{chosen}</Text> : null}
              {item.note ? <Text style={styles.small}>Note: “{item.note}”</Text> : null}
            </Column>
            <Column style={amount}>{formatCents(item.lineCents)}</Column>
          </Row>
        );
      })}
      <Row>
        <Column style={cell}>Subtotal</Column>
        <Column style={amount}>{formatPrice(order.subtotal)}</Column>
      </Row>
      {order.discount ? (
        <Row>
          <Column style={cell}>Promo code</Column>
          <Column style={amount}>{discountLabel(order.discount.code, order.discount.cents)}</Column>
        </Row>
      ) : null}
      {order.tax?.lines.map((line) => (
        <Row key={`tax-${line.id}`}>
          <Column style={cell}>{taxLabel(line, order.tax!.mode)}</Column>
          <Column style={amount}>{formatCents(line.taxCents)}</Column>
        </Row>
      ))}
      <Row>
        <Column style={cell}>Tip{order.tipPercent !== undefined ? ` (${order.tipPercent} %)` : ''}</Column>
        <Column style={amount}>{formatPrice(order.tip)}</Column>
      </Row>
      <Row>
        <Column style={{ ...cell, fontWeight: 700, fontSize: '16px' }}>Total</Column>
        <Column style={total}>{formatPrice(order.price)}</Column>
      </Row>
      {refunds.map((refund, i) => (
        <Row key={`refund-${i}`}>
          <Column style={cell}>Refunded{refund.reason ? `: ${refund.reason}` : ''}</Column>
          <Column style={amount}>−{formatCents(refund.cents)}</Column>
        </Row>
      ))}
      {refunded ? (
        <Row>
          <Column style={{ ...cell, fontWeight: 700 }}>You paid in the end</Column>
          <Column style={total}>{formatCents(toCents(order.price) - refunded)}</Column>
        </Row>
      ) : null}
    </Section>
  );
}

/** To the diner when the payment goes through: the receipt. */
export function OrderConfirmation({ restaurant, order, refunds }: OrderMailProps) {
  const label = orderLabel(order);
  const served = howServed(order);
  return (
    <MailLayout restaurant={restaurant} preview={`Order ${label}: ${formatPrice(order.price)}. ${served ?? ''}`}>
      <Text style={styles.heading}>Thank you{order.name ? `, ${order.name}` : ''}! Your order {label} is in.</Text>
      {served ? <Text style={styles.text}>{served}.</Text> : null}
      <Lines order={order} refunds={refunds} />
      <Text style={styles.small}>Paid {new Date(order.data).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} · transaction {order.transactionId}</Text>
      <Section style={{ marginTop: '20px' }}>
        <Button href={receiptUrl(restaurant, order)} style={styles.button}>
          View your receipt
        </Button>
      </Section>
    </MailLayout>
  );
}

/** To the restaurant, when an order is paid while no kitchen display is connected. */
export function NewOrder({ restaurant, order, refunds }: OrderMailProps) {
  const label = orderLabel(order);
  return (
    <MailLayout restaurant={restaurant} preview={`New order ${label}: ${howServed(order) ?? ''}`}>
      <Text style={styles.heading}>New order {label}</Text>
      <Text style={styles.text}>
        No kitchen display was connected when it was paid. {howServed(order) ?? 'How it is served was not recorded'}.
        {order.name ? ` For ${order.name} (${order.email}).` : ` For ${order.email}.`}
      </Text>
      <Lines order={order} refunds={refunds} />
      <Section style={{ marginTop: '20px' }}>
        <Button href={`${restaurant.url}/dashboard/kitchen`} style={styles.button}>
          Open the kitchen display
        </Button>
      </Section>
    </MailLayout>
  );
}

/** To the diner when the kitchen marks the order ready. */
export function OrderReady({ restaurant, order }: OrderMailProps) {
  const label = orderLabel(order);
  const table = order.fulfilment?.kind === 'table' ? order.fulfilment.table : null;
  const headline = table === null ? `Your order ${label} is ready for pickup` : `Your order ${label} is on its way to table ${table}`;
  return (
    <MailLayout restaurant={restaurant} preview={headline}>
      <Text style={styles.heading}>{headline}.</Text>
      {table === null ? (
        <Text style={styles.text}>
          Come to the counter at {restaurant.address} and give the number {label}.
          {order.fulfilment?.kind === 'pickup' ? ` You chose ${order.fulfilment.time}.` : ''}
        </Text>
      ) : (
        <Text style={styles.text}>Enjoy your meal!</Text>
      )}
      <Text style={styles.text}>
        <Link href={receiptUrl(restaurant, order)}>Your receipt</Link>
      </Text>
    </MailLayout>
  );
}

/** To the diner when the order runs late (by email when they have no push or texts): the new time. */
export function OrderLate({ restaurant, order, readyAt }: OrderMailProps & { readyAt: string }) {
  const label = orderLabel(order);
  return (
    <MailLayout restaurant={restaurant} preview={`Your order ${label} is running late`}>
      <Text style={styles.heading}>Sorry: your order {label} is running late.</Text>
      <Text style={styles.text}>It should be ready at about {readyAt}. We are on it.</Text>
      <Text style={styles.text}>
        <Link href={receiptUrl(restaurant, order)}>Your receipt</Link>
      </Text>
    </MailLayout>
  );
}

/** To the diner when the restaurant cancels the order; the refund shows once the order carries one. */
export function OrderCancelled({ restaurant, order, refunds }: OrderMailProps) {
  const label = orderLabel(order);
  const refunded = refundedCents(refunds);
  return (
    <MailLayout restaurant={restaurant} preview={`Your order ${label} was cancelled`}>
      <Text style={styles.heading}>Your order {label} was cancelled.</Text>
      {refunded ? (
        <Text style={styles.text}>
          We refunded {formatCents(refunded)} to the card you paid with. Your bank may take a few days to show it.
        </Text>
      ) : (
        <Text style={styles.text}>
          We are sorry. Questions about the payment? Call us on {restaurant.phone} or reply to this email.
        </Text>
      )}
      <Lines order={order} refunds={refunds} />
      <Text style={styles.text}>
        <Link href={receiptUrl(restaurant, order)}>Your receipt</Link>
      </Text>
    </MailLayout>
  );
}

/** To the diner for one refund of part of the order. */
export function OrderRefund({ restaurant, order, refunds, refund }: OrderMailProps & { refund: RefundLine }) {
  const label = orderLabel(order);
  return (
    <MailLayout restaurant={restaurant} preview={`We refunded ${formatCents(refund.cents)} of order ${label}`}>
      <Text style={styles.heading}>
        We refunded {formatCents(refund.cents)} of your order {label}.
      </Text>
      {refund.reason ? <Text style={styles.text}>Why: {refund.reason}</Text> : null}
      <Text style={styles.text}>It goes back to the card you paid with; your bank may take a few days to show it.</Text>
      <Lines order={order} refunds={refunds} />
      <Text style={styles.text}>
        <Link href={receiptUrl(restaurant, order)}>Your receipt</Link>
      </Text>
    </MailLayout>
  );
}
