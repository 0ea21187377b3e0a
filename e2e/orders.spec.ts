import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, addDish, createAccount, latestPickup, payByApi, payOnPage, signedIn, signIn } from './support';

/**
 * Every JavaScript file the page loaded once `ready` resolves (by default once the network is
 * idle), as text. Each is fetched again on a connection of its own: a kept-alive one the server
 * has just timed out would be reset under the request.
 */
async function scriptsOf(page: Page, path: string, ready = () => page.waitForLoadState('networkidle')): Promise<string[]> {
  const urls: string[] = [];
  const collect = (res: Response) => {
    if (res.request().resourceType() === 'script') urls.push(res.url());
  };
  page.on('response', collect);
  try {
    await page.goto(path);
    await ready();
  } finally {
    page.off('response', collect);
  }
  const texts: string[] = [];
  for (const url of urls) texts.push(await (await page.request.get(url, { headers: { connection: 'close' } })).text());
  return texts;
}

test.describe('order tracking', { tag: '@admin' }, () => {
  test.setTimeout(120_000);

  test('the admin moves a paid order to completed step by step; the open payment history follows without a reload', async ({ browser }) => {
    // The diner pays for one pizza with the demo card, through the real payment page.
    const dinerContext = await browser.newContext();
    const diner = await dinerContext.newPage();
    const account = await createAccount('tracked');
    await signIn(diner, account);
    const pizza = await addDish(diner, 'pizza');
    await payOnPage(diner);
    await expect(diner.getByRole('link', { name: 'View your receipt' })).toBeVisible({ timeout: 20_000 });
    await diner.goto('/dashboard/paymentHistory');
    const dinerStatus = diner.getByRole('table').getByRole('row').nth(1).getByRole('cell').last();
    await expect(dinerStatus).toHaveText('Order received');
    // Survives only as long as the page is not reloaded.
    await diner.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The admin, in a browser of their own, finds the order on Manage orders.
    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/manageOrders');
    const row = admin.getByRole('row').filter({ hasText: account.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('1 dish');
    await expect(row).toContainText(`1× ${pizza.name}`);
    await expect(row.getByRole('button', { name: /^Cancel:/ })).toBeVisible();

    const steps = [
      { button: 'Start preparing', diner: 'Being prepared' },
      { button: 'Ready for pickup', diner: 'Ready for pickup' },
      { button: 'Complete', diner: 'Picked up' },
    ];
    for (const { button, diner: said } of steps) {
      await row.getByRole('button', { name: new RegExp(`^${button}:`) }).click();
      await expect(row.getByRole('button', { name: new RegExp(`^${button}:`) })).toHaveCount(0);
      await expect(dinerStatus).toHaveText(said);
    }
    // A ready order cannot be cancelled, and a completed one has no next step: where the
    // restaurant has printers (added by other journeys) its tickets may still be printed again.
    await expect(row).toContainText('None: this order is completed.');
    await expect(row.getByRole('button', { name: /^(?!Reprint the tickets of order #\w+$)/ })).toHaveCount(0);

    // The timeline opens from the keyboard and lists every step with its time.
    await row.getByText('Timeline').focus();
    await admin.keyboard.press('Enter');
    await expect(row.getByRole('listitem')).toHaveText([/^pending /, /^preparing /, /^ready /, /^completed /].map((r) => new RegExp(r.source, 'i')));

    expect(await diner.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The admin home counts it, and charts the sales per category.
    await admin.goto('/dashboard/adminHome');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Hi, Welcome ${ADMIN.name}`);
    const figures = admin.getByRole('list', { name: 'Key figures' });
    await expect(figures).toContainText('Net sales');
    await expect(figures).toContainText('Orders');
    await expect(admin.getByRole('table', { name: 'Sales per category' })).toContainText(/pizza/i);
    for (const chart of ['Dishes sold per category', 'Revenue per category']) {
      await expect(admin.getByRole('figure', { name: chart }).locator('.recharts-wrapper')).toBeVisible();
    }
    await expect(admin.getByRole('figure', { name: 'Revenue per category' })).toContainText('Pizza');

    await dinerContext.close();
    await admin.context().close();
  });

  test('recharts is loaded on the admin home only, never on public pages', async ({ page, browser }) => {
    // A paid pizza gives the admin home something to chart.
    const diner = await signedIn(browser, await createAccount('charted'));
    await addDish(diner, 'pizza');
    await payByApi(diner);
    await diner.context().close();
    for (const path of ['/', '/menu', '/order/salad']) {
      const scripts = await scriptsOf(page, path);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.some((text) => text.includes('recharts-wrapper'))).toBe(false);
    }
    await signIn(page, ADMIN);
    // The charts load after the page: their script is in once a chart is drawn.
    const adminScripts = await scriptsOf(page, '/dashboard/adminHome', () =>
      expect(page.getByRole('figure', { name: 'Revenue per category' }).locator('.recharts-wrapper')).toBeVisible(),
    );
    expect(adminScripts.some((text) => text.includes('recharts-wrapper'))).toBe(true);
  });

  test('Manage orders shows a page of orders, loads more as it is scrolled or Load more is pressed, and filters them', async ({ browser }) => {
    test.setTimeout(240_000);
    // One page and a bit more of one diner's orders, paid through the API the card form calls.
    const dinerContext = await browser.newContext();
    const diner = await dinerContext.newPage();
    const account = await createAccount('pager');
    await signIn(diner, account);
    const origin = new URL(diner.url()).origin;
    const PAID = 52;
    let pickup = await latestPickup(diner);
    for (let i = 0; i < PAID; i += 1) {
      await addDish(diner, 'salad');
      let started = await diner.request.post('/api/create-payment-intent', { data: { fulfilment: pickup }, headers: { origin } });
      if (started.status() === 409) {
        pickup = await latestPickup(diner);
        started = await diner.request.post('/api/create-payment-intent', { data: { fulfilment: pickup }, headers: { origin } });
      }
      expect(started.ok(), await started.text()).toBe(true);
      const { transactionId } = (await started.json()) as { transactionId: string };
      const paid = await diner.request.post('/api/payments/demo-confirm', { data: { transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }, headers: { origin } });
      expect(paid.status()).toBe(200);
    }
    const mine = (await (await diner.request.get(`/api/payments/${encodeURIComponent(account.email)}?limit=1`)).json()) as { number: number }[];
    await dinerContext.close();

    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/manageOrders');
    await admin.getByLabel('Order by').selectOption('newest');
    const table = admin.getByRole('region', { name: /^Orders, newest first/ });
    const rows = table.getByRole('row');
    const status = admin.getByRole('status').filter({ hasText: /^Showing / });
    // The first page, a screenful, and how many there are in all.
    await expect(rows).toHaveCount(20 + 1);
    await expect(status).toHaveText(/^Showing 20 of \d[\d,]* orders$/);
    const loadMore = admin.getByRole('button', { name: 'Load more' });
    // Focused where it is, out of sight below the rows, so that the key press alone loads more
    // (the list also loads by itself when its end comes into view).
    await loadMore.evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
    await expect(loadMore).toBeFocused();
    await admin.keyboard.press('Enter');
    await expect(status).toHaveText(/^Showing (2[1-9]|[3-9]\d|\d{3,}) of /);
    expect(await rows.count()).toBeGreaterThan(20 + 1);

    // The diner's orders only: the search is the start of their email.
    const search = admin.getByRole('searchbox', { name: 'Search', exact: true });
    await search.fill(account.email.split('@')[0]!);
    // From the top of the page, so the button is out of sight and only pressing it loads more.
    await admin.evaluate(() => window.scrollTo(0, 0));
    await expect(status).toHaveText(`Showing 20 of ${PAID} orders`);
    await expect(rows.filter({ hasNotText: account.email })).toHaveCount(1); // the header row
    // Scrolling to the end of the list reads the rest by itself.
    await loadMore.scrollIntoViewIfNeeded();
    await expect(status).toHaveText(`Showing ${PAID} of ${PAID} orders`);
    await expect(loadMore).toHaveCount(0);

    // Filters combine: none of them is completed yet; one is found by its number.
    await admin.getByLabel('Show', { exact: true }).selectOption('completed');
    await expect(admin.getByText('No orders match these filters.')).toBeVisible();
    await admin.getByLabel('Show', { exact: true }).selectOption('');
    await search.fill(`#${mine[0]!.number}`);
    await expect(rows).toHaveCount(1 + 1);
    await expect(rows.nth(1)).toContainText(`#${mine[0]!.number}`);
  });
});
