import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations, overflowX, smallTargets } from './layout';
import { ADMIN, createAccount, fillDemoCard, openAllDay, payOnPage, signedIn, staffMember, whenHydrated, withSettings } from './support';

/** A dish of the journey's own, through the API the admin form calls: its id. */
async function newDish(admin: Page, name: string, extra: object = {}): Promise<string> {
  const res = await admin.request.post('/api/menu', {
    headers: { origin: new URL(admin.url()).origin },
    data: { name, category: 'soup', price: 6.5, recipe: 'Stock, greens', image: '/images/menu/minestrone-soup.svg', ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

async function deleteDish(admin: Page, id: string) {
  await admin.request.delete(`/api/menu/${id}`, { headers: { origin: new URL(admin.url()).origin } });
}

async function intoCart(diner: Page, menuId: string, quantity = 1) {
  const added = await diner.request.post('/api/carts', { data: { menuId, quantity }, headers: { origin: new URL(diner.url()).origin } });
  expect(added.status(), await added.text()).toBe(201);
}

/** The kitchen display's list of dishes, opened and narrowed to `name`. */
async function kitchenDishes(cook: Page, name: string) {
  await cook.goto('/dashboard/kitchen');
  const summary = cook.getByText('Dishes: 86 and counts');
  await whenHydrated(summary);
  const panel = cook.locator('details').filter({ has: summary });
  if (!(await panel.evaluate((el) => (el as HTMLDetailsElement).open))) await summary.click();
  await panel.getByLabel('Find a dish or option').fill(name);
  return panel;
}

/**
 * The order pages are prerendered and made again after a change, in the background of the first
 * visit after it (which still gets the old page): visit until `check` passes. A loaded machine
 * takes a while to make them.
 */
async function expectOnVisit(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 60_000 });
}

test.describe('the menu by the clock and by the count', () => {
  test.setTimeout(150_000);

  test("staff 86 a dish from the kitchen tablet for 2 hours: a diner's payment is refused with the reason, and taken once it is back on", async ({ browser }) => {
    const admin = await signedIn(browser, ADMIN);
    const name = `Aaa Eighty-six Soup ${Date.now() % 100_000}`;
    await withSettings(admin, openAllDay, async () => {
      const id = await newDish(admin, name);
      const cook = await staffMember(browser);
      await cook.setViewportSize({ width: 768, height: 1024 });
      const diner = await signedIn(browser, await createAccount('eightysix'));
      try {
        await intoCart(diner, id);
        await diner.goto('/dashboard/payment');
        await fillDemoCard(diner);

        const panel = await kitchenDishes(cook, name);
        await panel.getByRole('radio', { name: 'For', exact: true }).check();
        await expect(panel.getByLabel('Hours')).toHaveValue('2');
        await panel.getByRole('button', { name: `86 for 2 hours (${name})` }).click();
        await expect(panel.getByText(/^Off until (tomorrow at )?\d\d:\d\d · /)).toBeVisible();
        expect(await axeViolations(cook)).toEqual([]);
        expect(await overflowX(cook)).toEqual([]);
        expect(await smallTargets(cook)).toEqual([]);

        // The diner's page was read before the 86: the server refuses the payment, in the cart's words.
        await diner.getByRole('button', { name: /^Pay \$/ }).click();
        await expect(diner.getByRole('alert').filter({ hasText: new RegExp(`^${name} is sold out until (tomorrow at )?\\d\\d:\\d\\d\\. Please remove it\\.`) }).first()).toBeVisible();

        await panel.getByRole('button', { name: `Turn back on (${name})` }).click();
        await expect(panel.getByRole('button', { name: `86 for 2 hours (${name})` })).toBeVisible();
        await payOnPage(diner);
        await expect(diner.getByRole('link', { name: 'View your receipt' })).toBeVisible({ timeout: 20_000 });
      } finally {
        await deleteDish(admin, id);
        await diner.context().close();
        await cook.context().close();
      }
    });
    await admin.context().close();
  });

  test('a diner sees "Only 2 left", buys them, and the dish shows Sold out; the kitchen sees the count and sets a new one', async ({ browser }) => {
    const admin = await signedIn(browser, ADMIN);
    const name = `Aaa Last Two Soup ${Date.now() % 100_000}`;
    const id = await newDish(admin, name, { stock: { per: 'total', count: 2 } });
    const diner = await signedIn(browser, await createAccount('lasttwo'));
    const cook = await staffMember(browser);
    try {
      const card = diner.locator('article:visible').filter({ hasText: name });
      await expectOnVisit(diner, '/order/soup', async () => {
        await expect(card).toContainText('Only 2 left', { timeout: 3_000 });
      });
      await intoCart(diner, id, 2);
      await payOnPage(diner);
      await expect(diner.getByRole('link', { name: 'View your receipt' })).toBeVisible({ timeout: 20_000 });

      await expectOnVisit(diner, '/order/soup', async () => {
        await expect(card.getByRole('button', { name: `Sold out ${name}` })).toBeDisabled({ timeout: 3_000 });
      });

      // The kitchen sees none left, and finds two more portions.
      const panel = await kitchenDishes(cook, name);
      await expect(panel.getByText('Sold out (0 left until changed)')).toBeVisible();
      const left = panel.getByLabel(`Portions of ${name} left`);
      await left.fill('-1');
      await panel.getByRole('button', { name: `Set left of ${name}` }).click();
      await expect(panel.getByText('Count must not be negative')).toBeVisible();
      await left.fill('2');
      await panel.getByRole('button', { name: `Set left of ${name}` }).click();
      await expect(panel.getByText('2 left until changed')).toBeVisible();
      // On a phone the list still fits, and every control takes a fingertip.
      await cook.setViewportSize({ width: 412, height: 915 });
      await expect.poll(() => overflowX(cook)).toEqual([]);
      expect(await smallTargets(cook)).toEqual([]);
      expect(await axeViolations(cook)).toEqual([]);
      await expectOnVisit(diner, '/order/soup', async () => {
        await expect(card).toContainText('Only 2 left', { timeout: 3_000 });
      });
    } finally {
      await deleteDish(admin, id);
      await diner.context().close();
      await cook.context().close();
      await admin.context().close();
    }
  });

  test("an admin gives a dish breakfast hours and a count in its form: Manage items shows both, and a payment for tomorrow morning is taken but not for tomorrow evening", async ({ browser }) => {
    const admin = await signedIn(browser, ADMIN);
    const origin = new URL(admin.url()).origin;
    const name = `Aaa Breakfast Soup ${Date.now() % 100_000}`;
    const id = await newDish(admin, name);
    try {
      await admin.goto(`/dashboard/updateItem/${id}`);
      const hours = admin.getByRole('checkbox', { name: 'Served only on some days or hours' });
      await whenHydrated(hours);
      await hours.check();
      // Refused as the server would: a window that closes before it opens.
      await admin.getByLabel('Window 1 to').fill('06:00');
      await admin.getByRole('button', { name: 'Update Item' }).click();
      await expect(admin.getByText('Closes before it opens. Tick "past midnight" if it ends the next day.')).toBeVisible();
      await admin.getByLabel('Window 1 to').fill('11:00');
      await admin.getByRole('checkbox', { name: 'Counted portions' }).check();
      await admin.getByLabel('Portions', { exact: true }).fill('12');
      await admin.getByRole('button', { name: 'Update Item' }).click();
      await expect(admin.getByText(`${name} is Updated to the menu.`)).toBeVisible();
      expect(await axeViolations(admin)).toEqual([]);

      await admin.goto('/dashboard/manageItems');
      const row = admin.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('Served Daily 07:00–11:00');
      await expect(row).toContainText('12 left of 12 a day');

      // A section's hours are checked as the server would before anything is sent.
      const sections = admin.getByRole('region', { name: 'Section hours' });
      await sections.getByRole('button', { name: 'Edit hours of Dessert' }).click();
      const dessert = admin.getByRole('form', { name: 'Hours of Dessert' });
      await dessert.getByLabel('Window 1 to').fill('06:00');
      await dessert.getByRole('button', { name: 'Save hours of Dessert' }).click();
      await expect(dessert.getByText('Closes before it opens. Tick "past midnight" if it ends the next day.')).toBeVisible();
      expect(await axeViolations(admin)).toEqual([]);
      await dessert.getByRole('button', { name: 'Cancel' }).click();
      await expect(sections).toContainText('Dessert Whenever open');

      // The payment judges the time the order is for: tomorrow evening is refused with the reason, tomorrow at 08:30 is taken.
      const diner = await signedIn(browser, await createAccount('breakfast'));
      await intoCart(diner, id);
      const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA');
      const pay = (time: string) => diner.request.post('/api/create-payment-intent', { data: { fulfilment: { kind: 'pickup', date: tomorrow, time } }, headers: { origin } });
      await withSettings(admin, openAllDay, async () => {
        const evening = await pay('20:00');
        expect(evening.status()).toBe(409);
        expect(((await evening.json()) as { error: string }).error).toMatch(new RegExp(`^${name} is not served tomorrow at 20:00 \\(it is served from \\w+day at 07:00\\)\\. Please choose another time, or remove it\\.$`));
        const morning = await pay('08:30');
        expect(morning.ok(), await morning.text()).toBe(true);
      });
      await diner.context().close();
    } finally {
      await deleteDish(admin, id);
      await admin.context().close();
    }
  });
});
