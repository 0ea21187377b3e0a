import { expect, test } from './fixtures';
import { ADMIN, addDish, createAccount, fillDemoCard, payOnPage, pickupAtEarliestTime, signedIn, signIn, siteNav } from './support';

/**
 * Checkout without an account, and a past order again: a visitor chooses Continue as guest on
 * Add To Cart, pays with the demo card giving an email and a name, and follows the receipt's live
 * status; signing up then keeps the order. A diner's Order again fills the cart.
 */

test.describe('ordering as a guest', () => {
  test.setTimeout(90_000);

  test('a signed-out visitor adds a dish, continues as guest, pays with the demo card and sees the receipt with its live status; signing up keeps the order', { tag: '@diner' }, async ({ page, browser }) => {
    await page.goto('/order/soup');
    await page.getByRole('button', { name: 'Add To Cart Chicken Noodle Soup' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'You are not Logged In!' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Yes, login!' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page.getByText('Chicken Noodle Soup added to your cart')).toBeVisible();
    await expect(page).toHaveURL(/\/order\/soup$/);
    const nav = await siteNav(page);
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    await page.goto('/dashboard/payment');
    await pickupAtEarliestTime(page);
    await fillDemoCard(page);
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    // The email and the name come first: a malformed address is named under its field.
    const email = page.getByLabel('Email for your receipt');
    await email.fill('gus@');
    await email.blur();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    const address = `gus.${Date.now()}@example.com`;
    await email.fill(address);
    await page.getByLabel('Name for your order').fill('Gus Guest');
    await expect(pay).toBeEnabled();
    await pay.click();

    const status = page.locator('[role="status"]').filter({ hasText: 'Payment succeeded' });
    await expect(status).toContainText(/Order #\d{4,}/);
    const number = /#(\d+)/.exec((await status.textContent())!)![1]!;
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View your receipt' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f]{24}$/);
    const orderId = page.url().split('/').pop()!;
    const receipt = page.getByRole('article', { name: `Order #${number}` });
    await expect(receipt).toContainText('Chicken Noodle Soup');
    await expect(receipt).toContainText('Gus Guest');
    await expect(receipt.getByRole('status').filter({ hasText: 'Order received' })).toBeVisible();

    // The kitchen's ticket bears the name given; the kitchen starts on it, and the open receipt follows without a reload.
    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/kitchen');
    await expect(admin.getByRole('article', { name: `#${number}` })).toContainText('For Gus Guest');
    const moved = await admin.request.patch(`/api/orders/${orderId}`, { data: { status: 'preparing' }, headers: { origin: new URL(admin.url()).origin } });
    expect(moved.status()).toBe(200);
    await expect(receipt.getByRole('status').filter({ hasText: 'Being prepared' })).toBeVisible({ timeout: 20_000 });
    await admin.context().close();

    // Signing up turns the guest into an account with the same uid: the order is still theirs.
    await page.goto('/');
    await (await siteNav(page)).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signUp$/);
    await page.getByLabel('Name').fill('Gus Guest');
    await page.getByLabel('Photo URL').fill('https://example.com/gus.png');
    await page.getByLabel('Email').fill(`signed.${address}`);
    await page.getByLabel('Password').fill('Gus#2024a');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('User successfully created!!!')).toBeVisible();
    await expect((await siteNav(page)).locator('img[title="Gus Guest"]:visible')).toBeVisible();
    await page.goto('/dashboard/paymentHistory');
    await expect(page.getByRole('link', { name: new RegExp(`^#${number}\\b`) })).toBeVisible();
    // An account now: the diner's own pages open.
    await page.goto('/dashboard/reservation');
    await expect(page).toHaveURL(/\/dashboard\/reservation$/);
  });
});

test.describe('order again', () => {
  test('a diner presses Order again on a past order: the same dish, choices and note fill the cart', { tag: '@diner' }, async ({ page }) => {
    await signIn(page, await createAccount('again'));
    const pizza = await addDish(page, 'pizza', { quantity: 2, note: 'extra crispy' });
    await payOnPage(page);
    await expect(page.getByRole('link', { name: 'View your receipt' })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/paymentHistory');
    await page.getByRole('button', { name: /^Order again\b/ }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/cart$/);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(pizza.name);
    await expect(rows.nth(1)).toContainText('extra crispy');
    await expect(rows.nth(1)).toContainText('2');
  });
});
