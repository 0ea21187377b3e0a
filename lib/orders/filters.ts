import type { Filter } from 'mongodb';
import type { PaymentDoc } from '@/lib/db/documents';
import { nameForms, prefixRange, startsWithSearch } from '@/lib/pagination/search';
import { dayRange } from '@/lib/pagination/days';
import { zonedClock } from '@/lib/settings/schedule';
import type { OrderFilters } from './schemas';
import type { Order } from './types';

/**
 * The filters of the order list, once for the database (each one served by an index declared in
 * lib/db/seed.ts) and once for an order the stream reports, so a list keeps only what it asked for.
 * Client-safe: the query is plain data.
 */

/** An order number, as typed: `1042` or `#1042`. */
const ORDER_NUMBER = /^#?(\d{1,9})$/;

/** The filters as a query, the days read in the restaurant's time zone. */
export function orderQuery({ status, fulfilment, from, to, search }: OrderFilters, timeZone: string): Filter<PaymentDoc> {
  const filter: Filter<PaymentDoc> = {};
  if (status) filter.status = status.length === 1 ? status[0]! : { $in: status };
  if (fulfilment) filter['fulfilment.kind'] = fulfilment;
  const paid = dayRange({ from, to }, timeZone);
  if (paid) filter.data = paid;
  if (search) {
    const number = ORDER_NUMBER.exec(search);
    if (number) filter.number = Number(number[1]);
    else filter.$or = [{ email: prefixRange(search.toLowerCase()) }, ...nameForms(search).map((form) => ({ name: prefixRange(form) }))];
  }
  return filter;
}

/** Whether `order` belongs in a list of these filters, its day read in the restaurant's time zone. */
export function orderMatches(order: Order, { status, fulfilment, from, to, search }: OrderFilters, timeZone: string): boolean {
  if (status && !status.includes(order.status)) return false;
  if (fulfilment && order.fulfilment?.kind !== fulfilment) return false;
  const day = zonedClock(new Date(order.data), timeZone).today;
  if ((from && day < from) || (to && day > to)) return false;
  if (search) {
    const number = ORDER_NUMBER.exec(search);
    return number ? order.number === Number(number[1]) : startsWithSearch(search, order.name, order.email);
  }
  return true;
}
