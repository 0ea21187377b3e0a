import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Payment } from '../lib/payments/types';
import { axeViolations } from './layout';
import { ADMIN, addDish, createAccount, fillDemoCard, login, pickupAtEarliestTime, signedIn, whenHydrated } from './support';

/**
 * Texts and "I'm here", in a real browser against the production server: a diner ticks the
 * consent box at checkout and the text of "ready" lands in the SMS catcher the test run started
 * (scripts/sms-catcher.mjs, whose API lists what it caught); a diner taps "I'm here" on the
 * receipt and the kitchen display shows it within 2 s. Each journey makes its own diner.
 */

interface CaughtText {
  to: string;
  body: string;
}

const textsTo = async (phone: string): Promise<CaughtText[]> =>
  ((await (await fetch(`${process.env.E2E_SMS_INBOX}/api/messages`)).json()) as CaughtText[]).filter((text) => text.to === phone);

async function newestOrder(diner: Page, email: string): Promise<Payment> {
  const [order] = (await (await diner.request.get(`/api/payments/${encodeURIComponent(email)}`)).json()) as Payment[];
  return order!;
}

/** Pays on the payment page, pickup at the earliest time, after `before` fills in what the journey adds. */
async function payForPickup(diner: Page, before: () => Promise<void> = async () => {}): Promise<void> {
  await diner.goto('/dashboard/payment');
  await pickupAtEarliestTime(diner);
  await before();
  await fillDemoCard(diner);
  const recorded = diner.waitForResponse((res) => res.url().endsWith('/api/payments/demo-confirm') && res.ok());
  await diner.getByRole('button', { name: /^Pay \$/ }).click();
  await recorded;
}

test.describe('texts and "I\'m here"', () => {
  test.setTimeout(120_000);

  test('a diner opts in to texts at checkout; the kitchen marks the order ready and the text lands in the catcher', { tag: '@diner' }, async ({ browser, page }) => {
    // A number of the fictional 555-01xx range nobody else in this run texts.
    const digits = String(Date.now() % 100).padStart(2, '0');
    const phone = `+141555501${digits}`;
    const account = await createAccount('texts');
    await login(page, account);
    await addDish(page, 'soup');
    await payForPickup(page, async () => {
      const consent = page.getByRole('checkbox', { name: /Text me about this order/ });
      // A tick before the page's script runs is undone when React takes the box over.
      await whenHydrated(consent);
      await page.getByLabel('Mobile number').fill(`(415) 555-01${digits}`);
      await consent.check();
    });
    const order = await newestOrder(page, account.email);

    const admin = await signedIn(browser, ADMIN);
    const origin = new URL(admin.url()).origin;
    for (const [from, status] of [['pending', 'preparing'], ['preparing', 'ready']]) {
      expect((await admin.request.patch(`/api/orders/${order._id}`, { data: { status, from }, headers: { origin } })).status()).toBe(200);
    }
    const expected = `Bistro Boss: Your order #${order.number} is ready for pickup. Give the number #${order.number} at the counter.`;
    const ours = async () => (await textsTo(phone)).filter((text) => text.body.includes(`#${order.number} `));
    await expect.poll(async () => (await ours()).map((text) => text.body.slice(0, expected.length)), { timeout: 15_000 }).toEqual([expected]);
    const [text] = await ours();
    expect(text!.body).toContain(`/dashboard/orders/${order._id} Reply STOP to stop texts.`);

    // The account keeps the number and the choice for next time.
    await page.goto('/dashboard/userHome');
    await expect(page.getByLabel('Mobile number')).toHaveValue(`+1 415 555 01${digits}`);
    await expect(page.getByRole('checkbox', { name: /Text me about this order/ })).toBeChecked();
    await admin.context().close();
  });

  test('a diner taps "I\'m here" with their parking spot and the kitchen display shows it within 2 s', { tag: '@diner' }, async ({ browser, page }) => {
    const kitchen = await signedIn(browser, ADMIN);
    await kitchen.goto('/dashboard/kitchen');
    await expect(kitchen.getByRole('heading', { name: 'Kitchen' })).toBeVisible();

    const account = await createAccount('here');
    await login(page, account);
    await addDish(page, 'salad');
    await payForPickup(page);
    const order = await newestOrder(page, account.email);
    await page.goto(`/dashboard/orders/${order._id}`);
    await expect(page.getByRole('heading', { name: 'Here to collect?' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Where are you? (optional)').fill('Spot 4, blue Golf');
    const ticket = kitchen.getByRole('article', { name: `#${order.number}` });
    await expect(ticket).toBeVisible();
    const tapped = Date.now();
    await page.getByRole('button', { name: "I'm here" }).click();
    await expect(ticket.getByText(/^Here since \d\d:\d\d: Spot 4, blue Golf$/)).toBeVisible({ timeout: 2000 });
    expect(Date.now() - tapped).toBeLessThan(2000);
    await expect(page.getByRole('status').filter({ hasText: 'The kitchen knows you are here' })).toBeVisible();
    await kitchen.context().close();
  });
});
