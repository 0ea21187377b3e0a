import { expect, test } from './fixtures';
import { ADMIN, createAccount, fillDemoCard, pickupAtEarliestTime, signedIn, signIn } from './support';
import type { MenuItem } from '../lib/menu/types';

test.describe('promo codes', () => {
  test('an admin makes a code; a diner applies it on the payment page, pays the discounted total, and the receipt and the kitchen ticket show it', { tag: '@admin' }, async ({ page, browser }) => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/promos');
    await admin.getByRole('textbox', { name: 'Code' }).fill(code);
    await admin.locator('label').filter({ hasText: 'An amount' }).click();
    await admin.getByLabel('Amount off (USD)').fill('5');
    await admin.getByRole('button', { name: 'Save promo code' }).click();
    const row = admin.getByRole('table', { name: 'Promo codes, newest first' }).getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('$5.00 off');
    // Each cell is labelled by its column on a narrow screen too.
    const used = (inRow: typeof row) => inRow.locator('td[data-label="Used"]');
    await expect(used(row)).toHaveText('0');

    await signIn(page, await createAccount('promo'));
    const [dish] = (await (await page.request.get('/api/menu?category=soup')).json()) as MenuItem[];
    expect((await page.request.post('/api/carts', { data: { menuId: dish!._id }, headers: { origin: new URL(page.url()).origin } })).status()).toBe(201);
    const priceCents = Math.round(dish!.price * 100);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

    await page.goto('/dashboard/payment');
    await pickupAtEarliestTime(page);
    // Typed as a diner might: lower case, with spaces around.
    await page.getByRole('textbox', { name: 'Promo code' }).fill(`  ${code.toLowerCase()} `);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`Promo code applied: −$5.00 ${code}`)).toBeVisible();
    const totals = page.getByRole('definition').filter({ hasText: `−$5.00 ${code}` });
    await expect(totals).toBeVisible();
    await fillDemoCard(page);
    const pay = page.getByRole('button', { name: `Pay ${dollars(priceCents - 500)}` });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.locator('[role="status"]').filter({ hasText: 'Payment succeeded' })).toContainText(`: ${dollars(priceCents - 500)}.`);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View your receipt' }).click();
    await expect(page.getByText(`−$5.00 ${code}`)).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: dollars(priceCents - 500) }).first()).toBeVisible();

    // The kitchen's ticket says it too, as the counter may be asked about it.
    await admin.goto('/dashboard/kitchen');
    await expect(admin.getByRole('article').filter({ hasText: `−$5.00 ${code}` })).toBeVisible();

    // The use is counted on the admin page.
    await admin.goto('/dashboard/promos');
    await expect(used(row)).toHaveText('1');
  });
});
