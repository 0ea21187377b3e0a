import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Payment } from '../lib/payments/types';
import { ADMIN, addDish, createAccount, payByApi, payOnPage, signedIn, signIn } from './support';

/**
 * The emails a diner gets, read from the SMTP server the test run started (maildev, whose API
 * lists what it caught): the receipt with its number and total, "Ready for pickup" once the
 * kitchen marks the order ready, and no "ready" mail once the diner turned it off.
 */

interface CaughtMail {
  subject: string;
  to: { address: string }[];
  html?: string;
  text?: string;
}

const inbox = () => process.env.E2E_MAIL_INBOX!;

async function mailTo(address: string): Promise<CaughtMail[]> {
  const all = (await (await fetch(`${inbox()}/api/email`)).json()) as (CaughtMail & { id: string })[];
  const mine = all.filter((mail) => mail.to.some((to) => to.address === address));
  return Promise.all(mine.map(async (mail) => (await (await fetch(`${inbox()}/api/email/${mail.id}`)).json()) as CaughtMail));
}

async function newestOrder(diner: Page, email: string): Promise<Payment> {
  const [order] = (await (await diner.request.get(`/api/payments/${encodeURIComponent(email)}`)).json()) as Payment[];
  return order!;
}

/** The kitchen's two taps, through the API its board calls. */
async function markReady(admin: Page, id: string) {
  const origin = new URL(admin.url()).origin;
  for (const [from, status] of [['pending', 'preparing'], ['preparing', 'ready']]) {
    const moved = await admin.request.patch(`/api/orders/${id}`, { data: { status, from }, headers: { origin } });
    expect(moved.status()).toBe(200);
  }
}

test.describe('emails', () => {
  test.setTimeout(120_000);

  test('a diner pays and gets the receipt; the kitchen marks it ready and "Ready for pickup" follows; turned off, only the receipt comes', { tag: '@diner' }, async ({ browser, page }) => {
    const account = await createAccount('mail');
    await signIn(page, account);
    await addDish(page, 'soup', { note: 'Extra hot, please' });
    await payOnPage(page);
    const order = await newestOrder(page, account.email);
    const total = `$${order.price.toFixed(2)}`;

    await expect.poll(async () => (await mailTo(account.email)).map((m) => m.subject), { timeout: 15_000 }).toContain(`Your order #${order.number} at Bistro Boss: ${total}`);
    const [receipt] = await mailTo(account.email);
    expect(receipt!.text).toContain(`#${order.number}`);
    expect(receipt!.text).toContain('Extra hot, please');
    expect(receipt!.html).toContain(total);

    const admin = await signedIn(browser, ADMIN);
    await markReady(admin, order._id);
    await expect.poll(async () => (await mailTo(account.email)).map((m) => m.subject), { timeout: 15_000 }).toContain(`Ready for pickup: order #${order.number}`);

    // The diner turns "ready" emails off on User Home.
    await page.goto('/dashboard/userHome');
    const toggle = page.getByRole('checkbox', { name: 'Email me when my order is ready' });
    await expect(toggle).toBeChecked();
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/mail/preferences') && res.request().method() === 'PUT' && res.ok());
    await toggle.uncheck();
    await saved;
    await page.reload();
    await expect(toggle).not.toBeChecked();

    await addDish(page, 'soup');
    await payOnPage(page);
    const second = await newestOrder(page, account.email);
    await expect.poll(async () => (await mailTo(account.email)).map((m) => m.subject), { timeout: 15_000 }).toContain(`Your order #${second.number} at Bistro Boss: $${second.price.toFixed(2)}`);
    await markReady(admin, second._id);
    // The outbox sends in the order it was written: once the receipt of an order paid after the tap
    // has come, a "ready" mail of the tap would have come before it.
    await addDish(page, 'soup');
    await payByApi(page);
    const third = await newestOrder(page, account.email);
    await expect.poll(async () => (await mailTo(account.email)).map((m) => m.subject), { timeout: 15_000 }).toContain(`Your order #${third.number} at Bistro Boss: $${third.price.toFixed(2)}`);
    expect((await mailTo(account.email)).map((m) => m.subject)).not.toContain(`Ready for pickup: order #${second.number}`);
    await admin.context().close();
  });
});
