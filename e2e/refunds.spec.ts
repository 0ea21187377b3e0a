import { expect, test } from './fixtures';
import { ADMIN, dinerPaysForSaladAndSoup, refundOneOf, signedIn } from './support';

test.describe('refunds', { tag: '@admin' }, () => {
  test.setTimeout(120_000);

  test("an admin refunds one line of a paid order; the diner's receipt shows the refund, the new total and who did it", async ({ browser }) => {
    const { diner, salad, receipt } = await dinerPaysForSaladAndSoup(browser, 'refunded');
    await diner.goto(receipt);
    const totalText = (await diner.getByLabel('Totals').getByRole('definition').last().textContent())!;
    const total = Math.round(Number(totalText.replace(/[^0-9.]/g, '')) * 100);

    const admin = await signedIn(browser, ADMIN);
    const saladCents = Math.round(salad.price * 100);
    // The form priced the salad's refund at its price, and the admin confirmed that amount.
    expect(await refundOneOf(admin, receipt, salad.name, 'The salad was wilted')).toBe(`$${(saladCents / 100).toFixed(2)}`);
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
    await diner.context().close();
  });
});
