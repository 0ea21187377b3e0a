import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signIn } from './support';

/** What holds the keyboard focus now, described as a person would find it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '', inDrawer: !!el?.closest('#dashboard-menu') };
  });

/**
 * The dashboard's menu on a phone: a drawer behind the top bar's menu button, used with the
 * keyboard alone, with a finger, and across navigations.
 */
test.describe('the dashboard menu drawer', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, await createAccount('drawer'), '/dashboard/userHome');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('keyboard only: Enter opens it, Tab stays inside, Escape closes it, focus comes back to the button', async ({ page }) => {
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveAttribute('aria-controls', 'dashboard-menu');

    // From the top of a freshly loaded page: the brand, the cart, then the menu button.
    await page.reload();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');

    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute('id', 'dashboard-menu');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(page.getByRole('main')).toHaveAttribute('inert', '');
    await expect(page.getByRole('banner')).toHaveAttribute('inert', '');

    // Around the drawer more than once, both ways: focus never leaves it.
    const stops = await drawer.locator('a[href], button').count();
    const seen = new Set<string>();
    for (let i = 0; i < stops * 2 + 1; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inDrawer, `Tab ${i + 1} focused ${now.label}`).toBe(true);
      seen.add(now.label);
    }
    expect(seen.size).toBe(stops);
    for (let i = 0; i < stops + 1; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).inDrawer).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(page.getByRole('main')).not.toHaveAttribute('inert');

    // A link chosen from the keyboard goes there and closes the drawer.
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Reservation' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/reservation$/);
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(page.getByRole('banner')).toContainText('Reservation');
  });

  test('a tap on the backdrop closes it, and the top bar names the page and counts the cart', async ({ page }) => {
    const bar = page.getByRole('banner');
    await expect(bar).toContainText('User Home');
    await expect(bar.getByRole('link', { name: 'My Cart, 0 items' })).toBeVisible();

    const [dish] = (await (await page.request.get('/api/menu?category=soup')).json()) as { _id: string }[];
    const added = await page.request.post('/api/carts', { data: { menuId: dish!._id, quantity: 2 }, headers: { origin: new URL(page.url()).origin } });
    expect(added.status()).toBe(201);
    await page.reload();
    await expect(bar.getByRole('link', { name: 'My Cart, 2 items' })).toBeVisible();

    const menu = bar.getByRole('button', { name: 'Menu' });
    await menu.tap();
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await expect(drawer).toBeVisible();
    // The page behind cannot scroll while the drawer is over it.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    // The drawer hangs from the right edge; the backdrop shows to its left.
    const box = (await drawer.boundingBox())!;
    await page.touchscreen.tap(box.x / 2, box.height / 2);
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

    // Tapping a link: the page changes, the drawer is gone and the bar names the new page.
    await menu.tap();
    await drawer.getByRole('link', { name: 'Payment History' }).tap();
    await expect(page).toHaveURL(/\/dashboard\/paymentHistory$/);
    await expect(drawer).toBeHidden();
    await expect(bar).toContainText('Payment History');
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });

  test('from the md breakpoint up there is no drawer: the sidebar stands beside the page', async ({ page }) => {
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Dashboard menu' })).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('main')).not.toHaveAttribute('inert');
  });
});
