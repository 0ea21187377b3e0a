import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, createAccount, signedIn, signIn } from './support';

/** 'YYYY-MM-DD' `days` from today on the browser's clock (the server's too: same machine). */
const dayFromNow = (page: Page, days: number) =>
  page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return d.toLocaleDateString('en-CA');
  }, days);

async function fillBooking(page: Page, { date, time, guests, note }: { date: string; time: string; guests: string; note: string }) {
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Time').selectOption(time);
  await page.getByLabel('Guests').selectOption(guests);
  await page.getByLabel('Phone').fill('+1 555 010 7777');
  await page.getByLabel('Note (optional)').fill(note);
}

test('a diner books a table, an admin confirms it, and the diner sees it confirmed', { tag: ['@diner', '@admin'] }, async ({ browser }) => {
  const diner = await (await browser.newContext()).newPage();
  // My Booking asks again every few seconds: the journey moves the page's clock on instead of waiting.
  await diner.context().clock.install();
  await signIn(diner, await createAccount('booker'), '/dashboard/reservation');
  const note = `Window table ${Date.now()}`;
  await fillBooking(diner, { date: await dayFromNow(diner, 2), time: '19:30', guests: '4', note });
  await diner.getByRole('button', { name: 'Book a table' }).click();
  await expect(diner.getByText('Table booked')).toBeVisible();
  await expect(diner).toHaveURL(/\/dashboard\/bookings$/);
  const dinerRow = diner.getByRole('row').filter({ hasText: note });
  await expect(dinerRow).toContainText('19:30');
  await expect(dinerRow).toContainText('4 guests');
  await expect(dinerRow.getByText('pending', { exact: true })).toBeVisible();

  const admin = await signedIn(browser, ADMIN, '/dashboard/manageBookings');
  await expect(admin.getByRole('heading', { name: 'Manage bookings' })).toBeVisible();
  const adminRow = admin.getByRole('row').filter({ hasText: note });
  await adminRow.getByRole('button', { name: /^Confirm the booking of/ }).click();
  await expect(adminRow.getByText('confirmed', { exact: true })).toBeVisible();
  // Confirming twice is refused, and the button says why.
  await expect(adminRow.getByRole('button', { name: /^Confirm the booking of/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(adminRow).toContainText('This booking is already confirmed.');

  // No reload: My Booking polls, so the restaurant's answer shows up by itself.
  await diner.clock.fastForward(5_000);
  await expect(dinerRow.getByText('confirmed', { exact: true })).toBeVisible();
});

test('the form refuses a past date in words, and a diner cancels from My Booking', { tag: '@diner' }, async ({ browser }) => {
  const diner = await signedIn(browser, await createAccount('canceller'), '/dashboard/reservation');
  const note = `Anniversary ${Date.now()}`;
  await fillBooking(diner, { date: await dayFromNow(diner, 3), time: '12:00', guests: '2', note });
  await diner.getByLabel('Date').fill(await dayFromNow(diner, -1));
  await diner.getByRole('button', { name: 'Book a table' }).click();
  await expect(diner.getByText('That date has passed. Choose today or a later date.')).toBeVisible();
  await expect(diner.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');

  // The time chosen for the other day was cleared: a past day has no slots to offer.
  await expect(diner.getByLabel('Time')).toBeDisabled();

  await diner.getByLabel('Date').fill(await dayFromNow(diner, 3));
  await diner.getByLabel('Time').selectOption('12:00');
  await diner.getByRole('button', { name: 'Book a table' }).click();
  await expect(diner).toHaveURL(/\/dashboard\/bookings$/);

  const row = diner.getByRole('row').filter({ hasText: note });
  await row.getByRole('button', { name: /^Cancel the booking of/ }).click();
  await expect(diner.getByRole('dialog')).toContainText('Cancel this booking?');
  await diner.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(row.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel the booking of/ })).toHaveAttribute('aria-disabled', 'true');
});
