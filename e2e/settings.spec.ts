import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, addDish, createAccount, saveSettings, signedIn, signIn } from './support';

/**
 * Running the restaurant from the Settings page, as its admin does: what diners see changes at
 * once, with no rebuild, and the server holds to it. The browser suites share one server, so
 * each journey puts back what it changed.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');

/** Opens the Settings page and waits for its form to run: its fields are filled in by the browser. */
async function openSettings(page: Page) {
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(/\d/);
}

test.describe('the Settings page', () => {
  test('an admin closes today: the order page says so, and paying is refused with the reason', async ({ page, browser }) => {
    // A diner is on the payment page with a dish, before the restaurant closes.
    const diner = await signedIn(browser, await createAccount('closed'));
    await addDish(diner, 'salad');
    await diner.goto('/dashboard/payment');
    await expect(diner.getByRole('button', { name: /^Pay \$/ })).toBeVisible();

    await signIn(page, ADMIN);
    await openSettings(page);
    try {
      await page.getByRole('button', { name: 'Add a closure' }).click();
      await page.getByLabel('From', { exact: true }).fill(day(0));
      // Through tomorrow: whatever time the page chose for the diner is inside the closure.
      await page.getByLabel('To (the last day closed)').fill(day(1));
      await page.getByLabel('Note diners see (optional)').fill('Closed for a private party');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved')).toBeVisible();

      const visitor = await browser.newPage();
      await visitor.goto('/order/salad');
      const status = visitor.getByRole('status').filter({ hasText: /^Closed, opens / });
      await expect(status).toContainText(/^Closed, opens \w+ at \d\d:\d\d/);
      await expect(status).toContainText('Closed for a private party');
      await visitor.close();

      await diner.getByLabel('Card number').fill('4242 4242 4242 4242');
      await diner.getByLabel('Expiry (MM/YY)').fill('12/39');
      await diner.getByLabel('CVC').fill('123');
      await diner.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(diner.getByRole('alert').filter({ hasText: 'We are closed' })).toBeVisible();
      await expect(diner.locator('[role="status"]').filter({ hasText: 'Payment succeeded' })).toHaveCount(0);
    } finally {
      await saveSettings(page, (s) => ({ ...s, schedule: { ...s.schedule, closures: [] } }));
      await diner.context().close();
    }
  });

  test('an admin changes the phone number: the footer of / shows it within 5 s, with no rebuild', async ({ page, browser }) => {
    await signIn(page, ADMIN);
    await openSettings(page);
    const phone = page.getByLabel('Phone', { exact: true });
    const before = await phone.inputValue();
    const visitor = await browser.newPage();
    await visitor.goto('/');
    await expect(visitor.locator('footer')).toContainText(before);
    try {
      await phone.fill('+1 (555) 010-7777');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved')).toBeVisible();
      // The page the server sends, asked for as a browser would, then the footer it shows.
      await expect.poll(async () => (await visitor.request.get('/')).text(), { timeout: 5_000, intervals: [250] }).toContain('+1 (555) 010-7777');
      await visitor.goto('/');
      await expect(visitor.locator('footer')).toContainText('+1 (555) 010-7777');
    } finally {
      await saveSettings(page, (s) => ({ ...s, restaurant: { ...s.restaurant, phone: before } }));
      await visitor.close();
    }
  });

  test('refuses hours that overlap, under the field, and saves nothing', async ({ page }) => {
    await signIn(page, ADMIN);
    await openSettings(page);
    const monday = page.getByRole('group', { name: 'Monday' });
    await monday.getByRole('button', { name: 'Add a window to Monday' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(monday.getByText(/^Overlaps /)).toBeVisible();
    await expect(page.getByText('Settings saved')).toHaveCount(0);
    await openSettings(page);
    await expect(page.getByRole('group', { name: 'Monday' }).getByLabel('Opens')).toHaveCount(1);
  });
});
