import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, createAccount, readCaptcha, signIn, watchCaptcha } from './support';

/**
 * The journeys a mouse does, with the keyboard alone: Tab to a control, type, Space or Enter.
 * Each control must be reachable in the tab order, and show where the focus is.
 */

/** Presses Tab until `target` has the focus (failing if it never does), as a keyboard user moves through a page. */
async function tabTo(page: Page, target: Locator, most = 120) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      // Someone who cannot see where the focus is cannot use a keyboard.
      const outline = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? style.outlineStyle : style.boxShadow !== 'none' ? 'ring' : '';
      });
      expect(outline, `${target} shows the focus`).not.toBe('');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} never got the focus in ${most} Tabs`);
}

/** Signs in with the keyboard: Tab through the form, type each field, Enter. */
async function keyboardLogin(page: Page, account: { email: string; password: string }) {
  await watchCaptcha(page);
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(account.password);
  await tabTo(page, page.getByLabel('Type the characters above'));
  await page.keyboard.type(await readCaptcha(page));
  await page.keyboard.press('Enter');
  await expect(page.getByText('User Login Successfull')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('with the keyboard alone', () => {
  test('a diner signs in, adds a dish and one with options, and pays', async ({ page }) => {
    test.slow();
    await keyboardLogin(page, await createAccount('keys'));

    await page.goto('/order/soup');
    await tabTo(page, page.getByRole('button', { name: /^Add To Cart / }).first());
    await page.keyboard.press('Enter');
    await expect(page.getByText(/added to your cart/)).toBeVisible();

    await page.goto('/order/pizza');
    await tabTo(page, page.locator('article:visible button[aria-haspopup="dialog"]').first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The dialog takes the focus and keeps it: Tab goes through its controls only.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const firstChoice = dialog.getByRole('radio').first();
    await tabTo(page, firstChoice);
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio').nth(1)).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Add to cart' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/added to your cart/)).toBeVisible();

    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).locator('visible=true'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/cart$/);
    await expect(page.getByRole('main').getByRole('row')).toHaveCount(3);
    await tabTo(page, page.getByRole('link', { name: 'Pay', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/payment$/);

    await tabTo(page, page.getByLabel('Card number'));
    await page.keyboard.type('4242 4242 4242 4242');
    await tabTo(page, page.getByLabel('Expiry (MM/YY)'));
    await page.keyboard.type('12/39');
    await tabTo(page, page.getByLabel('CVC'));
    await page.keyboard.type('123');
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await expect(pay).toBeEnabled();
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Thanks For Shopping')).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await tabTo(page, page.getByRole('link', { name: 'Payment history', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/paymentHistory$/);
    await expect(page.getByRole('main').getByRole('row')).toHaveCount(2);
  });

  test('an admin adds a menu item', async ({ page }) => {
    const name = `Aaa Keyboard Tart ${Date.now()}`;
    await signIn(page, ADMIN);
    await page.goto('/dashboard/additems');

    await tabTo(page, page.getByLabel('Recipe name*'));
    await page.keyboard.type(name);
    await tabTo(page, page.getByLabel('Category*'));
    // A closed select takes the first letters of an option, as it does for anyone typing.
    await page.keyboard.type('Dessert');
    await expect(page.getByLabel('Category*')).toHaveValue('dessert');
    await tabTo(page, page.getByLabel('Price (USD)*'));
    await page.keyboard.type('7.25');
    await tabTo(page, page.getByLabel('Recipe details'));
    await page.keyboard.type('Butter pastry, baked apples, cinnamon');
    await tabTo(page, page.getByRole('checkbox', { name: 'Vegetarian' }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Vegetarian' })).toBeChecked();

    // Space on the file field opens the system's file chooser, which the test answers.
    await tabTo(page, page.getByLabel('Picture*'));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({
      name: 'tart.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
    });
    await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Add Item' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${name} is added to the menu.`)).toBeVisible();

    await page.goto('/dashboard/manageItems');
    await expect(page.getByRole('link', { name: `Update ${name}` })).toBeVisible();
  });
});
