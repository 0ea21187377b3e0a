import { expect, test, type Page } from '@playwright/test';
import { createAccount, login } from './support';

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
  await login(page, account, '/dashboard/review');

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
