import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import jsQR from 'jsqr';
import { site } from '../lib/config/site';
import { defaultSettings } from '../lib/settings/defaults';
import type { MenuItem } from '../lib/menu/types';
import { formatDay } from '../lib/reservations/calendar';
import { axeViolations } from './layout';
import { ADMIN, createAccount, openAllDay, signedIn, signIn, siteNav, tableLink, withSettings } from './support';

/**
 * Checkout a kitchen can fulfil, through the real pages: a pickup slot and a tip, then the
 * receipt (the diner's own only, printable); an order from a table's QR code that manage orders
 * shows at that table; and the tables' QR sheet, whose codes decode to the right addresses.
 */

/** Adds the first dish of `category` to the signed-in diner's cart; answers it. */
async function addDish(page: Page, category: string): Promise<MenuItem> {
  const [dish] = (await (await page.request.get(`/api/menu?category=${category}`)).json()) as MenuItem[];
  const res = await page.request.post('/api/carts', { data: { menuId: dish!._id }, headers: { origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(201);
  return dish!;
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** Tomorrow on the server's clock ('YYYY-MM-DD'): the browser test and the server share one machine. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA');

test.describe('checkout a kitchen can fulfil', () => {
  test('a diner picks a pickup time tomorrow, tips 15 %, pays and opens the receipt, which prints alone and is theirs only', { tag: '@diner' }, async ({ page, browser }) => {
    await signIn(page, await createAccount('pickup'));
    const dish = await addDish(page, 'soup');
    const subtotal = Math.round(dish.price * 100);
    const tip = Math.floor((subtotal * 15 + 50) / 100);

    await page.goto('/dashboard/payment');
    await page.locator('label').filter({ hasText: 'At a time I choose' }).click();
    await page.getByRole('combobox', { name: 'Day', exact: true }).selectOption({ label: 'Tomorrow' });
    await page.getByRole('combobox', { name: 'Time', exact: true }).selectOption('12:00');
    await page.locator('label').filter({ hasText: /^15%/ }).click();
    await expect(page.getByRole('radio', { name: /^15%/ })).toBeChecked();
    await expect(page.getByLabel('Totals')).toContainText(`Subtotal${money(subtotal)}`);
    await expect(page.getByLabel('Totals')).toContainText(`Tip (15%)${money(tip)}`);
    await expect(page.getByLabel('Totals')).toContainText(`Total${money(subtotal + tip)}`);
    await fillCard(page);
    await page.getByRole('button', { name: `Pay ${money(subtotal + tip)}` }).click();

    const status = page.locator('[role="status"]').filter({ hasText: 'Payment succeeded' });
    await expect(status).toContainText(/Order #\d{4,}, Pickup 12:00/);
    const number = /#(\d+)/.exec((await status.textContent())!)![1]!;
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View your receipt' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f]{24}$/);
    const receiptUrl = page.url();

    const receipt = page.getByRole('article', { name: `Order #${number}` });
    // The server's database is fresh: the restaurant is the environment's defaults.
    const { restaurant } = defaultSettings(process.env);
    await expect(receipt).toContainText(restaurant.name);
    await expect(receipt).toContainText(restaurant.address.street);
    await expect(receipt).toContainText(`Pickup at 12:00 on ${formatDay(tomorrow())}`);
    await expect(receipt).toContainText(dish.name);
    await expect(receipt.getByLabel('Totals')).toContainText(`Tip (15%)${money(tip)}`);
    await expect(receipt.getByLabel('Totals')).toContainText(`Total${money(subtotal + tip)}`);
    await expect(receipt.getByRole('status').filter({ hasText: 'Order received' })).toBeVisible();
    await expect(receipt).toContainText(/demo_pi_[0-9a-f]{24}/);

    // Printed, the receipt is all there is: no navigation, no buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(receipt).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // The history links the order by its number to the same receipt.
    await page.goto('/dashboard/paymentHistory');
    await page.getByRole('link', { name: new RegExp(`^#${number}\\b`) }).click();
    await expect(page).toHaveURL(receiptUrl);

    // Another diner is refused and shown nothing of it; a visitor who is not signed in is sent to log in.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, await createAccount('nosy'));
    expect((await otherPage.goto(receiptUrl))?.status()).toBe(403);
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Not yours to see');
    expect(await axeViolations(otherPage), 'the 403 page').toEqual([]);
    expect(await otherPage.content()).not.toContain(dish.name);
    expect(await otherPage.content()).not.toContain(`#${number}`);
    await other.close();

    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(receiptUrl);
    await expect(visitor).toHaveURL(/\/login/);
    await anonymous.close();
  });

  test("a diner who scans table 7's QR code orders for table 7, with no pickup time asked, and manage orders shows Table 7", { tag: '@diner' }, async ({ page, browser }) => {
    const scanned = await tableLink(browser, 7);
    const account = await createAccount('table');
    const admin = await signedIn(browser, ADMIN);
    // A table order is for now: the restaurant is open, whatever the hour of the run.
    await withSettings(admin, openAllDay, async () => {
      await signIn(page, account);
      await page.goto(scanned);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Table 7');
      await page.getByRole('main').getByRole('link', { name: 'Order food' }).click();
      await expect(page).toHaveURL(/\/order\/salad/);
      // The top bar says so on every page while the diner orders for the table.
      await expect((await siteNav(page)).getByText('Table 7').locator('visible=true')).toBeVisible();
      const dish = await addDish(page, 'salad');

      await page.goto('/dashboard/payment');
      await expect(page.getByRole('heading', { name: 'Table 7', level: 2 })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Pickup time' })).toHaveCount(0);
      await fillCard(page);
      await page.getByRole('button', { name: `Pay ${money(Math.round(dish.price * 100))}` }).click();
      await expect(page.locator('[role="status"]').filter({ hasText: 'Payment succeeded' })).toContainText(/Order #\d{4,}, Table 7/);
    });

    await admin.goto('/dashboard/manageOrders');
    const row = admin.getByRole('row').filter({ hasText: account.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Table 7');
    await expect(row).toContainText(/#\d{4,}/);
    await admin.context().close();
  });

  test('the same address without its token orders for no table: the diner is asked to scan the code, and the server refuses it', async ({ page, browser }) => {
    const scanned = new URL(await tableLink(browser, 7), 'http://scanned.example');
    await signIn(page, await createAccount('typed'));
    await addDish(page, 'salad');
    await page.goto(scanned.pathname);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Table 7');
    await expect(page.getByRole('alert').filter({ hasText: 'To order for table 7, scan the QR code on your table' })).toBeVisible();
    await page.goto('/dashboard/payment');
    await expect(page.getByRole('group', { name: 'Pickup time' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Table 7' })).toHaveCount(0);
    // Asked for directly, without the token or with another table's, the table is refused.
    const origin = new URL(page.url()).origin;
    const token = scanned.searchParams.get('k')!;
    const without = await page.request.post('/api/create-payment-intent', { data: { fulfilment: { kind: 'table', table: 7 } }, headers: { origin } });
    expect(without.status()).toBe(400);
    const other = await page.request.post('/api/create-payment-intent', { data: { fulfilment: { kind: 'table', table: 8, token } }, headers: { origin } });
    expect(other.status()).toBe(403);
    expect(((await other.json()) as { error: string }).error).toMatch(/^Scan the QR code on your table/);
  });

  test('an admin makes new QR codes: the printed ones stop ordering for their tables', { tag: '@admin' }, async ({ page, browser }) => {
    const printed = await tableLink(browser, 3);
    await signIn(page, ADMIN);
    await page.goto('/dashboard/tables');
    await page.getByRole('button', { name: 'Make new QR codes' }).click();
    await page.getByRole('button', { name: 'Yes, make new codes' }).click();
    await expect(page.getByText('New QR codes made: print them')).toBeVisible();
    const reprinted = page.getByRole('img', { name: /^QR code of table 3:/ });
    await expect(reprinted).not.toHaveAttribute('data-url', new RegExp(`${printed.replace(/[?]/g, '\\?')}$`));
    const fresh = new URL((await reprinted.getAttribute('data-url'))!);

    const diner = await signedIn(browser, await createAccount('stale'));
    await diner.goto(printed);
    await expect(diner.getByRole('alert').filter({ hasText: 'To order for table 3, scan the QR code on your table' })).toBeVisible();
    await diner.goto(`${fresh.pathname}${fresh.search}`);
    await expect(diner.getByRole('main').getByRole('link', { name: 'Order food' })).toBeVisible();
    await expect(diner.getByText('scan the QR code on your table')).toHaveCount(0);
    await diner.context().close();
  });

  test('a table the restaurant does not have is not found', async ({ page }) => {
    for (const table of ['0', '-1', '999', 'seven', '7.5']) {
      const answer = await page.goto(`/t/${table}`);
      expect(answer!.status(), `/t/${table}`).toBe(404);
    }
  });

  test('an admin prints the tables sheet: one valid SVG QR code per table, decoding to its /t/{n} address', { tag: '@admin' }, async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/dashboard/tables');
    // A Save pressed before the form has hydrated does nothing (a CI run saw no PUT at all): press
    // again, as a person would, until the server has saved.
    await expect(async () => {
      await page.getByLabel('Number of tables').fill('12');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('12 tables saved')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const codes = page.getByRole('list', { name: 'QR codes of the tables' }).getByRole('img');
    await expect(codes).toHaveCount(12);

    for (const table of [1, 7, 12]) {
      const code = page.getByRole('img', { name: new RegExp(`^QR code of table ${table}:`) });
      const src = (await code.getAttribute('src'))!;
      const svg = Buffer.from(src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
      // Drawn by the browser onto a canvas, its pixels are read back and decoded here.
      const pixels = await code.evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        const size = 400;
        const canvas = Object.assign(document.createElement('canvas'), { width: size, height: size });
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, size, size);
        context.drawImage(img, 0, 0, size, size);
        return { size, data: Array.from(context.getImageData(0, 0, size, size).data) };
      });
      const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.size, pixels.size);
      expect(decoded?.data).toMatch(new RegExp(`^${site.url}/t/${table}\\?k=[\\w-]{16}$`));
    }

    // Printed: the sheet alone, three codes a row, each numbered.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByLabel('Number of tables')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    const columns = await page.getByRole('list', { name: 'QR codes of the tables' }).evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    await expect(page.getByText('Table 12', { exact: true })).toBeVisible();
  });
});
