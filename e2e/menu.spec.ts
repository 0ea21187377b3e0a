import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { MenuItem } from '../lib/menu/types';
import { ADMIN, createAccount, signedIn, signIn, siteNav, whenHydrated } from './support';

async function dish(page: Page, category: string, name: string): Promise<MenuItem> {
  const items = (await (await page.request.get(`/api/menu?category=${category}`)).json()) as MenuItem[];
  return items.find((item) => item.name === name)!;
}

/** Changes a dish through the admin API, as the admin pages do. */
async function patchDish(admin: Page, id: string, changes: object) {
  const res = await admin.request.patch(`/api/menu/${id}`, { data: changes, headers: { origin: new URL(admin.url()).origin } });
  expect(res.status()).toBe(200);
}

/**
 * Opens `url` until `check` passes. A change marks the prerendered public pages stale, and the
 * next visit renders them again; but a page already past its 5 minutes is served once more as it
 * was while it renders again (Next.js's stale-while-revalidate), as a diner reloading would see.
 */
async function expectOnVisit(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 30_000 });
}

/** WCAG A and AA, and that every control's name holds its visible words. */
async function expectAccessible(page: Page, include: string) {
  const wcag = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(wcag.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const names = await new AxeBuilder({ page }).include(include).withRules(['label-content-name-mismatch']).analyze();
  expect(names.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('the menu a restaurant runs service on', () => {
  test.setTimeout(120_000);

  test('a diner filters to vegan and free from milk, searches, picks a Large pizza with two toppings, sees the live price, adds it and pays the exact total', { tag: '@diner' }, async ({ page }) => {
    await signIn(page, await createAccount('vegan'), '/order/pizza');
    const cards = page.locator('article:visible');
    await expect(cards).toHaveCount(6);
    const status = page.getByRole('search').getByRole('status');

    await page.getByRole('checkbox', { name: 'Vegan' }).check();
    await page.getByText('Free from…').click();
    await page.getByRole('checkbox', { name: 'milk', exact: true }).check();
    await expect(page).toHaveURL(/\/order\/pizza\?diet=vegan&free=milk$/);
    // The Marinara is on page 2 of the pizzas: a filter looks across the whole category.
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Pizza Marinara');
    await expect(cards).toContainText('Vegan');
    await expect(cards).toContainText('Contains: gluten');
    await expect(status).toHaveText('1 dish matches.');
    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeHidden();

    await page.getByLabel('Search by name or ingredient').fill('margherita');
    await expect(status).toHaveText('No dishes in Pizza match your search and filters.');
    await expect(cards).toHaveCount(0);
    await page.getByLabel('Search by name or ingredient').fill('fresh basil');
    await expect(cards).toHaveCount(1);

    // The filtered view is in the URL: shared (or reloaded), it opens filtered.
    await page.goto(page.url());
    await expect(page.getByRole('checkbox', { name: 'Vegan' })).toBeChecked();
    await expect(page.getByLabel('Search by name or ingredient')).toHaveValue('fresh basil');
    await expect(cards).toHaveCount(1);
    await expectAccessible(page, '#order-dishes');

    // Escape closes the dialog and gives the focus back to the button that opened it.
    const add = cards.getByRole('button', { name: 'Add To Cart Pizza Marinara' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Pizza Marinara' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    await add.click();
    await expect(dialog.getByRole('radio', { name: 'Regular' })).toBeChecked();
    const price = dialog.getByText(/^Total /);
    await expect(price).toHaveText('Total $11.95');
    await dialog.getByRole('radio', { name: /^Large/ }).check();
    await expect(price).toHaveText('Total $15.45');
    const toppings = dialog.getByRole('group', { name: /Extra toppings/ });
    await toppings.getByRole('checkbox', { name: /^Olives/ }).check();
    await toppings.getByRole('checkbox', { name: /^Rocket/ }).check();
    await expect(price).toHaveText('Total $18.20');
    // Three at most: with a third ticked the others wait.
    await toppings.getByRole('checkbox', { name: /^Mushrooms/ }).check();
    await expect(toppings.getByRole('checkbox', { name: /^Red onion/ })).toBeDisabled();
    await toppings.getByRole('checkbox', { name: /^Mushrooms/ }).uncheck();
    await expect(toppings.getByRole('checkbox', { name: /^Red onion/ })).toBeEnabled();
    await dialog.getByLabel('Quantity').fill('2');
    await expect(price).toHaveText('Total $36.40 ($18.20 each)');
    await dialog.getByLabel('Note for the kitchen (optional)').fill('Well done, please');
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Pizza Marinara added to your cart')).toBeVisible();
    await expect((await siteNav(page)).getByTestId('cart-badge').locator('visible=true')).toHaveText('+2');

    await page.goto('/dashboard/cart');
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText('Pizza Marinara');
    await expect(row).toContainText('Size: Large; Extra toppings: Olives, Rocket');
    await expect(row).toContainText('Note: “Well done, please”');
    await expect(row).toContainText('$36.40');
    await expect(page.getByText('Total price: $36.40')).toBeVisible();

    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    const pay = page.getByRole('button', { name: 'Pay $36.40' });
    await expect(pay).toBeEnabled();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    await expect(page.getByRole('link', { name: 'View your receipt' })).toBeVisible({ timeout: 20_000 });
    await page.goto('/dashboard/paymentHistory');
    const paid = page.getByRole('table').getByRole('row').nth(1);
    await expect(paid).toContainText('2× Pizza Marinara');
    await expect(paid).toContainText('Size: Large; Extra toppings: Olives, Rocket');
    await expect(paid).toContainText('$36.40');
  });

  test('the menu page searches across its sections, says when nothing matches, and clears', async ({ page }) => {
    await page.goto('/menu');
    await page.getByLabel('Search by name or ingredient').fill('creme brulee');
    await expect(page.locator('[data-dish]:visible')).toHaveCount(1);
    await expect(page.locator('[data-dish]:visible')).toContainText('Crème Brûlée');
    // Sections left without a match go, banner and all.
    await expect(page.locator('[data-section="pizza"]')).toBeHidden();
    await page.getByLabel('Search by name or ingredient').fill('no such dish');
    await expect(page.getByRole('search').getByRole('status')).toHaveText('No dishes on the menu match your search and filters.');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.locator('[data-section="pizza"]')).toBeVisible();
    await expect(page.getByLabel('Search by name or ingredient')).toHaveValue('');
  });

  test('an admin marks a dish sold out: a diner sees it disabled, and the line in their cart is refused until removed', async ({ browser }) => {
    const diner = await signedIn(browser, await createAccount('soldout'), '/order/soup');
    const minestrone = await dish(diner, 'soup', 'Minestrone');
    const origin = new URL(diner.url()).origin;
    expect((await diner.request.post('/api/carts', { data: { menuId: minestrone._id }, headers: { origin } })).status()).toBe(201);

    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/manageItems');
    const available = admin.getByRole('switch', { name: 'Available Minestrone' });
    await expect(available).toHaveAttribute('aria-checked', 'true');
    try {
      // A tap before the page's script has run does nothing: the admin taps once it has.
      await whenHydrated(available);
      await available.click();
      await expect(admin.getByText('Minestrone is sold out')).toBeVisible();
      await expect(available).toHaveAttribute('aria-checked', 'false');
      await expect(admin.getByRole('row', { name: /Minestrone/ })).toContainText('Sold out');

      const card = diner.locator('article:visible').filter({ hasText: 'Minestrone' });
      await expectOnVisit(diner, '/order/soup', async () => {
        await expect(card.getByRole('button', { name: 'Sold out Minestrone' })).toBeDisabled({ timeout: 2_000 });
        await expect(card).toContainText('Sold out');
      });
      await expect(async () => {
        const jsonLd = JSON.parse((await (await diner.request.get('/menu')).text()).match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
        const listed = jsonLd.hasMenu.hasMenuSection.flatMap((s: { hasMenuItem: { name: string }[] }) => s.hasMenuItem);
        expect(listed.find((d: { name: string }) => d.name === 'Minestrone').offers.availability).toBe('https://schema.org/SoldOut');
      }).toPass({ timeout: 30_000 });

      await diner.goto('/dashboard/cart');
      await expect(diner.getByText('Minestrone is sold out. Please remove it.')).toBeVisible();
      await expect(diner.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
      await diner.goto('/dashboard/payment');
      await expect(diner.getByRole('alert').filter({ hasText: 'Minestrone is sold out. Please remove it.' })).toBeVisible();
      await expect(diner.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    } finally {
      await patchDish(admin, minestrone._id, { available: true });
    }
    await admin.reload();
    await expect(available).toHaveAttribute('aria-checked', 'true');
    await expectOnVisit(diner, '/order/soup', () =>
      expect(diner.locator('article:visible').filter({ hasText: 'Minestrone' }).getByRole('button', { name: 'Add To Cart Minestrone' })).toBeEnabled({ timeout: 2_000 }),
    );
  });

  test('an admin edits option groups: validation shared with the server, reordering, and the dialog diners see', async ({ browser }) => {
    const admin = await signedIn(browser, ADMIN);
    const origin = new URL(admin.url()).origin;
    const created = await admin.request.post('/api/menu', {
      headers: { origin },
      data: { name: 'Aaa Options Soup', category: 'soup', price: 7.5, recipe: 'Stock, greens', image: '/images/menu/minestrone-soup.svg' },
    });
    const { insertedId } = (await created.json()) as { insertedId: string };
    try {
      await admin.goto(`/dashboard/updateItem/${insertedId}`);
      await admin.getByRole('checkbox', { name: 'Vegetarian' }).check();
      await admin.getByRole('checkbox', { name: 'celery' }).check();

      await admin.getByRole('button', { name: 'Add an option group' }).click();
      await admin.getByLabel('Group 1 name').fill('Extras');
      await admin.getByLabel('Most choices').fill('2');
      await admin.getByLabel('Choice 1', { exact: true }).fill('Croutons');
      await admin.getByLabel('Extra (USD)').fill('0.75');
      await admin.getByRole('button', { name: 'Add a choice to Extras' }).click();
      // A second choice left without a name, and more allowed than there are: refused as the server would.
      await admin.getByRole('button', { name: 'Update Item' }).click();
      await expect(admin.getByText('Choice name is required')).toBeVisible();
      await admin.getByRole('group', { name: 'Choices of Extras' }).getByLabel('Choice 2', { exact: true }).fill('Parmesan');
      await admin.getByRole('group', { name: 'Choices of Extras' }).getByLabel('Extra (USD)').nth(1).fill('1.25');

      await admin.getByRole('button', { name: 'Add an option group' }).click();
      await admin.getByLabel('Group 2 name').fill('Bread');
      await admin.getByLabel('Least choices').nth(1).fill('1');
      await admin.getByRole('group', { name: 'Choices of Bread' }).getByLabel('Choice 1', { exact: true }).fill('Sourdough');
      await admin.getByRole('button', { name: 'Add a choice to Bread' }).click();
      await admin.getByRole('group', { name: 'Choices of Bread' }).getByLabel('Choice 2', { exact: true }).fill('Focaccia');
      await admin.getByRole('group', { name: 'Choices of Bread' }).getByLabel('Extra (USD)').nth(1).fill('1.5');
      // Bread first, and Focaccia before Sourdough.
      await admin.getByRole('button', { name: 'Move group Bread up' }).click();
      await admin.getByRole('button', { name: 'Move choice 2 of Bread up' }).click();
      await admin.getByRole('button', { name: 'Update Item' }).click();
      await expect(admin.getByText('Aaa Options Soup is Updated to the menu.')).toBeVisible();

      const saved = (await (await admin.request.get(`/api/menu/${insertedId}`)).json()) as MenuItem;
      expect(saved).toMatchObject({
        dietary: ['vegetarian'],
        allergens: ['celery'],
        options: [
          { name: 'Bread', min: 1, max: 1, choices: [{ name: 'Focaccia', price: 1.5 }, { name: 'Sourdough', price: 0 }] },
          { name: 'Extras', min: 0, max: 2, choices: [{ name: 'Croutons', price: 0.75 }, { name: 'Parmesan', price: 1.25 }] },
        ],
      });

      const diner = await signedIn(browser, await createAccount('bread'), '/order/soup');
      const card = diner.locator('article:visible').filter({ hasText: 'Aaa Options Soup' });
      await expect(card).toContainText('Vegetarian');
      await expect(card).toContainText('Contains: celery');
      await card.getByRole('button', { name: 'Add To Cart Aaa Options Soup' }).click();
      const dialog = diner.getByRole('dialog', { name: 'Aaa Options Soup' });
      const groups = dialog.getByRole('group');
      await expect(groups.nth(0)).toContainText('Bread (Required)');
      await expect(groups.nth(1)).toContainText('Extras (Optional, up to 2)');
      await expect(dialog.getByRole('radio', { name: /^Focaccia/ })).toBeChecked();
      await expect(dialog.getByText(/^Total /)).toHaveText('Total $9.00');
    } finally {
      await admin.request.delete(`/api/menu/${insertedId}`, { headers: { origin } });
    }
  });
});
