import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signIn, siteNav } from './support';
import type { MenuItem } from '../lib/menu/types';

/** Puts dishes in the signed-in user's cart the way the Add To Cart button does. */
async function addToCart(page: Page, items: MenuItem[]) {
  for (const item of items) {
    const res = await page.request.post('/api/carts', { data: { menuId: item._id }, headers: { origin: new URL(page.url()).origin } });
    expect(res.ok()).toBe(true);
  }
}

/** Dishes without options (soups), which add to the cart with their id alone. */
async function menu(page: Page): Promise<MenuItem[]> {
  return (await page.request.get('/api/menu?category=soup')).json();
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test.describe('Add To Cart', () => {
  test('logged out: a dialog explains, Cancel stays, Yes, login! goes to /login remembering the page', async ({ page }) => {
    await page.goto('/order/salad');
    const add = page.getByRole('button', { name: /^Add To Cart / }).first();
    await add.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'You are not Logged In!' })).toBeVisible();
    await expect(dialog).toContainText("You won't be able to add to cart this item!");
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/order\/salad$/);

    await add.click();
    await page.getByRole('button', { name: 'Yes, login!' }).click();
    await expect(page).toHaveURL(/\/login\?from=%2Forder%2Fsalad$/);
  });

  test('logged in, a dish without options: a toast confirms and the cart badge counts each dish', { tag: '@diner' }, async ({ page }) => {
    await signIn(page, await createAccount('adder'), '/order/soup');
    const badge = (await siteNav(page)).getByTestId('cart-badge').locator('visible=true');
    await expect(badge).toHaveText('+0');
    // Named, not the first buttons: another journey may be adding a soup with options meanwhile.
    const chicken = page.getByRole('button', { name: 'Add To Cart Chicken Noodle Soup' });
    await chicken.click();
    await expect(page.getByText('Chicken Noodle Soup added to your cart')).toBeVisible();
    await expect(badge).toHaveText('+1');
    await page.getByRole('button', { name: 'Add To Cart Cream of Wild Mushroom' }).click();
    await expect(badge).toHaveText('+2');
    // The same soup again joins its line: one more dish, no new line.
    await chicken.click();
    await expect(badge).toHaveText('+3');
    await page.goto('/dashboard/cart');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  });
});

test.describe('the cart page', () => {
  test('shows the count, the exact total and the lines; deleting asks first, then says so', { tag: '@diner' }, async ({ page }) => {
    await signIn(page, await createAccount('cart'));
    const [a, b] = await menu(page);
    await addToCart(page, [a!, a!, a!, b!]);
    const cents = 3 * Math.round(a!.price * 100) + Math.round(b!.price * 100);

    await page.goto('/dashboard/cart');
    await expect(page.getByText('Total orders: 4')).toBeVisible();
    await expect(page.getByText(`Total price: ${usd(cents)}`)).toBeVisible();
    // The three of the same dish are one line of 3.
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveText(/#\s*Item image\s*Item name\s*Quantity\s*Price\s*Action/i);
    await expect(rows.nth(1)).toContainText(a!.name);
    await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('3');
    await expect(rows.nth(1)).toContainText(usd(3 * Math.round(a!.price * 100)));
    await expect(rows.nth(2)).toContainText(b!.name);

    // Cancel keeps the line.
    await page.getByRole('button', { name: `Delete ${b!.name}` }).click();
    await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows).toHaveCount(3);

    await page.getByRole('button', { name: `Delete ${b!.name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
    await expect(page.getByText('Your file has been deleted.')).toBeVisible();
    await expect(page.getByText('Total orders: 3')).toBeVisible();
    await expect(page.getByText(`Total price: ${usd(3 * Math.round(a!.price * 100))}`)).toBeVisible();

    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment$/);
  });

  test('an empty cart says so and Pay is disabled with the reason', async ({ page }) => {
    await signIn(page, await createAccount('empty'));
    await page.goto('/dashboard/cart');
    await expect(page.getByText('Total orders: 0')).toBeVisible();
    await expect(page.getByText('Total price: $0.00')).toBeVisible();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAccessibleDescription('Add a dish to pay');
  });

  test('a secured call answered 401 logs the user out and lands on /login', async ({ page, context }) => {
    await signIn(page, await createAccount('expired'));
    const [a] = await menu(page);
    await addToCart(page, [a!]);
    await page.goto('/dashboard/cart');
    await expect(page.getByText('Total orders: 1')).toBeVisible();

    await context.clearCookies(); // the session ends while the page is open
    await page.getByRole('button', { name: `Delete ${a!.name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fcart$/);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
