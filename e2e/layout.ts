import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type E2EServer } from './fixtures';
import { hasRole } from '../lib/auth/roles';
import { DASHBOARD_PAGES, type DashboardPage } from '../lib/dashboard/pages';
import { ADMIN, createAccount, pickupAtEarliestTime, signIn } from './support';

/** What the layout suites measure a screen with: the dashboard pages and the checks they share. */

/** The smallest tap target a finger hits reliably, in CSS pixels. */
export const TAP_PX = 44;

/**
 * The dashboard pages a diner walks (those a diner may open, guests' included), or an admin walks
 * (those that need staff or more, and /dashboard itself), by route ([id] for a dynamic segment),
 * from the page list (lib/dashboard/pages.ts).
 */
export const pagesOf = (who: 'diner' | 'admin') =>
  DASHBOARD_PAGES.filter(({ path, role }) => (who === 'diner' ? !hasRole(role, 'staff') : hasRole(role, 'staff') || path === '/dashboard')).map(({ path }) => path);

/** The URL of a route: its one dynamic segment is the signed-in diner's latest order (a receipt), else a menu item. */
export async function urlOf(page: Page, route: string): Promise<string> {
  if (!route.includes('[')) return route;
  if (route.startsWith('/dashboard/orders/')) {
    const { user } = (await (await page.request.get('/api/session')).json()) as { user: { email: string } };
    const [order] = (await (await page.request.get(`/api/payments/${user.email}`)).json()) as { _id: string }[];
    return route.replace(/\[[^\]]+\]/, order!._id);
  }
  const [item] = (await (await page.request.get('/api/menu?category=soup')).json()) as { _id: string }[];
  return route.replace(/\[[^\]]+\]/, item!._id);
}

/** The page shown now (after any redirect), as the page list names it. */
function pageShown(page: Page): DashboardPage | undefined {
  const path = new URL(page.url()).pathname;
  const pages: readonly DashboardPage[] = DASHBOARD_PAGES;
  return pages.find((entry) => new RegExp(`^${entry.path.replace(/\[[^\]]+\]/g, '[^/]+')}$`).test(path));
}

/**
 * The main action of the page shown now: what a person came to the page to do or to see, as its
 * entry in the page list describes it, found in the page's main area. A page without one is held
 * to its first control.
 */
export function mainAction(page: Page): Locator {
  const main = page.getByRole('main');
  const action = pageShown(page)?.mainAction;
  if (!action) return main.locator('a[href], button, input, select, textarea').first();
  const found = main.getByRole(action.role, { name: action.name, exact: action.exact });
  return action.nth === undefined ? found : found.nth(action.nth);
}

/** How far `locator` starts below the top of the document, and how tall it is. */
export async function pageBox(locator: Locator) {
  return locator.evaluate((el) => {
    const { top, height } = el.getBoundingClientRect();
    return { top: top + window.scrollY, height };
  });
}

/** Expects the page's h1 and main action to start within the first screen, at least a fingertip of the action showing. */
export async function expectFirstScreen(page: Page) {
  const screen = page.viewportSize()!.height;
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const action = mainAction(page);
  await expect(action).toBeVisible();
  expect((await pageBox(heading)).top, 'the heading starts in the first screen').toBeLessThan(screen);
  const { top, height } = await pageBox(action);
  expect(top + Math.min(height, TAP_PX), `the main action of ${page.url()} shows in the first screen`).toBeLessThanOrEqual(screen);
}

/**
 * What sticks out past the window's right edge, as 'tag.class (right edge)': the innermost
 * elements that do, or whose text does (not what a box clips or scrolls, such as a carousel's
 * next slides). A phone widens its layout viewport to show content wider than the screen, so
 * the window is held to its given width too.
 */
export const overflowX = (page: Page) =>
  page.evaluate((width) => {
    const clipped = (el: HTMLElement) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const right = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      return Math.max(box.right, getComputedStyle(el).overflowX === 'visible' ? box.left + el.scrollWidth : 0);
    };
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => right(el) > width + 0.5 && el.checkVisibility() && !clipped(el));
    const out = wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} (${Math.round(right(el))})`);
    if (window.innerWidth > width) out.push(`window ${window.innerWidth} px wide`);
    return out;
  }, page.viewportSize()!.width);

/** Scroll boxes inside the page that scroll sideways (a table that does not fit its box). */
export const sidewaysScrollers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.getAttribute('aria-label') ?? el.tagName.toLowerCase()),
  );

/**
 * Visible controls smaller than a fingertip, as 'name (w×h)'. Links inside running text are
 * exempt (they are as tall as the line they sit in), and so are controls hidden but for
 * assistive technology (a visually hidden radio is tapped through its label, which is checked).
 */
export const smallTargets = (page: Page) =>
  page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], label:has(> input[type="radio"]), label:has(> input[type="checkbox"])',
    );
    return [...controls]
      .filter((el) => {
        // A box inside its label is tapped through the label, which is measured instead.
        if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) return false;
        const { width, height } = el.getBoundingClientRect();
        if (width <= 1 || height <= 1 || !el.checkVisibility({ visibilityProperty: true })) return false;
        if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') return false;
        return width < min || height < min;
      })
      .map((el) => {
        const { width, height } = el.getBoundingClientRect();
        const name = el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.getAttribute('name') || el.tagName.toLowerCase());
        return `${name} (${Math.round(width)}×${Math.round(height)})`;
      });
  }, TAP_PX);

/** Expects every element `locator` matches (at least one) to be at least a fingertip wide and tall. */
export async function expectTappable(locator: Locator) {
  const all = await locator.all();
  expect(all.length, `${locator} matches something`).toBeGreaterThan(0);
  for (const element of all) {
    const box = (await element.boundingBox())!;
    const name = (await element.getAttribute('aria-label')) ?? (await element.textContent())?.trim();
    expect([Math.round(box.width), Math.round(box.height)].every((side) => side >= TAP_PX), `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`).toBe(true);
  }
}

/** Accessibility violations axe finds on the page as shown, as 'rule: elements'. */
export async function axeViolations(page: Page): Promise<string[]> {
  // A dialog fading in has see-through buttons: let every timed animation that ends finish first
  // (not a loading pulse, which never ends, nor the banners' scroll-driven parallax, which is not timed).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || !(a.timeline instanceof DocumentTimeline) || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** 'YYYY-MM-DD' `days` from today on this machine's clock (the server's too). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');

/**
 * The walks' signed-in browsers (`seedAccounts`), opened before the enclosing describe's tests and
 * closed after them; filled in by the time a test runs.
 */
export function useSeededAccounts(): Partial<Record<'diner' | 'admin', BrowserContext>> {
  const contexts: Partial<Record<'diner' | 'admin', BrowserContext>> = {};
  test.beforeAll(async ({ browser, server }) => {
    Object.assign(contexts, await seedAccounts(browser, server));
  });
  test.afterAll(async () => {
    await Promise.all(Object.values(contexts).map((context) => context.close()));
  });
  return contexts;
}

/**
 * A signed-in browser for each walk, with something on every list: a diner who has paid for an
 * order, has dishes in the cart again, a booking and a review; the admin sees all of it. The diner
 * is made once per server, by the first worker that needs them, and kept in the server's slot:
 * workers after it (other screens) open the same diner's session.
 */
export async function seedAccounts(browser: Browser, server: E2EServer): Promise<{ diner: BrowserContext; admin: BrowserContext }> {
  const kept = path.join(server.dir, 'layout-diner.json');
  const diner = existsSync(kept) ? await browser.newContext({ storageState: kept }) : await seedDiner(browser, kept);
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN);
  await adminPage.close();
  return { diner, admin };
}

async function seedDiner(browser: Browser, keep: string): Promise<BrowserContext> {
  const diner = await browser.newContext();
  const page = await diner.newPage();
  await signIn(page, await createAccount('layout'));
  const origin = new URL(page.url()).origin;
  const post = async (url: string, data: unknown) => expect((await page.request.post(url, { data, headers: { origin } })).ok()).toBe(true);
  const dishes = (await (await page.request.get('/api/menu?category=soup')).json()) as { _id: string }[];
  const fillCart = async () => {
    for (const dish of dishes.slice(0, 2)) await post('/api/carts', { menuId: dish._id });
  };

  await fillCart();
  await page.goto('/dashboard/payment');
  await pickupAtEarliestTime(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('link', { name: 'View your receipt' })).toBeVisible({ timeout: 20_000 });
  await fillCart();
  await post('/api/bookings', { date: dayFromNow(3), time: '19:30', guests: 4, phone: '+1 555 010 7777', note: 'A table by the window, if there is one free' });
  await post('/api/review', { rating: 5, details: 'The soup was lovely and the staff were kind.' });
  await page.close();
  await diner.storageState({ path: keep });
  return diner;
}
