/**
 * A history of orders for the embedded store's tests of what SQL answers (lib/docstore/compile.ts):
 * orders over the last 400 days in every status, and every query shape the app sends to the
 * orders, to compare a collection with the app's indexes and one without.
 */
import { BSON, ObjectId, type Document } from 'mongodb';
import type { AppCollection } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import { nameForms, prefixRange } from '@/lib/pagination/search';
import { orderDoc } from './order-doc';

export const COUNT = 400;
export const DAY = 86_400_000;
const STATUSES = ['completed', 'completed', 'cancelled', 'pending', 'ready', 'completed'] as const;
/** Characters JavaScript and SQLite order differently (UTF-16 units against code points): a surrogate pair, and two above it. */
const HIGH = ['\u{1F600}', '\uF000', '\uE000'];

/** Orders over the last 400 days, newest last, in every status, of three diners (some names with HIGH characters), numbered. */
export function history(): Array<PaymentDoc & { _id: ObjectId }> {
  const now = Date.now();
  return Array.from({ length: COUNT }, (_, i) => {
    const paid = new Date(now - (COUNT - i) * DAY + (i % 7) * 1000);
    const owner = ['ann', 'bob', 'cy'][i % 3]!;
    return {
      ...orderDoc({
        ownerUid: owner,
        email: `${owner}@bistro.test`,
        name: `${owner[0]!.toUpperCase()}${owner.slice(1)}${i % 10 === 9 ? HIGH[i % 3] : ''} ${i % 5}`,
        data: paid,
        updatedAt: new Date(paid.getTime() + 3_600_000),
        status: STATUSES[i % STATUSES.length]!,
        number: i + 1,
        price: 10 + (i % 40),
        fulfilment: i % 4 ? { kind: 'pickup', date: paid.toISOString().slice(0, 10), time: '12:00', asap: false } : { kind: 'table', table: 1 + (i % 9) },
      }),
      _id: ObjectId.createFromTime(Math.floor(paid.getTime() / 1000)),
    };
  });
}

export const text = (value: unknown) => BSON.EJSON.stringify(value as Document, { relaxed: true });

/** Every query shape the app sends to the orders, each read from one collection. */
export function queryShapes(orders: ReadonlyArray<PaymentDoc & { _id: ObjectId }>): Array<[string, (c: AppCollection<PaymentDoc>) => Promise<unknown>]> {
  const some = orders.filter((_, i) => i % 37 === 0);
  const from = new Date(Date.now() - 200 * DAY);
  const to = new Date(Date.now() - 20 * DAY);
  return [
    ['all, in insertion order', (c) => c.find({}).toArray()],
    ['the newest page', (c) => c.find({}).sort({ data: -1, _id: -1 }).limit(25).toArray()],
    ['a status, a page further on', (c) => c.find({ status: 'completed' }).sort({ data: -1, _id: -1 }).skip(10).limit(30).toArray()],
    ['statuses', (c) => c.find({ status: { $in: ['cancelled', 'ready'] } }).sort({ data: -1, _id: -1 }).limit(40).toArray()],
    ["a diner's newest", (c) => c.find({ ownerUid: 'bob' }).sort({ data: -1, _id: -1 }).limit(7).toArray()],
    ["a diner's oldest", (c) => c.find({ ownerUid: 'cy' }).sort({ data: 1, _id: 1 }).limit(3).toArray()],
    ['by number', (c) => Promise.all([1, 17, 200, 399, 400, 401].map((number) => c.findOne({ number })))],
    ['by transaction', (c) => Promise.all(some.map((o) => c.findOne({ transactionId: o.transactionId })))],
    ['by id', (c) => Promise.all(some.map((o) => c.findOne({ _id: o._id })))],
    ['by ids', (c) => c.find({ _id: { $in: some.map((o) => o._id) } }).toArray()],
    ['a range of days', (c) => c.find({ data: { $gte: from, $lt: to } }).sort({ data: 1 }).toArray()],
    ['changed since', (c) => c.find({ updatedAt: { $gte: from } }).sort({ updatedAt: -1, _id: -1 }).limit(20).toArray()],
    ['a search by email or name', (c) => c.find({ $or: [{ email: { $gte: 'an', $lt: 'ao' } }, { name: { $gte: 'Cy 3', $lt: 'Cy 4' } }] }).sort({ data: -1, _id: -1 }).limit(15).toArray()],
    ['tables', (c) => c.find({ 'fulfilment.kind': 'table' }).sort({ data: -1, _id: -1 }).limit(12).toArray()],
    ['a search by the start of an email or a name', (c) => c.find({ $or: [{ email: prefixRange('bo') }, ...nameForms('cy').map((form) => ({ name: prefixRange(form) }))] }).sort({ data: -1, _id: -1 }).limit(15).toArray()],
    ['its count', (c) => c.find({ $or: [{ email: prefixRange('bo') }, { name: prefixRange('Cy') }] }, { projection: { _id: 1 } }).sort({ data: -1, _id: -1 }).limit(120).toArray()],
    ['names past U+D800', (c) => Promise.all([
      c.find({ name: prefixRange('Ann') }).sort({ data: -1, _id: -1 }).limit(200).toArray(),
      c.find({ name: { $gt: 'Ann\uE000', $lte: 'Bob\u{1F600}' } }).sort({ _id: 1 }).toArray(),
      c.find({ name: { $gte: 'Ann\u{1F600}', $lt: 'Ann\uF000 4' } }).sort({ data: 1 }).limit(50).toArray(),
      c.find({ name: { $lt: '\uE000' } }).sort({ data: -1, _id: -1 }).limit(5).toArray(),
    ])],
    ['a status and pickups', (c) => c.find({ status: 'completed', 'fulfilment.kind': 'pickup' }).sort({ data: -1, _id: -1 }).limit(30).toArray()],
    ['a status and tables, without a sort', (c) => c.find({ status: { $in: ['completed', 'cancelled'] }, 'fulfilment.kind': 'table' }).limit(20).toArray()],
    ['no index', (c) => c.find({ price: { $gt: 45 } }).toArray()],
    ['the first without a sort', (c) => c.findOne({ status: 'cancelled' })],
    ['counts', (c) => Promise.all([c.countDocuments({}), c.countDocuments({ status: 'cancelled' }), c.countDocuments({ status: 'pending' })])],
    ['a projection', (c) => c.find({ ownerUid: 'ann' }, { projection: { number: 1, status: 1 } }).sort({ data: -1 }).limit(9).toArray()],
    ['a report', (c) => c.aggregate([{ $match: { data: { $gte: from } } }, { $group: { _id: '$status', n: { $sum: 1 }, cents: { $sum: '$subtotalCents' } } }, { $sort: { _id: 1 } }]).toArray()],
    ['a pipeline without $match', (c) => c.aggregate([{ $group: { _id: '$ownerUid', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray()],
    ['the newest by a pipeline', (c) => c.aggregate([{ $match: { ownerUid: 'ann' } }, { $sort: { data: -1 } }, { $limit: 4 }]).toArray()],
  ];
}
