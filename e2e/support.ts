import type { Browser, Cookie, Locator, Page } from '@playwright/test';
import type { MenuItem, SelectedOption } from '../lib/menu/types';
import type { RestaurantSettings, VersionedSettings } from '../lib/settings/types';
import type { UserRecord } from '../lib/users/types';
import { expect, workerServer } from './fixtures';

/** Helpers shared by the browser journeys. Accounts live in the Firebase Auth Emulator. */

export const ADMIN = { email: 'admin@bistro.test', password: 'Admin#2024', name: 'Bistro Admin' };
export const DINER = { email: 'diner@bistro.test', password: 'Diner#2024', name: 'Dana Diner' };

const emulatorHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** A fresh Firebase account with a unique email, made through the emulator's REST API. */
export async function createAccount(prefix = 'diner', password = 'Fresh#2024') {
  const email = `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@bistro.test`;
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName: `Test ${prefix}`, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator sign-up failed: ${res.status} ${await res.text()}`);
  return { email, password, name: `Test ${prefix}` };
}

/** The link of the newest verification mail the emulator holds for `email`, as its owner would open it. */
export async function verificationLink(email: string): Promise<string> {
  const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-bistro';
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  const mail = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1);
  if (!mail) throw new Error(`no verification mail for ${email}`);
  return mail.oobLink;
}

/**
 * Records what the captcha canvas draws, the way a person reads it off the screen, so the
 * journey can type it. The app is not changed for this: the test watches the canvas calls.
 */
export async function watchCaptcha(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __captcha: string };
    w.__captcha = '';
    const proto = CanvasRenderingContext2D.prototype;
    const fillRect = proto.fillRect;
    const fillText = proto.fillText;
    proto.fillRect = function (...args: Parameters<typeof fillRect>) {
      if (this.canvas.dataset.testid === 'captcha-canvas') w.__captcha = '';
      return fillRect.apply(this, args);
    };
    proto.fillText = function (...args: Parameters<typeof fillText>) {
      if (this.canvas.dataset.testid === 'captcha-canvas') w.__captcha += args[0];
      return fillText.apply(this, args);
    };
  });
}

export async function readCaptcha(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __captcha: string }).__captcha.length)).toBe(6);
  return page.evaluate(() => (window as unknown as { __captcha: string }).__captcha);
}

/**
 * The public top bar's navigation. On a phone its links wait behind the menu button, which is
 * opened first, as a person would.
 */
export async function siteNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Wait for the page that has it (after a sign-in the redirect may still be rendering): checking
  // the toggle of a page not there yet would leave the phone's menu closed.
  await expect(nav).toBeVisible();
  const toggle = nav.locator('details:not([open]) > summary');
  if (await toggle.isVisible()) await toggle.click();
  return nav;
}

/**
 * Logs in through the real form (captcha included) and waits for the redirect: for the journeys
 * about signing in. Every other journey signs in with `signIn`.
 */
export async function login(page: Page, account: { email: string; password: string }, from?: string) {
  await watchCaptcha(page);
  await page.goto(from ? `/login?from=${encodeURIComponent(from)}` : '/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Type the characters above').fill(await readCaptcha(page));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('User Login Successfull')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
}

/** An ID token for the account, from the emulator, as the Firebase SDK gets one when the form signs in. */
async function idTokenOf(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator sign-in of ${account.email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The demo accounts' sessions, made once per worker (each worker has a server of its own). */
const keptSessions = new Map<string, Promise<Cookie[]>>();

/**
 * Signs `page`'s browser context in as `account` the way the login form does once Firebase has
 * signed the person in (POST /api/jwt with the ID token, then the name to /api/users), then opens
 * `from`. The demo admin and diner sign in once per worker and their session is reused: nothing
 * in the journeys ends it. A fresh account signs in each time (a role change ends its sessions).
 */
export async function signIn(page: Page, account: { email: string; password: string; name?: string }, from = '/') {
  const context = page.context();
  const origin = workerServer().url;
  const startSession = async () => {
    const started = await context.request.post('/api/jwt', { data: { idToken: await idTokenOf(account) }, headers: { origin } });
    expect(started.status(), await started.text()).toBe(200);
    if (account.name) {
      const named = await context.request.post('/api/users', { data: { name: account.name }, headers: { origin } });
      expect(named.status(), await named.text()).toBe(200);
    }
    return (await context.cookies(origin)).filter((cookie) => cookie.name === 'bistro_session');
  };
  if ([ADMIN.email, DINER.email].includes(account.email)) {
    let session = keptSessions.get(account.email);
    if (!session) {
      session = startSession();
      keptSessions.set(account.email, session);
      session.catch(() => keptSessions.delete(account.email));
    }
    await context.addCookies(await session);
  } else {
    await startSession();
  }
  await page.goto(from);
}

/** A signed-in page in a browser context of its own, so several people can be online at once. */
export async function signedIn(browser: Browser, account: { email: string; password: string; name?: string }, from?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account, from);
  return page;
}

/** A new account, made staff by the admin through the API All users calls, and signed in. */
export async function staffMember(browser: Browser): Promise<Page> {
  const account = await createAccount('cook');
  await (await signedIn(browser, account)).context().close(); // the first sign-in makes the user record
  const admin = await signedIn(browser, ADMIN);
  const users = (await (await admin.request.get('/api/users')).json()) as UserRecord[];
  const cook = users.find((u) => u.email === account.email)!;
  const made = await admin.request.patch(`/api/users/${cook._id}`, { data: { role: 'staff' }, headers: { origin: new URL(admin.url()).origin } });
  expect(made.status()).toBe(200);
  await admin.context().close();
  return signedIn(browser, account);
}

/**
 * Resolves once React has hydrated the element, so that a tap on it is handled: a control rendered
 * on the server shows, and takes a click, before its page's script has run, and that click does
 * nothing. For controls whose tap must not be repeated (a switch); others are tapped again until
 * they react, as a person would.
 */
export async function whenHydrated(control: Locator): Promise<void> {
  await expect.poll(() => control.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), { message: 'React has hydrated it' }).toBe(true);
}

/** The users table's row of a person, found by their email. */
export const userRow = (page: Page, email: string) => page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });

/** Puts one dish in the diner's cart, through the API the add-to-cart button calls. */
export async function addDish(
  diner: Page,
  category = 'pizza',
  line: { quantity?: number; note?: string; options?: SelectedOption[] } = {},
): Promise<MenuItem> {
  const [dish] = (await (await diner.request.get(`/api/menu?category=${category}`)).json()) as MenuItem[];
  // Required groups (a pizza's size) get their first choices unless the caller chose.
  const options = line.options ?? dish!.options.filter((group) => group.min > 0).map((group) => ({ group: group.name, choices: group.choices.slice(0, group.min).map((c) => c.name) }));
  const added = await diner.request.post('/api/carts', { data: { menuId: dish!._id, ...line, options }, headers: { origin: new URL(diner.url()).origin } });
  expect(added.status()).toBe(201);
  return dish!;
}

/** A new diner, in a browser context of their own, pays for a salad and a soup: their page, the salad, and the path of the receipt. */
export async function dinerPaysForSaladAndSoup(browser: Browser, prefix: string): Promise<{ diner: Page; salad: MenuItem; receipt: string }> {
  const diner = await signedIn(browser, await createAccount(prefix));
  const salad = await addDish(diner, 'salad');
  await addDish(diner, 'soup');
  await payOnPage(diner);
  const receiptLink = diner.getByRole('link', { name: 'View your receipt' });
  await expect(receiptLink).toBeVisible({ timeout: 20_000 });
  return { diner, salad, receipt: (await receiptLink.getAttribute('href'))! };
}

/**
 * On an order's receipt, as an admin: refunds one of the line `dish` (with one left) through the
 * refund form, confirming the amount the form priced it at; resolves with that amount ('$9.95')
 * once the server made the refund.
 */
export async function refundOneOf(admin: Page, receipt: string, dish: string, reason: string): Promise<string> {
  await admin.goto(receipt);
  const form = admin.getByRole('form', { name: 'Refund this order' });
  const line = form.getByRole('option', { name: new RegExp(`^${dish} \\(1 left`) });
  await form.getByLabel('What to refund').selectOption((await line.getAttribute('value'))!);
  await form.getByLabel('How many').fill('1');
  await form.getByLabel('Reason').fill(reason);
  await expect(form.getByRole('status')).toHaveText(/^Gives back \$\d+\.\d\d: what was paid for it/);
  const amount = (await form.getByRole('status').textContent())!.match(/\$\d+\.\d\d/)![0];
  const refunded = admin.waitForResponse((res) => res.url().endsWith('/refunds') && res.status() === 201);
  await form.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(admin.getByRole('dialog')).toContainText(`Refund ${amount}?`);
  await admin.getByRole('button', { name: `Yes, refund ${amount}` }).click();
  await refunded;
  return amount;
}

/**
 * Where table `table`'s QR code leads (`/t/{n}?k={token}`), as an admin finds it on the Tables
 * page: what a diner at that table scans. The path, on this server (the code carries the public address).
 */
export async function tableLink(browser: Browser, table: number): Promise<string> {
  const admin = await signedIn(browser, ADMIN);
  await admin.goto('/dashboard/tables');
  const url = new URL((await admin.getByRole('img', { name: new RegExp(`^QR code of table ${table}:`) }).getAttribute('data-url'))!);
  await admin.context().close();
  return `${url.pathname}${url.search}`;
}

/**
 * The earliest pickup time with room for an order of `load` kitchen units (each dish 1 unless set),
 * today or else tomorrow, as the API lists them: a fulfilment no hour refuses.
 */
export async function earliestPickup(page: Page, load = 1): Promise<{ kind: 'pickup'; date: string; time: string }> {
  for (const days of [0, 1]) {
    const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');
    const slots = (await (await page.request.get(`/api/pickup-slots?date=${date}&load=${load}`)).json()) as { time: string; available: boolean }[];
    const slot = slots.find((s) => s.available);
    if (slot) return { kind: 'pickup', date, time: slot.time };
  }
  throw new Error('no pickup time with room today or tomorrow');
}

/**
 * Tomorrow's latest pickup time with room: for journeys that pay many orders, so they fill the
 * end of a day and leave the times other journeys choose (tomorrow at 12:00) free.
 */
export async function latestPickup(page: Page): Promise<{ kind: 'pickup'; date: string; time: string }> {
  const date = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA');
  const slots = (await (await page.request.get(`/api/pickup-slots?date=${date}`)).json()) as { time: string; available: boolean }[];
  const slot = slots.findLast((s) => s.available);
  if (!slot) throw new Error('no pickup time with room tomorrow');
  return { kind: 'pickup', date, time: slot.time };
}

/**
 * Saves the restaurant's settings as `edit` makes them from the current ones, as the admin signed
 * in on `admin`, through the API the Settings page calls; answers the settings as they were.
 */
export async function saveSettings(admin: Page, edit: (settings: RestaurantSettings) => RestaurantSettings): Promise<RestaurantSettings> {
  const { version, settings } = (await (await admin.request.get('/api/settings')).json()) as VersionedSettings;
  const res = await admin.request.put('/api/settings', { data: { version, settings: edit(structuredClone(settings)) }, headers: { origin: new URL(admin.url()).origin } });
  expect(res.status(), await res.text()).toBe(200);
  return settings;
}

/** Runs `journey` with the settings changed as `change` says, and puts them back afterwards: the journeys share one server. */
export async function withSettings<T>(admin: Page, change: (settings: RestaurantSettings) => void, journey: () => Promise<T>): Promise<T> {
  const before = await saveSettings(admin, (settings) => {
    change(settings);
    return settings;
  });
  try {
    return await journey();
  } finally {
    await saveSettings(admin, () => before);
  }
}

/** Every day, all day: for journeys about something else than the hours, whatever hour they run at. */
export const openAllDay = (settings: RestaurantSettings) => {
  for (const day of Object.keys(settings.schedule.hours) as (keyof RestaurantSettings['schedule']['hours'])[]) {
    settings.schedule.hours[day] = [{ opens: '00:00', closes: '00:00', overnight: false }];
  }
};

/** Pays for the cart of `load` kitchen units through the API the card form calls (for an order made quickly). */
export async function payByApi(diner: Page, load = 1): Promise<void> {
  const origin = new URL(diner.url()).origin;
  const started = await diner.request.post('/api/create-payment-intent', { data: { fulfilment: await earliestPickup(diner, load) }, headers: { origin } });
  expect(started.ok()).toBe(true);
  const intent = (await started.json()) as { transactionId: string };
  const paid = await diner.request.post('/api/payments/demo-confirm', {
    data: { transactionId: intent.transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    headers: { origin },
  });
  expect(paid.status()).toBe(200);
}

/** Types the demo card that succeeds into the payment page's card form. */
export async function fillDemoCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
}

/** Pays for the cart on the payment page with the demo card; resolves when the server has recorded it. */
export async function payOnPage(diner: Page): Promise<number> {
  await diner.goto('/dashboard/payment');
  await pickupAtEarliestTime(diner);
  await fillDemoCard(diner);
  const pay = diner.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  const recorded = diner.waitForResponse((res) => res.url().endsWith('/api/payments/demo-confirm') && res.ok());
  await pay.click();
  await recorded;
  return Date.now();
}

/**
 * On the payment page, pickup at a time the diner chooses: the first day with a time still ahead,
 * its earliest time with room, whatever the clock says now (as soon as possible is not offered
 * while the restaurant is closed). Answers the time chosen.
 */
export async function pickupAtEarliestTime(page: Page): Promise<string> {
  // The radio is visually hidden: a person taps its label.
  await page.locator('label').filter({ hasText: 'At a time I choose' }).click();
  await expect(page.getByRole('radio', { name: 'At a time I choose' })).toBeChecked();
  const time = page.getByRole('combobox', { name: 'Time', exact: true });
  await expect(time).toHaveValue(/^\d\d:\d\d$/);
  return time.inputValue();
}
