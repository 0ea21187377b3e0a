/**
 * How the kitchen display arranges tickets and how a live list follows the order stream: pure
 * functions, checked with orders as the API sends them.
 */
import { describe, expect, it } from 'vitest';
import { ageTone, columnTickets, formatAge, isOpen } from '@/components/kitchen/tickets';
import { withOrder, withStatus } from '@/components/orders/live-orders';
import type { Order, OrderStatus } from '@/lib/orders/types';
import { fulfilmentLabel } from '@/lib/fulfilment/labels';
import { dinerStatusLabel, orderLabel } from '@/lib/orders/wording';

let serial = 0;
function order(status: OrderStatus, paid: string, extra: Partial<Order> = {}): Order {
  const _id = `64b000000000000000000${String(++serial).padStart(3, '0')}`;
  return { _id, email: 'd@bistro.test', price: 9, subtotal: 9, tip: 0, transactionId: `tx-${serial}`, data: paid, updatedAt: paid, itemCount: 1, items: [{ name: 'Soup', quantity: 1, options: [], unitCents: 900, lineCents: 900 }], status, history: [{ status: 'pending', at: paid }], ...extra };
}

describe('a column of the kitchen display', () => {
  it('has its status only, the ticket due first on top: a pickup by its slot, any other by when it was paid', () => {
    // Payment times on this machine's clock, as the kitchen screen reads the pickup slots.
    const at = (time: string) => new Date(`2030-01-01T${time}`).toISOString();
    const pickup = (time: string) => ({ kind: 'pickup' as const, date: '2030-01-01', time, asap: false });
    const late = order('pending', at('18:20'));
    const early = order('pending', at('18:05'));
    const pickupSoon = order('pending', at('18:30'), { fulfilment: pickup('18:10') });
    const pickupLater = order('pending', at('17:00'), { fulfilment: pickup('19:00') });
    const table = order('pending', at('18:15'), { fulfilment: { kind: 'table', table: 7 } });
    const cooking = order('preparing', at('18:00'));
    const shuffled = [late, cooking, pickupLater, table, early, pickupSoon];
    expect(columnTickets(shuffled, 'pending').map((o) => o._id)).toEqual([early, pickupSoon, table, late, pickupLater].map((o) => o._id));
    expect(columnTickets(shuffled, 'preparing')).toEqual([cooking]);
  });

  it('keeps the open statuses only', () => {
    expect((['pending', 'preparing', 'ready', 'completed', 'cancelled'] as const).map((s) => isOpen(order(s, '2030-01-01T18:00:00Z')))).toEqual([true, true, true, false, false]);
  });

  it('turns a ticket amber, then red, past the thresholds, and says its age', () => {
    const settings = { amberMinutes: 10, redMinutes: 20 };
    expect([0, 9.9, 10, 19.9, 20, 95].map((m) => ageTone(m * 60_000, settings))).toEqual(['fresh', 'fresh', 'late', 'late', 'overdue', 'overdue']);
    expect([-5, 0, 59.9, 61, 125].map((m) => formatAge(m * 60_000))).toEqual(['0 min', '0 min', '59 min', '1 h 01', '2 h 05']);
  });

  it('names a ticket by its number once orders have one, by the end of its id until then', () => {
    expect(orderLabel({ _id: '64b0000000000000000a1b2c' })).toBe('#1B2C');
    expect(orderLabel({ _id: '64b0000000000000000a1b2c', number: 42 })).toBe('#42');
    expect(fulfilmentLabel({ kind: 'table', table: 7 })).toBe('Table 7');
    expect(fulfilmentLabel({ kind: 'pickup', date: '2030-01-01', time: '18:30', asap: false })).toBe('Pickup 18:30');
  });
});

describe('what a diner is told', () => {
  it('words each status, the ready one by how the order is served', () => {
    expect((['pending', 'preparing', 'ready', 'completed', 'cancelled'] as const).map((status) => dinerStatusLabel({ status }))).toEqual([
      'Order received',
      'Being prepared',
      'Ready for pickup',
      'Picked up',
      'Cancelled',
    ]);
    expect(dinerStatusLabel({ status: 'ready', fulfilment: { kind: 'table', table: 7 } })).toBe('On its way to table 7');
  });
});

describe('a live list following the stream', () => {
  const open = (o: Order) => isOpen(o);

  it('adds a new order newest first, moves one on in place, and drops one that leaves the list', () => {
    const a = order('pending', '2030-01-01T18:00:00Z');
    const b = order('pending', '2030-01-01T18:05:00Z');
    let list = withOrder([a], b, open);
    expect(list.map((o) => o._id)).toEqual([b._id, a._id]);
    list = withOrder(list, { ...a, status: 'preparing' }, open);
    expect(list.map((o) => [o._id, o.status])).toEqual([[b._id, 'pending'], [a._id, 'preparing']]);
    list = withOrder(list, { ...a, status: 'completed' }, open);
    expect(list.map((o) => o._id)).toEqual([b._id]);
    // An order that never was on the list and does not belong stays off it.
    expect(withOrder(list, { ...a, status: 'cancelled' }, open)).toBe(list);
  });

  it('never puts an older state over a newer one (a catch-up may repeat what came live)', () => {
    const a = order('ready', '2030-01-01T18:00:00Z');
    expect(withOrder([a], { ...a, status: 'preparing' }, open)).toEqual([a]);
    const payments = [{ _id: a._id, status: 'ready' as OrderStatus, price: 9 }];
    expect(withStatus(payments, { _id: a._id, status: 'pending' })).toEqual(payments);
    expect(withStatus(payments, { _id: a._id, status: 'completed' })).toEqual([{ _id: a._id, status: 'completed', price: 9 }]);
  });
});
