import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pagesUnder } from '../tests/support/app-pages';
import { axeViolations, pagesOf, urlOf, useSeededAccounts } from './layout';

/**
 * axe on every page a person can reach: the public pages and sign-in (signed out), every
 * dashboard page as a diner and as an admin with something on every list, and the dialogs those
 * pages open (the dish options dialog, the confirmations). Public pages are found from the file
 * tree and dashboard pages from the page list, so a page added later is walked too; a public one
 * with a dynamic segment needs its example URLs below.
 */

/** Example URLs of the public routes with dynamic segments: the first page, a later page, a filtered view. */
const PUBLIC_EXAMPLES: Record<string, string[]> = {
  '/order/[category]/[[...page]]': ['/order/salad', '/order/salad/2', '/order/pizza?diet=vegan&free=milk'],
  '/t/[table]': ['/t/7'],
};

const publicUrls = () =>
  [...pagesUnder('app/(site)', ''), ...pagesUnder('app/(auth)', '')].flatMap((route) => {
    if (!route.includes('[')) return [route];
    const examples = PUBLIC_EXAMPLES[route];
    if (!examples) throw new Error(`${route} has a dynamic segment: give it example URLs in PUBLIC_EXAMPLES`);
    return examples;
  });

const expectNoViolations = async (page: Page, where: string) => expect(await axeViolations(page), where).toEqual([]);

test.describe('axe finds nothing', () => {
  test('on the public pages, signed out, and in the dialog a signed-out Add To Cart opens', async ({ page }) => {
    test.slow(); // every public page, one after another
    for (const url of [...publicUrls(), '/no-such-page']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, url);
    }
    await page.goto('/order/soup');
    await page.getByRole('button', { name: /^Add To Cart / }).first().click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'You are not Logged In!' })).toBeVisible();
    await expectNoViolations(page, 'the sign-in prompt');
  });

  test.describe('on the dashboard, with something on every list', () => {
    const contexts = useSeededAccounts();

    for (const who of ['diner', 'admin'] as const) {
      for (const route of pagesOf(who)) {
        test(`${who}: ${route}`, async () => {
          const page = await contexts[who]!.newPage();
          await page.goto(await urlOf(page, route));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('main').getByRole('status', { name: /loading/i })).toHaveCount(0);
          await expectNoViolations(page, route);
          await page.close();
        });
      }
    }

    /** Opens what `open` opens, expects `dialog` to show and axe to find nothing, then closes it with `close`. */
    async function inDialog(page: Page, open: Locator, dialog: Locator, close: () => Promise<void>, where: string) {
      await open.click();
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, where);
      await close();
      await expect(dialog).toBeHidden();
    }

    test("in the diner's dialogs: a dish's options, deleting a cart line, public pages signed in", async () => {
      const page = await contexts.diner!.newPage();
      for (const url of ['/', '/menu', '/order/pizza']) {
        await page.goto(url);
        await expect(page.getByTestId('cart-badge').locator('visible=true')).toBeVisible();
        await expectNoViolations(page, `${url} signed in`);
      }
      const options = page.locator('button[aria-haspopup="dialog"]').first();
      await inDialog(page, options, page.getByRole('dialog'), () => page.keyboard.press('Escape'), 'the options dialog');

      await page.goto('/dashboard/cart');
      const remove = page.getByRole('main').getByRole('button', { name: /^Delete / }).first();
      await inDialog(page, remove, page.getByRole('dialog'), () => page.getByRole('button', { name: 'Cancel' }).click(), 'the delete confirmation');
      await page.close();
    });

    test("in the admin's confirmation before deleting an item", async () => {
      const page = await contexts.admin!.newPage();
      await page.goto('/dashboard/manageItems');
      const remove = page.getByRole('main').getByRole('button', { name: /^Delete / }).first();
      await inDialog(page, remove, page.getByRole('dialog'), () => page.getByRole('button', { name: 'Cancel' }).click(), 'deleting an item');
      await page.close();
    });
  });
});
