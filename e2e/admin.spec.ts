import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FIRST_SCREEN } from '../lib/pagination/schemas';
import { ADMIN, createAccount, login, signedIn, signIn, userRow } from './support';

/** A 1×1 PNG: a real picture, small enough to write down. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const emulatorHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** The menu page's section of a category. */
const menuSection = (page: Page, category: string) => page.locator(`[data-section="${category}"]`);

test.describe('menu items', { tag: '@admin' }, () => {
  test('an admin adds an item with a picture, sees it on the public pages, updates it and deletes it', async ({ page }) => {
    test.slow(); // one journey through five pages and three regenerations of the public ones
    const name = `Aaa E2E Tart ${Date.now()}`;
    await signIn(page, ADMIN);

    await page.goto('/dashboard/additems');
    await page.getByRole('button', { name: 'Add Item' }).click();
    for (const message of ['Name is required', 'Category is required', 'Price is required', 'Image is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    await page.getByLabel('Recipe name*').fill(name);
    await page.getByLabel('Category*').selectOption('dessert');
    await page.getByLabel('Price (USD)*').fill('8.755');
    await page.getByLabel('Recipe details').fill('Butter pastry, baked apples, cinnamon');
    await page.getByLabel('Picture*').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await expect(page.getByText('The file must be a JPEG, PNG or WebP image.')).toBeVisible();
    await page.getByLabel('Picture*').setInputFiles({ name: 'tart.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Price can have at most 2 decimals')).toBeVisible();
    await page.getByLabel('Price (USD)*').fill('8.75');

    // The upload waits until its progress bar has been seen.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/images', async (route) => {
      await seen;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByRole('progressbar', { name: 'Picture upload' })).toBeVisible();
    release();
    await expect(page.getByText(`${name} is added to the menu.`)).toBeVisible();
    await expect(page.getByLabel('Recipe name*')).toHaveValue('');
    await expect(page.getByLabel('Category*')).toHaveValue('');
    await expect(page.getByLabel('Picture*')).toHaveValue('');

    await page.goto('/menu');
    const dessert = menuSection(page, 'dessert');
    await expect(dessert.getByRole('heading', { name })).toBeVisible();
    // Decorative (alt=""), so not an img role: found as an element.
    const picture = dessert.locator('li', { hasText: name }).locator('img');
    await expect(picture).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{64}\.png$/);
    await picture.scrollIntoViewIfNeeded(); // it loads lazily
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const served = await page.request.get((await picture.getAttribute('src'))!);
    expect(served.headers()).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' });
    await page.goto('/order/dessert');
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: name })).toContainText('$8.75');

    await page.goto('/dashboard/manageItems');
    await page.getByRole('link', { name: `Update ${name}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/updateItem\/[0-9a-f]{24}$/);
    await expect(page.getByLabel('Recipe name*')).toHaveValue(name);
    await expect(page.getByLabel('Category*')).toHaveValue('dessert');
    await expect(page.getByLabel('Price (USD)*')).toHaveValue('8.75');
    await expect(page.getByRole('img', { name: 'Current picture' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Item' })).toBeDisabled();
    await expect(page.getByText('Change a field or choose a new picture to save.')).toBeVisible();

    const renamed = `${name} Deluxe`;
    await page.getByLabel('Recipe name*').fill(renamed);
    await page.getByLabel('Price (USD)*').fill('9.25');
    await page.getByRole('button', { name: 'Update Item' }).click();
    await expect(page.getByText(`${renamed} is Updated to the menu.`)).toBeVisible();

    await page.goto('/menu');
    const row = menuSection(page, 'dessert').locator('li', { hasText: renamed });
    await expect(row).toContainText('$9.25');
    await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/images\//);
    await page.goto('/order/dessert');
    await expect(page.getByRole('article').filter({ hasText: renamed })).toContainText('$9.25');

    await page.goto('/dashboard/manageItems');
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText(`${renamed} has been deleted`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${renamed}` })).toHaveCount(0);

    await page.goto('/menu');
    await expect(menuSection(page, 'dessert')).not.toContainText(name);
    await page.goto('/order/dessert');
    await expect(page.getByRole('main')).not.toContainText(name);
  });

  test('a category that grows past a page gets its new order page at once, and loses it again', async ({ page }) => {
    await signIn(page, ADMIN);
    const origin = new URL(page.url()).origin;
    const soups = (await (await page.request.get('/api/menu?category=soup')).json()) as unknown[];
    const pages = Math.ceil(soups.length / 6);
    const newPage = `/order/soup/${pages + 1}`;
    expect((await page.goto(newPage))?.status()).toBe(404);

    // Enough soups to open exactly one more page; 'Zz' sorts them last, onto that page.
    const ids: string[] = [];
    for (let i = 0; i < pages * 6 + 1 - soups.length; i++) {
      const res = await page.request.post('/api/menu', {
        headers: { origin },
        data: { name: `Zz Soup ${i} ${Date.now()}`, category: 'soup', price: 4.5, recipe: '', image: '/images/menu/soup.svg' },
      });
      expect(res.status()).toBe(201);
      ids.push(((await res.json()) as { insertedId: string }).insertedId);
    }

    expect((await page.goto(newPage))?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: /^Zz Soup/ })).toHaveCount(1);
    await page.goto('/order/soup');
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: `Page ${pages + 1}` })).toBeVisible();

    for (const id of ids) expect((await page.request.delete(`/api/menu/${id}`, { headers: { origin } })).status()).toBe(200);
    expect((await page.goto(newPage))?.status()).toBe(404);
  });

  test('the update page is not found for an unknown or malformed id', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const id of ['aaaaaaaaaaaaaaaaaaaaaaaa', 'not-an-id']) {
      // The page is outside the dashboard's loading bar, so the item is looked up before the status is sent.
      expect((await page.goto(`/dashboard/updateItem/${id}`))?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByLabel('Recipe name*')).toHaveCount(0);
    }
  });
});

/** The user's row, found with the page's search: the list shows only its newest users at first. */
async function findUser(admin: Page, email: string) {
  await admin.getByRole('searchbox', { name: 'Search', exact: true }).fill(email);
  const row = userRow(admin, email);
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('users', { tag: '@admin' }, () => {
  test('an admin makes a diner admin, who then reaches the admin pages (signed in again: the role change ended their session)', async ({ browser }) => {
    const account = await createAccount('promoted');
    // Through the form: the browser keeps the Firebase sign-in, which signs the diner in again
    // once the role change has ended their session.
    const diner = await (await browser.newContext()).newPage();
    await login(diner, account);
    await diner.goto('/dashboard/adminHome');
    await expect(diner).toHaveURL(/\/$/);

    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/allUsers');
    await expect(admin.getByRole('heading', { name: /^Total users: \d+$/ })).toBeVisible();
    const total = Number((await admin.getByRole('heading', { name: /^Total users:/ }).textContent())?.match(/\d+/)?.[0]);
    // The first screenful, with its header row; the rest load on demand.
    await expect(admin.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(Math.min(total, FIRST_SCREEN) + 1);

    const row = await findUser(admin, account.email);
    await row.getByRole('button', { name: `Make ${account.name} admin` }).click();
    await expect(admin.getByText(`${account.name} is admin now!!!!`)).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();

    await diner.goto('/dashboard/adminHome');
    await expect(diner).toHaveURL(/\/dashboard\/adminHome$/);
    await expect(diner.getByRole('heading', { level: 1 })).toHaveText(/^Hi, Welcome/);
  });

  test('an admin deletes a user, whose sign-in goes too, but cannot delete themself', async ({ browser }) => {
    const account = await createAccount('doomed');
    await (await signedIn(browser, account)).context().close();

    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/allUsers');
    const heading = admin.getByRole('heading', { name: /^Total users:/ });
    await expect(heading).toHaveText(/\d+$/);
    const total = Number((await heading.textContent())?.match(/\d+/)?.[0]);

    const own = (await findUser(admin, ADMIN.email)).getByRole('button', { name: `Delete ${ADMIN.name}` });
    await expect(own).toHaveAttribute('aria-disabled', 'true');
    await expect(own).toHaveAccessibleDescription('You cannot delete your own account.');

    const row = await findUser(admin, account.email);
    await row.getByRole('button', { name: `Delete ${account.name}` }).click();
    await admin.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(admin.getByText(`${account.name} has been deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
    // The heading counts what the search finds: without one, everybody, one fewer.
    await admin.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    await expect(heading).toHaveText(`Total users: ${total - 1}`);

    const signIn = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
    });
    expect(((await signIn.json()) as { error?: { message?: string } }).error?.message).toMatch(/EMAIL_NOT_FOUND|USER_NOT_FOUND/);
  });
});
