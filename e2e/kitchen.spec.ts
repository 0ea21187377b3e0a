import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { orderLabel } from '../lib/orders/wording';
import type { Payment } from '../lib/payments/types';
import { axeViolations, overflowX, smallTargets } from './layout';
import { ADMIN, addDish, createAccount, earliestPickup, openAllDay, payByApi, payOnPage, signedIn, signIn, staffMember, userRow, withSettings } from './support';

/** The ticket name the kitchen shows for an order (lib/orders/wording.ts), until orders are numbered. */
/** The kitchen's name for the signed-in diner's newest order: its number, as every screen words it. */
async function newestTicket(diner: Page, email: string): Promise<string> {
  const payments = (await (await diner.request.get(`/api/payments/${encodeURIComponent(email)}`)).json()) as Payment[];
  return orderLabel(payments[0]!);
}

/** Counts the notes the kitchen plays (Web Audio oscillators), without changing how they play. */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number };
    w.__tones = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__tones += 1;
      return create.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __tones: number }).__tones);
}

const isOrderPatch = (res: Response) => res.request().method() === 'PATCH' && /\/api\/orders\/[0-9a-f]{24}$/.test(res.url());

test.describe('the live kitchen', () => {
  test.setTimeout(150_000);

  test('a cook made staff runs the kitchen: a paid order appears within 2 s, a tap can be undone, and the diner sees Ready within 2 s', async ({ browser }) => {
    // An admin makes a new account staff from All users; the role change ended the cook's session.
    const account = await createAccount('cook');
    const firstVisit = await signedIn(browser, account);
    const admin = await signedIn(browser, ADMIN);
    await admin.goto('/dashboard/allUsers');
    await userRow(admin, account.email).getByLabel(`Role of ${account.name}`).selectOption('staff');
    await expect(admin.getByText(`${account.name} is staff now`)).toBeVisible();
    await admin.reload();
    await expect(userRow(admin, account.email).getByLabel(`Role of ${account.name}`)).toHaveValue('staff');
    await firstVisit.context().close();

    const kitchenContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    // The undo window is the page's own timer: the journey moves the page's clock on instead of waiting it out.
    await kitchenContext.clock.install();
    const cook = await kitchenContext.newPage();
    const tones = await countTones(cook);
    await signIn(cook, account);
    await cook.goto('/dashboard');
    await expect(cook).toHaveURL(/\/dashboard\/staffHome$/);
    const nav = cook.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link')).toHaveText([/Restaurant$/, 'Staff Home', 'Kitchen', 'Manage Orders', 'Home', 'Menu', 'Shop', 'Contact']);
    // Staff do not manage the shop.
    for (const page of ['/dashboard/adminHome', '/dashboard/allUsers', '/dashboard/manageItems', '/dashboard/manageBookings']) {
      await cook.goto(page);
      await expect(cook).toHaveURL(/\/$/);
    }
    await cook.goto('/dashboard/staffHome');
    await cook.getByRole('link', { name: 'Open the kitchen display' }).click();
    await expect(cook.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();
    // Browsers play sound only after a tap on the page.
    await expect(cook.getByText('Tap anywhere on the screen once to hear new tickets.')).toBeVisible();
    await cook.getByRole('heading', { level: 1, name: 'Kitchen' }).click();
    await expect(cook.getByText('Tap anywhere on the screen once to hear new tickets.')).toBeHidden();
    const column = (title: string) => cook.getByRole('region', { name: new RegExp(`^${title} \\(`) });

    // A diner, in a browser of their own, pays for a pizza.
    const dinerContext = await browser.newContext();
    await dinerContext.grantPermissions(['notifications']);
    const diner = await dinerContext.newPage();
    await diner.addInitScript(() => {
      const w = window as unknown as { __notified: string[] };
      w.__notified = [];
      const Real = window.Notification;
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          w.__notified.push(`${title}: ${options?.body ?? ''}`);
          super(title, options);
        }
      } as typeof Notification;
    });
    const hungry = await createAccount('hungry');
    await signIn(diner, hungry);
    const pizza = await addDish(diner, 'pizza', { quantity: 2, note: 'No basil, please' });
    const size = pizza.options.find((group) => group.min > 0)!;
    const paidAt = await payOnPage(diner);
    const name = await newestTicket(diner, hungry.email);
    const ticket = cook.getByRole('article', { name });
    await expect(column('New').getByRole('article', { name })).toBeVisible({ timeout: Math.max(1, 2000 - (Date.now() - paidAt)) });
    // What the cook needs: how many, the choices and the diner's note.
    await expect(ticket.getByRole('listitem')).toHaveText([`2× ${pizza.name}${size.name}: ${size.choices[0]!.name}Note: No basil, please`]);
    await expect(ticket.getByText(/^Waiting \d+ min$/)).toBeVisible();
    await expect.poll(tones).toBeGreaterThan(0);

    await expect(diner.getByRole('link', { name: 'View your receipt' })).toBeVisible({ timeout: 20_000 });
    await diner.goto('/dashboard/paymentHistory');
    const dinerStatus = diner.getByRole('table').getByRole('row').nth(1).getByRole('cell').last();
    await expect(dinerStatus).toHaveText('Order received');

    // An accidental tap, undone: nothing reaches the server.
    const sent: string[] = [];
    cook.on('response', (res) => {
      if (isOrderPatch(res)) sent.push(res.url());
    });
    await ticket.getByRole('button', { name: `Start preparing: ${name}` }).click();
    await expect(ticket.getByRole('status')).toContainText('Moving to Preparing…');
    await ticket.getByRole('button', { name: `Undo: keep ${name} new` }).click();
    await expect(ticket.getByRole('button', { name: `Start preparing: ${name}` })).toBeVisible();
    await cook.clock.runFor(5500);
    expect(sent).toEqual([]);
    await expect(column('New').getByRole('article', { name })).toBeVisible();

    // Meant this time: after the undo window the change is sent, and the ticket moves on.
    const started = cook.waitForResponse(isOrderPatch);
    // The keyboard works as well as a tap.
    await ticket.getByRole('button', { name: `Start preparing: ${name}` }).focus();
    await cook.keyboard.press('Enter');
    await expect(ticket.getByRole('status')).toContainText('Moving to Preparing…');
    await cook.clock.runFor(5500);
    expect((await started).status()).toBe(200);
    await expect(column('Preparing').getByRole('article', { name })).toBeVisible();
    await expect(dinerStatus).toHaveText('Being prepared', { timeout: 2000 });

    const marked = cook.waitForResponse(isOrderPatch);
    await ticket.getByRole('button', { name: `Mark ready: ${name}` }).click();
    await cook.clock.runFor(5500);
    const ready = await marked;
    const readyAt = Date.now();
    expect(ready.status()).toBe(200);
    await expect(dinerStatus).toHaveText('Ready for pickup', { timeout: Math.max(1, 2000 - (Date.now() - readyAt)) });
    await expect(diner.getByRole('status').filter({ hasText: /^Ready for pickup: your order of / })).toBeVisible();
    await expect.poll(() => diner.evaluate(() => (window as unknown as { __notified: string[] }).__notified)).toEqual([
      expect.stringMatching(/^Your order is ready: Ready for pickup: your order of /),
    ]);
    await expect(column('Ready').getByRole('article', { name })).toBeVisible();

    // Completed clears it from the screen.
    await ticket.getByRole('button', { name: `Completed: ${name}` }).click();
    await cook.clock.runFor(5500);
    await expect(cook.getByRole('article', { name })).toHaveCount(0);
    await expect(dinerStatus).toHaveText('Picked up');

    await kitchenContext.close();
    await dinerContext.close();
    await admin.context().close();
  });

  test('through a dropped connection it says "Reconnecting…", then catches up; a tap decided on an old state is refused and the screen shows the current one', async ({ browser }) => {
    const cook = await staffMember(browser);
    // The page waits between tries to reconnect: the journey moves the page's clock on instead.
    await cook.context().clock.install();
    await cook.goto('/dashboard/kitchen');
    // The first tap lets the kitchen play sounds, and its notice makes way for the tickets.
    await cook.getByRole('heading', { level: 1, name: 'Kitchen' }).click();
    await expect(cook.getByText('Tap anywhere on the screen once to hear new tickets.')).toBeHidden();
    const hungry = await createAccount('hungry');
    const diner = await signedIn(browser, hungry);
    await addDish(diner, 'soup');
    await payByApi(diner);
    const first = await newestTicket(diner, hungry.email);
    await expect(cook.getByRole('article', { name: first })).toBeVisible();

    // The network goes, and stays away from the stream once back.
    await cook.route('**/api/orders/stream**', (route) => route.abort());
    await cook.context().setOffline(true);
    await expect(cook.getByText(/^Reconnecting…/)).toBeVisible();
    await cook.context().setOffline(false);

    // Meanwhile another screen starts the order, and the diner pays for a second one.
    const other = await signedIn(browser, ADMIN);
    await other.goto('/dashboard/manageOrders');
    const row = other.getByRole('row').filter({ hasText: hungry.email });
    await row.getByRole('button', { name: /^Start preparing:/ }).click();
    await expect(row.getByRole('button', { name: /^Start preparing:/ })).toHaveCount(0);
    await addDish(diner, 'salad');
    await payByApi(diner);
    const second = await newestTicket(diner, hungry.email);

    // This screen still shows the first order as new: a tap on it is refused by the server.
    const ticket = cook.getByRole('article', { name: first });
    const answered = cook.waitForResponse(isOrderPatch);
    await ticket.getByRole('button', { name: `Start preparing: ${first}` }).click();
    await cook.clock.runFor(5500);
    const refused = await answered;
    expect(refused.status()).toBe(409);
    await expect(cook.getByRole('alert').filter({ hasText: first })).toContainText(`${first}: This order was just marked preparing by someone else. The screen shows it as it is now.`);
    await expect(cook.getByRole('region', { name: /^Preparing \(/ }).getByRole('article', { name: first })).toBeVisible();

    // The stream comes back and brings what it missed.
    await cook.unroute('**/api/orders/stream**');
    await cook.clock.fastForward(30_000);
    await expect(cook.getByText(/^Reconnecting…/)).toBeHidden();
    await expect(cook.getByRole('region', { name: /^New \(/ }).getByRole('article', { name: second })).toBeVisible();

    for (const page of [cook, diner, other]) await page.context().close();
  });

  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    test(`reads on a tablet at ${viewport.width} × ${viewport.height}: no sideways scrolling, large type, fingertip buttons, nothing for axe, a full-screen board`, { tag: '@tablet' }, async ({ browser }) => {
      const cook = await staffMember(browser);
      const diner = await signedIn(browser, await createAccount('hungry'));
      // The longest a line gets; named by the screen size, so this run's ticket is found among earlier ones.
      const note = `Well done, cut in eight slices for the children at the ${viewport.width} table`;
      await addDish(diner, 'pizza', { quantity: 3, note });
      await payByApi(diner, 3);
      await cook.setViewportSize(viewport);
      await cook.goto('/dashboard/kitchen');
      const tops: number[] = [];
      for (const title of ['New', 'Preparing', 'Ready']) {
        const heading = cook.getByRole('heading', { level: 2, name: new RegExp(`^${title} \\(`) });
        await expect(heading).toBeVisible();
        tops.push((await heading.boundingBox())!.y);
      }
      // The columns side by side in landscape, one under the other in portrait.
      const [newTop, preparingTop, readyTop] = tops as [number, number, number];
      if (viewport.width > viewport.height) expect([preparingTop, readyTop]).toEqual([newTop, newTop]);
      else expect(newTop < preparingTop && preparingTop < readyTop).toBe(true);
      const line = cook.getByRole('article').getByRole('listitem').filter({ hasText: note });
      await expect(line).toBeVisible();
      expect(await line.evaluate((li) => parseFloat(getComputedStyle(li).fontSize))).toBeGreaterThanOrEqual(22);
      expect(await overflowX(cook)).toEqual([]);
      expect(await smallTargets(cook)).toEqual([]);
      expect(await axeViolations(cook)).toEqual([]);
      await cook.getByRole('button', { name: 'Full screen' }).click();
      await expect.poll(() => cook.evaluate(() => document.fullscreenElement?.querySelector('h1')?.textContent)).toBe('Kitchen');
      await cook.getByRole('button', { name: 'Leave full screen' }).click();
      await expect.poll(() => cook.evaluate(() => document.fullscreenElement)).toBeNull();
      await diner.context().close();
      await cook.context().close();
    });
  }

  test("staff pause online ordering from the kitchen display: a diner's payment is refused with the reason, then taken once ordering resumes", { tag: '@admin' }, async ({ browser }) => {
    const admin = await signedIn(browser, ADMIN);
    // Pausing is about an open restaurant: open all day, whatever the hour of the run.
    await withSettings(admin, openAllDay, async () => {
      const cook = await staffMember(browser);
      await cook.goto('/dashboard/kitchen');
      const ordering = cook.getByRole('region', { name: 'Online ordering now' });
      const diner = await signedIn(browser, await createAccount('paused'));
      await addDish(diner, 'soup');
      await diner.goto('/dashboard/payment');
      await diner.getByLabel('Card number').fill('4242 4242 4242 4242');
      await diner.getByLabel('Expiry (MM/YY)').fill('12/39');
      await diner.getByLabel('CVC').fill('123');
      try {
        // A tap before the board has hydrated does nothing: tap again, as a cook would, until it holds.
        await expect(async () => {
          await ordering.getByRole('button', { name: 'Pause 15 min' }).click();
          await expect(ordering.getByRole('status')).toHaveText(/^Online ordering is paused, back (tomorrow )?at \d\d:\d\d$/, { timeout: 2_000 });
        }).toPass({ timeout: 20_000 });
        await diner.getByRole('button', { name: /^Pay \$/ }).click();
        await expect(diner.getByRole('alert').filter({ hasText: /^Online ordering is paused, back (tomorrow )?at \d\d:\d\d\. Please try again then\.$/ })).toBeVisible();

        await ordering.getByRole('button', { name: 'Resume orders now' }).click();
        await expect(ordering.getByRole('status')).toHaveText(/^Open now/);
        await diner.getByRole('button', { name: /^Pay \$/ }).click();
        await expect(diner.locator('[role="status"]').filter({ hasText: 'Payment succeeded' })).toBeVisible();
      } finally {
        await cook.request.post('/api/settings/ordering', { data: { action: 'resume' }, headers: { origin: new URL(cook.url()).origin } });
        await diner.context().close();
        await cook.context().close();
      }
    });
    await admin.context().close();
  });

  test('a pause ends by itself when its time is up: the diner watching the order page sees ordering open again, and pays', async ({ browser, clock }) => {
    const admin = await signedIn(browser, ADMIN);
    const origin = new URL(admin.url()).origin;
    await withSettings(admin, openAllDay, async () => {
      // Through the API the kitchen's Pause 15 min calls.
      const paused = await admin.request.post('/api/settings/ordering', { data: { action: 'pause', minutes: 15 }, headers: { origin } });
      expect(paused.status()).toBe(200);
      try {
        const diner = await (await browser.newContext()).newPage();
        // The page reads the line again when its own clock says the pause is over.
        await diner.context().clock.install();
        await signIn(diner, await createAccount('patient'), '/order/soup');
        const line = diner.locator('[data-ordering-status]');
        await expect(line).toHaveText(/^Online ordering is paused, back (tomorrow )?at \d\d:\d\d$/);
        await addDish(diner, 'soup');
        const refused = await diner.request.post('/api/create-payment-intent', { data: { fulfilment: await earliestPickup(diner) }, headers: { origin } });
        expect(refused.status()).toBe(409);
        expect(((await refused.json()) as { error: string }).error).toMatch(/^Online ordering is paused, back /);

        // Sixteen minutes later, for the server and for the diner's page alike.
        await clock.advance(16 * 60_000);
        await diner.clock.fastForward('16:00');
        await expect(line).toHaveText(/^Open now/);
        await payByApi(diner);
        await diner.context().close();
      } finally {
        await admin.request.post('/api/settings/ordering', { data: { action: 'resume' }, headers: { origin } });
      }
    });
    await admin.context().close();
  });
});
