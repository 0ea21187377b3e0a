import { expect, test } from '@playwright/test';
import { ADMIN, addDish, createAccount, login, payOnPage, signedIn } from './support';

test.describe('refunds', { tag: '@admin' }, () => {
  test.setTimeout(120_000);

  test("an admin refunds one line of a paid order; the diner's receipt shows the refund, the new total and who did it", async ({ browser }) => {
    const dinerContext = await browser.newContext();
    const diner = await dinerContext.newPage();
    await login(diner, await createAccount('refunded'));
    const salad = await addDish(diner, 'salad');
    await addDish(diner, 'soup');
    await payOnPage(diner);
    const receiptLink = diner.getByRole('link', { name: 'View your receipt' });
    await expect(receiptLink).toBeVisible({ timeout: 20_000 });
    const receipt = (await receiptLink.getAttribute('href'))!;
    await diner.goto(receipt);
    const totalText = (await diner.getByLabel('Totals').getByRole('definition').last().textContent())!;
    const total = Math.round(Number(totalText.replace(/[^0-9.]/g, '')) * 100);

    const admin = await signedIn(browser, ADMIN);
    await admin.goto(receipt);
    const form = admin.getByRole('form', { name: 'Refund this order' });
    const line = form.getByRole('option', { name: new RegExp(`^${salad.name} \\(1 left`) });
    await form.getByLabel('What to refund').selectOption((await line.getAttribute('value'))!);
    await form.getByLabel('How many').fill('1');
    await form.getByLabel('Reason').fill('The salad was wilted');
    const refunded = admin.waitForResponse((res) => res.url().endsWith('/refunds') && res.status() === 201);
    await form.getByRole('button', { name: 'Refund' }).click();
    await refunded;
    const saladCents = Math.round(salad.price * 100);
    await expect(admin.getByText(`${`$${((total - saladCents) / 100).toFixed(2)}`} is left to refund.`)).toBeVisible();

    // The diner's receipt says so live, then in full once loaded again.
    await expect(diner.getByText(`Refunded $${(saladCents / 100).toFixed(2)}`)).toBeVisible({ timeout: 20_000 });
    await diner.reload();
    const refunds = diner.getByRole('definition').filter({ hasText: /−\$/ });
    await expect(refunds).toHaveText(`−$${(saladCents / 100).toFixed(2)}`);
    await expect(diner.getByText('Refunded: The salad was wilted')).toBeVisible();
    await expect(diner.getByText('You paid in the end')).toBeVisible();
    await expect(diner.getByLabel('Refunds').getByRole('definition').last()).toHaveText(`$${((total - saladCents) / 100).toFixed(2)}`);
    await expect(diner.getByRole('list').filter({ hasText: 'Refunded' })).toContainText(`by ${ADMIN.name}`);
    await dinerContext.close();
  });
});
