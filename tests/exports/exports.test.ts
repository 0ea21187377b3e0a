/** The restaurant's data as CSV, as an admin downloads it: every order with its lines, every customer, streamed. */
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as customersCsv } from '@/app/api/exports/customers/route';
import { GET as ordersCsv } from '@/app/api/exports/orders/route';
import { collections } from '@/lib/db';
import { csvField } from '@/lib/exports/csv';
import { request } from '../support/http';
import { makeAdmin, makeDiner, makeStaff, sessionTokenFor, type Person } from '../support/people';
import { orderDoc } from '../support/order-doc';

let admin: Person;

beforeAll(async () => {
  admin = await makeAdmin();
});

async function download(handler: (req: Request, ctx: never) => Promise<Response> | Response, path: string, as?: Person) {
  const headers: Record<string, string> = as ? { authorization: `Bearer ${await sessionTokenFor(as)}` } : {};
  const res = await handler(request('GET', path, { headers }), undefined as never);
  return { res, text: res.ok ? await res.text() : '', body: res.ok ? null : ((await res.json()) as { error: string }) };
}

/** Splits CSV text into rows of fields (quoted fields may hold commas, quotes and line breaks). */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  return rows;
}

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and never lets a spreadsheet run a formula', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(undefined)).toBe('');
  });
});

describe('GET /api/exports/orders', () => {
  it('answers every order, one row per line, with its money in dollars and what was refunded, as an attachment', async () => {
    const { payments } = await collections();
    const paidAt = new Date('2030-03-04T12:00:00Z');
    await payments.insertOne(
      orderDoc({
        number: 4242,
        name: '=cmd, "the" diner',
        data: paidAt,
        price: 31.33,
        subtotalCents: 2850,
        tipCents: 283,
        lines: [
          { menuId: 'a', name: 'Soup', category: 'soup', options: [], quantity: 2, unitCents: 950, lineCents: 1900, refundedQuantity: 1 },
          { menuId: 'b', name: 'Salad', category: 'salad', options: [], note: 'no onions, please', quantity: 1, unitCents: 950, lineCents: 950 },
        ],
        refunds: [{ id: 'r1', cents: 950, at: paidAt, status: 'done' }],
        refundedCents: 950,
      }),
    );
    const { res, text } = await download(ordersCsv, '/api/exports/orders', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="bistro-orders-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...rows] = parse(text);
    const at = (row: string[], column: string) => row[header!.indexOf(column)];
    const mine = rows.filter((row) => at(row, 'order') === '4242');
    expect(mine.map((row) => [at(row, 'line'), at(row, 'dish'), at(row, 'quantity'), at(row, 'line_total'), at(row, 'line_refunded_quantity'), at(row, 'note')])).toEqual([
      ['1', 'Soup', '2', '19.00', '1', ''],
      ['2', 'Salad', '1', '9.50', '0', 'no onions, please'],
    ]);
    expect(mine.map((row) => [at(row, 'name'), at(row, 'order_total'), at(row, 'order_tip'), at(row, 'order_refunded'), at(row, 'paid_at')])[0]).toEqual([
      `'=cmd, "the" diner`,
      '31.33',
      '2.83',
      '9.50',
      paidAt.toISOString(),
    ]);
  });

  it('streams past one page of orders: each order once, in the order they were written', async () => {
    const { payments } = await collections();
    const before = parse((await download(ordersCsv, '/api/exports/orders', admin)).text).length - 1;
    await payments.insertMany(Array.from({ length: 2345 }, (_, i) => orderDoc({ email: `bulk${i}@bistro.test` })));
    const { text } = await download(ordersCsv, '/api/exports/orders', admin);
    const rows = parse(text).slice(1);
    expect(rows).toHaveLength(before + 2345);
    const bulk = rows.map((row) => row[2]!).filter((email) => email.startsWith('bulk'));
    expect(bulk).toEqual(Array.from({ length: 2345 }, (_, i) => `bulk${i}@bistro.test`));
  });

  it('is for admins only: staff and diners get 403, a visitor 401, and no CSV', async () => {
    for (const [who, status] of [[await makeStaff(), 403], [await makeDiner(), 403], [undefined, 401]] as const) {
      const { res, body } = await download(ordersCsv, '/api/exports/orders', who);
      expect(res.status).toBe(status);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('GET /api/exports/customers', () => {
  it('answers every account with its email, name and role', async () => {
    const diner = await makeDiner({ name: 'Zed, Customer' });
    const { res, text } = await download(customersCsv, '/api/exports/customers', admin);
    expect(res.status).toBe(200);
    const [header, ...rows] = parse(text);
    expect(header).toEqual(['email', 'name', 'role', 'email_verified', 'signed_up', 'ready_emails']);
    expect(rows.find((row) => row[0] === diner.email)?.slice(0, 3)).toEqual([diner.email, 'Zed, Customer', 'diner']);
    expect(rows.find((row) => row[0] === admin.email)?.[2]).toBe('admin');
    expect((await download(customersCsv, '/api/exports/customers', await makeStaff())).res.status).toBe(403);
  });
});
