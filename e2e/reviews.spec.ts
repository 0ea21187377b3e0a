import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, createAccount, signedIn, signIn } from './support';

/** The home page is prerendered; a review write marks it stale, so the next visits show the change. */
async function expectTestimonial(page: Page, text: string, shown = true) {
  await expect(async () => {
    await page.goto('/');
    const quote = page.locator('[data-section="testimonials"] blockquote').filter({ hasText: text });
    await expect(quote).toHaveCount(shown ? 1 : 0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('a diner rates with the keyboard, posts a review, sees it on the home page, then edits it', { tag: '@diner' }, async ({ page }) => {
  const account = await createAccount('reviewer');
  await signIn(page, account, '/dashboard/review');

  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(page.getByText('Write at least 10 characters')).toBeVisible();

  const stars = page.getByRole('radiogroup', { name: 'Rating' });
  await stars.getByRole('radio', { name: /^1 star/ }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: /^4 stars/ })).toBeChecked();

  const first = `The risotto was superb, visit ${Date.now()}`;
  await page.getByLabel('Your review').fill(first);
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you for your review')).toBeVisible();
  await expectTestimonial(page, first);
  const testimonial = page.locator('[data-section="testimonials"] figure').filter({ hasText: first });
  await expect(testimonial.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(testimonial).toContainText(account.name);

  await page.goto('/dashboard/review');
  await expect(page.getByLabel('Your review')).toHaveValue(first);
  await expect(stars.getByRole('radio', { name: /^4 stars/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Update review' })).toBeDisabled();
  const second = `Second visit was even better ${Date.now()}`;
  await page.getByLabel('Your review').fill(second);
  await stars.locator('label').nth(4).click();
  await page.getByRole('button', { name: 'Update review' }).click();
  await expect(page.getByText('Review updated')).toBeVisible();

  await expectTestimonial(page, second);
  await expectTestimonial(page, first, false);
});

test('an admin hides a review from the site and shows it again; its author is told it is hidden', { tag: '@admin' }, async ({ page, browser }) => {
  const account = await createAccount('hider');
  const diner = await signedIn(browser, account);
  const text = `Too much salt in everything, visit ${Date.now()}`;
  await diner.goto('/dashboard/review');
  await diner.getByRole('radiogroup', { name: 'Rating' }).locator('label').nth(1).click();
  await diner.getByLabel('Your review').fill(text);
  await diner.getByRole('button', { name: 'Post review' }).click();
  await expect(diner.getByText('Thank you for your review')).toBeVisible();
  await expectTestimonial(page, text);

  await signIn(page, ADMIN, '/dashboard/reviews');
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('button', { name: `Hide the review by ${account.name}` }).click();
  await expect(page.getByText(`The review by ${account.name} is hidden from the site`)).toBeVisible();
  // The list shows what is on the site unless asked otherwise.
  await expect(row).toHaveCount(0);
  await page.getByLabel('Show', { exact: true }).selectOption('hidden');
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await expectTestimonial(page, text, false);

  await diner.reload();
  await expect(diner.getByRole('status').filter({ hasText: 'The restaurant has hidden your review from the home page.' })).toBeVisible();
  await expect(diner.getByLabel('Your review')).toHaveValue(text);

  await page.goto('/dashboard/reviews');
  await page.getByLabel('Show', { exact: true }).selectOption('all');
  await row.getByRole('button', { name: `Show the review by ${account.name}` }).click();
  await expect(page.getByText(`The review by ${account.name} is on the site again`)).toBeVisible();
  await expect(row.getByText('Hidden', { exact: true })).toHaveCount(0);
  await expectTestimonial(page, text);
});
