/** Tax from the settings to the charge, the order, its receipt and its emails' source: the server's own figures. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getOrder } from '@/app/api/orders/[id]/route';
import { PATCH as patchMenuItem } from '@/app/api/menu/[id]/route';
import { ObjectId } from 'mongodb';
import { collections } from '@/lib/db';
import { composeMail } from '@/lib/mail/compose';
import type { Order } from '@/lib/orders/types';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeDiner } from '../support/people';
import { changeSettings, testAdmin } from '../support/settings';
import { addLines, checkout, historyOf, payFor } from '../payments/support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let soup: string;
let salad: string;

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup, salad } = await pricedMenuItems());
});
afterAll(async () => {
  await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
});

const receipt = async (id: string, as: Awaited<ReturnType<typeof makeDiner>>) => (await call<Order>(getOrder, `/api/orders/${id}`, { as }, params({ id }))).body;

describe('tax at checkout', () => {
  it('adds sales tax per rate to the charge, with a dish in its own class, and never taxes the tip', async () => {
    await changeSettings((s) => {
      s.tax = { mode: 'added', rates: [{ id: 'food', name: 'Sales tax', percent: 8.875 }, { id: 'drink', name: 'Liquor tax', percent: 10 }] };
    });
    const { person: admin } = await testAdmin();
    const patched = await call(patchMenuItem, `/api/menu/${salad}`, { method: 'PATCH', as: admin, json: { taxRate: 'drink' } }, params({ id: salad }));
    expect(patched.status).toBe(200);
    try {
      const diner = await makeDiner();
      // 3 × 14.50 = 43.50 at 8.875 % = 3.86; 9.95 at 10 % = 0.995 → 1.00; a 10 % tip of 53.45 = 5.35 (5.345 half up).
      const { intent, result } = await payFor(diner, [soup, soup, soup, salad], { tip: { percent: 10 } });
      const tax = {
        mode: 'added',
        cents: 486,
        lines: [
          { id: 'food', name: 'Sales tax', percent: 8.875, baseCents: 4350, taxCents: 386 },
          { id: 'drink', name: 'Liquor tax', percent: 10, baseCents: 995, taxCents: 100 },
        ],
      };
      expect(intent).toMatchObject({ subtotal: 53.45, tip: 5.35, tax, price: (5345 + 486 + 535) / 100 });
      const order = await receipt(result.paymentResult.insertedId, diner);
      expect(order).toMatchObject({ price: 63.66, subtotal: 53.45, tip: 5.35, tax });
      expect((await historyOf(diner))[0]).toMatchObject({ price: 63.66, tax });
      // The receipt by email shows one line per rate.
      const { outbox } = await collections();
      const confirmation = await outbox.findOne({ kind: 'order-confirmation', ref: new ObjectId(result.paymentResult.insertedId) });
      const mail = await composeMail(confirmation!);
      expect(mail.text).toMatch(/Sales tax 8\.875 %\s+\$3\.86/);
      expect(mail.text).toMatch(/Liquor tax 10 %\s+\$1\.00/);
      expect(mail.text).toMatch(/Total\s+\$63\.66/);

      // A later change of rates never rewrites what was charged.
      await changeSettings((s) => void (s.tax.rates = [{ id: 'food', name: 'Sales tax', percent: 5 }]));
      expect((await receipt(result.paymentResult.insertedId, diner)).tax).toEqual(tax);
    } finally {
      await call(patchMenuItem, `/api/menu/${salad}`, { method: 'PATCH', as: admin, json: { taxRate: '' } }, params({ id: salad }));
    }
  });

  it('shows the VAT that prices include without changing the charge', async () => {
    await changeSettings((s) => void (s.tax = { mode: 'inclusive', rates: [{ id: 'std', name: 'VAT', percent: 20 }] }));
    const diner = await makeDiner();
    await addLines(diner, [soup, salad]);
    const { body } = await checkout(diner);
    // 24.45 including 20 % VAT: 2445 / 6 = 407.5 → 408.
    expect(body).toMatchObject({ price: 24.45, subtotal: 24.45, tax: { mode: 'inclusive', cents: 408, lines: [{ name: 'VAT', percent: 20, baseCents: 2445, taxCents: 408 }] } });
  });

  it('charges no tax, and shows none, while the settings have no rate', async () => {
    await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
    const diner = await makeDiner();
    await addLines(diner, [salad]);
    const { body } = await checkout(diner);
    expect(body.price).toBe(9.95);
    expect(body).not.toHaveProperty('tax');
  });

  it('refuses a dish tax class that is not a rate id, changing nothing', async () => {
    const { person: admin } = await testAdmin();
    const res = await call<{ error: string }>(patchMenuItem, `/api/menu/${salad}`, { method: 'PATCH', as: admin, json: { taxRate: 'Food & drink' } }, params({ id: salad }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/taxRate/);
  });
});
