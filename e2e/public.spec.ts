import { expect, test } from './fixtures';

test.describe('home', () => {
  test('has the title and its sections in the spec order', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Bistro Boss | Home');
    const order = await page.locator('[data-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section')));
    expect(order).toEqual(['order-online', 'about', 'popular', 'chef-recommends', 'featured', 'testimonials']);
    await expect(page.getByText('---From 11.00am to 10.00pm---')).toBeVisible();
    await expect(page.getByText('Aug 20, 2024')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read More' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Full Menu' })).toHaveAttribute('href', '/menu');
    // Popular items and testimonials come from the database.
    await expect(page.locator('[data-section="popular"] li')).not.toHaveCount(0);
    await expect(page.locator('[data-section="testimonials"] figure').first()).toBeAttached();
    await expect(page.locator('[data-section="testimonials"] [role="img"][aria-label^="Rated"]').first()).toBeAttached();
  });

  test('the picture carousel moves by arrows, dots and keyboard and does not wrap', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Our restaurant in pictures' });
    await expect(carousel.getByRole('group', { name: /of 6$/ })).toHaveCount(6);
    const current = carousel.locator('[aria-current="true"]');
    const prev = carousel.getByRole('button', { name: 'Previous slide' });
    await expect(prev).toBeDisabled();
    await expect(current).toHaveAccessibleName('Go to slide 1');

    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(current).toHaveAccessibleName('Go to slide 2');

    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAccessibleName('Go to slide 3');
    await page.keyboard.press('ArrowLeft');
    await expect(current).toHaveAccessibleName('Go to slide 2');

    await carousel.getByRole('button', { name: 'Go to slide 6' }).click();
    await expect(current).toHaveAccessibleName('Go to slide 6');
    await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeDisabled();
  });

  test('hides nothing behind a login: Login and Get Started are offered', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Order Food' })).toHaveAttribute('href', '/order/salad');
    await expect(page.getByRole('contentinfo')).toContainText('Copyright © 2024');
  });
});

test.describe('menu', () => {
  test('shows the offer and four category sections, each with Order Now', async ({ page }) => {
    await page.goto('/menu');
    await expect(page).toHaveTitle('Bistro Boss | Menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Our menu' })).toBeVisible();
    await expect(page.getByRole('heading', { name: "Today's Offer" })).toBeVisible();
    await expect(page.getByText("---Don't Miss---")).toBeVisible();
    const order = await page.locator('[data-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section')));
    expect(order).toEqual(['offered', 'dessert', 'pizza', 'salad', 'soup']);
    for (const category of ['dessert', 'pizza', 'salad', 'soup']) {
      const section = page.locator(`[data-section="${category}"]`);
      await expect(section.getByRole('heading', { name: category, exact: true })).toBeVisible();
      await expect(section.locator('li')).not.toHaveCount(0);
      await expect(section.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', `/order/${category}`);
    }
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('Restaurant');
    expect(jsonLd.hasMenu.hasMenuSection.length).toBe(5);
  });

  test('Order Now leads to that category', async ({ page }) => {
    await page.goto('/menu');
    await page.locator('[data-section="pizza"]').getByRole('link', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/\/order\/pizza$/);
    await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Pizza' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('order', () => {
  test('tabs are in order, the initial one comes from the URL, and items are in the served HTML', async ({ page, request }) => {
    const html = await (await request.get('/order/soup')).text();
    expect(html).toContain('Add To Cart');

    await page.goto('/order/soup');
    await expect(page).toHaveTitle('Bistro Boss | Order Food');
    const tabs = page.getByRole('navigation', { name: 'Categories' }).getByRole('link');
    await expect(tabs).toHaveText(['Salad', 'Pizza', 'Soup', 'Dessert', 'Drinks']);
    await expect(tabs.nth(2)).toHaveAttribute('aria-current', 'page');
    const cards = page.locator('article:visible');
    await expect(cards).toHaveCount(6);
    await expect(cards.first().getByRole('button', { name: /^Add To Cart / })).toBeVisible();
    await expect(cards.first()).toContainText('$');

    await tabs.nth(4).click();
    await expect(page).toHaveURL(/\/order\/drinks$/);
    await expect(tabs.nth(4)).toHaveAttribute('aria-current', 'page');
  });

  test('pagination is numbered from 1 and lives in the URL', async ({ page }) => {
    await page.goto('/order/salad');
    const pages = page.getByRole('navigation', { name: 'Pages' }).getByRole('link');
    await expect(pages.first()).toHaveText('1');
    await expect(pages.first()).toHaveAttribute('aria-current', 'page');
    const firstPageNames = await page.locator('article:visible h3').allTextContents();

    await pages.nth(1).click();
    await expect(page).toHaveURL(/\/order\/salad\/2$/);
    await expect(pages.nth(1)).toHaveAttribute('aria-current', 'page');
    const secondPageNames = await page.locator('article:visible h3').allTextContents();
    expect(secondPageNames.length).toBeGreaterThan(0);
    expect(secondPageNames.some((n) => firstPageNames.includes(n))).toBe(false);

    await page.goto('/order/salad/2');
    await expect(page.locator('article:visible h3')).toHaveText(secondPageNames);
  });

  for (const path of ['/order/noodles', '/order/salad/99', '/order/salad/two', '/order/salad/0', '/no-such-page']) {
    test(`${path} is not found`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });
  }
});

test('sitemap lists every public page and robots keeps crawlers out of the dashboard', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/menu', '/order/salad', '/order/pizza', '/order/soup', '/order/dessert', '/order/drinks']) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Disallow: \/dashboard/);
});

test('every response carries the security headers, and the browser reports no CSP violation', async ({ page, request }) => {
  for (const path of ['/', '/menu', '/api/menu', '/login', '/no-such-page']) {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy'], path).not.toContain('unsafe-eval');
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security'], path).toContain('max-age=');
  }
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Next slide' }).first().click();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(violations).toEqual([]);
});
