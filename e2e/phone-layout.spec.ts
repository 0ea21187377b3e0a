import { expect, test } from './fixtures';
import { axeViolations, expectFirstScreen, expectTappable, overflowX, pageBox, pagesOf, smallTargets, urlOf, useSeededAccounts } from './layout';

/**
 * Every dashboard page on a phone (the project's Pixel 7, 412 px wide), for a diner and for an
 * admin: the page starts right under the slim top bar, its heading and main action are on the
 * first screen, nothing is wider than the screen (also at 320 px), every control is big enough to
 * tap, and axe finds nothing with the menu drawer closed or open.
 */
test.describe('the dashboard on a phone', { tag: '@phone' }, () => {
  const contexts = useSeededAccounts();

  for (const who of ['diner', 'admin'] as const) {
    for (const route of pagesOf(who)) {
      test(`${who}: ${route}`, async () => {
        const page = await contexts[who]!.newPage();
        const viewport = page.viewportSize()!;
        await page.goto(await urlOf(page, route));
        const bar = page.getByRole('banner');
        const menu = bar.getByRole('button', { name: 'Menu' });
        await expect(menu).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();

        // The page itself, not navigation, is what the first screen shows.
        expect((await pageBox(page.getByRole('main'))).top).toBeLessThanOrEqual((await pageBox(bar)).height);
        await expectFirstScreen(page);
        expect(await overflowX(page)).toEqual([]);
        expect(await smallTargets(page)).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);

        await menu.click();
        const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
        await expect(drawer.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
        expect(await smallTargets(page)).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();

        await page.setViewportSize({ width: 320, height: 640 });
        await expect.poll(() => overflowX(page)).toEqual([]);
        await page.setViewportSize(viewport);
        await page.close();
      });
    }
  }

  test('forms bring up the keyboard and the autofill each field needs', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toHaveAttribute('inputmode', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'current-password');

    await page.goto('/signUp');
    await expect(page.getByLabel('Name')).toHaveAttribute('autocomplete', 'name');
    await expect(page.getByLabel('Email')).toHaveAttribute('inputmode', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'new-password');

    const diner = await contexts.diner!.newPage();
    await diner.goto('/dashboard/reservation');
    await expect(diner.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    await expect(diner.getByLabel('Phone')).toHaveAttribute('inputmode', 'tel');
    await expect(diner.getByLabel('Phone')).toHaveAttribute('autocomplete', 'tel');
    await diner.close();
  });

  test('on the cart and payment pages the total and Pay stay on screen while the diner scrolls, covering no line', async () => {
    const page = await contexts.diner!.newPage();
    await page.goto('/dashboard/cart');
    const cartPay = page.getByRole('link', { name: 'Pay', exact: true });
    const lastLine = page.getByRole('main').getByRole('row').last();
    await expect(lastLine).toBeVisible();
    await expect(cartPay).toBeInViewport();
    await expect(page.getByText(/^Total price: \$/)).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(cartPay).toBeInViewport();
    const bar = (await cartPay.boundingBox())!;
    expect((await lastLine.boundingBox())!.y + (await lastLine.boundingBox())!.height).toBeLessThanOrEqual(bar.y);

    await cartPay.click();
    await expect(page).toHaveURL(/\/dashboard\/payment$/);
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await expect(pay).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(pay).toBeInViewport();
    await page.close();
  });

  test('the public pages fit the phone, and their primary buttons are big enough to tap', async ({ page }) => {
    await page.goto('/order/salad');
    expect(await overflowX(page)).toEqual([]);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectTappable(nav.locator('summary'));
    await nav.locator('summary').click();
    await expectTappable(nav.getByRole('link').or(nav.getByRole('button')).locator('visible=true'));
    await expectTappable(page.getByRole('button', { name: /^Add To Cart / }));
    await expectTappable(page.getByRole('navigation', { name: 'Categories' }).getByRole('link'));
    await expectTappable(page.getByRole('navigation', { name: 'Pages' }).getByRole('link'));

    await page.goto('/menu');
    expect(await overflowX(page)).toEqual([]);
    await expectTappable(page.getByRole('link', { name: 'Order Now' }));

    await page.goto('/');
    expect(await overflowX(page)).toEqual([]);
    await expectTappable(page.getByRole('link', { name: 'View Full Menu' }));

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    expect(await overflowX(page)).toEqual([]);
    await expectTappable(page.getByRole('button', { name: 'Login', exact: true }).or(page.getByRole('button', { name: 'Continue with Google' })));
  });
});
