/** The embedded store's documents as text, read back as the driver's EJSON reads them. */
import { BSON, Decimal128, Long, ObjectId, type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { decode, encode } from '@/lib/docstore';

const { EJSON } = BSON;

/** Orders of varied shapes, as the history holds them: enough of them that V8 optimizes the decoder. */
function orders(count: number): Document[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: new ObjectId(),
    number: i,
    email: `diner${i % 97}@bistro.test`,
    status: ['paid', 'completed', 'cancelled'][i % 3],
    data: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    price: i % 2 ? 12.5 + i : 12 + i,
    ...(i % 5 ? { tax: { cents: i, mode: 'inclusive' } } : {}),
    ...(i % 7 === 0 ? { refunds: [{ cents: 100, at: new Date(Date.UTC(2026, 1, 1)), by: new ObjectId() }] } : {}),
    lines: Array.from({ length: 1 + (i % 4) }, (_, j) => ({
      name: `Dish ${j}`,
      quantity: j + 1,
      unitCents: 950 + j,
      options: j % 2 ? [{ group: 'Size', choice: 'Large' }] : [],
      ...(i % 11 === 0 ? { exact: Decimal128.fromString('19.99'), stock: Long.fromNumber(2 ** 40) } : {}),
    })),
    fulfilment: i % 3 ? { kind: 'pickup', slot: new Date(Date.UTC(2026, 0, 2)) } : { kind: 'table', table: `T${i % 9}` },
    empty: {},
    nothing: null,
  }));
}

describe('the codec', () => {
  it('reads back every value as relaxed EJSON does, over thousands of documents of varied shapes', () => {
    const docs = orders(3000);
    const decoded = docs.map((doc) => decode(encode(doc)));
    const expected = docs.map((doc) => EJSON.parse(EJSON.stringify(doc, { relaxed: true }), { relaxed: true }) as Document);
    expect(decoded.map((doc) => EJSON.stringify(doc, { relaxed: false }))).toEqual(expected.map((doc) => EJSON.stringify(doc, { relaxed: false })));
    expect(decoded[0]!._id).toBeInstanceOf(ObjectId);
    expect(decoded[0]!.data).toBeInstanceOf(Date);
    expect(decoded[7]!.refunds[0].by).toBeInstanceOf(ObjectId);
    expect(decoded[11]!.lines[0].exact).toBeInstanceOf(Decimal128);
    expect(typeof decoded[1]!.price).toBe('number');
  });

  it('writes every date with its milliseconds, so that dates order as their text', () => {
    const whole = new Date('2026-01-02T03:04:05.000Z');
    const later = new Date('2026-01-02T03:04:05.120Z');
    expect(encode({ at: whole })).toBe('{"at":{"$date":"2026-01-02T03:04:05.000Z"}}');
    expect(encode(whole) < encode(later)).toBe(true);
    expect(decode<{ at: Date }>(encode({ at: whole })).at).toEqual(whole);
    // Outside the years ISO text holds in four digits, relaxed EJSON's own form.
    expect(decode<{ at: Date }>(encode({ at: new Date(-1000) })).at).toEqual(new Date(-1000));
    expect(decode<{ n: number }>(encode({ n: Number.POSITIVE_INFINITY })).n).toBe(Number.POSITIVE_INFINITY);
  });
});
