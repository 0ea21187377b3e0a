import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { formatCents as dollars } from '../lib/menu/money';
import type { SalesReport } from '../lib/reports/types';
import { ADMIN, dinerPaysForSaladAndSoup, refundOneOf, signedIn, withSettings } from './support';

test.describe('reports', { tag: '@admin' }, () => {
  test.setTimeout(150_000);

  test("an admin's sale and the refund of one of its lines show in today's report, with the tax, and the day's orders download as CSV", async ({ browser }) => {
    const admin = await signedIn(browser, ADMIN);
    const tax = { mode: 'added' as const, rates: [{ id: 'report-e2e', name: 'Report tax', percent: 10 }] };
    await withSettings(admin, (s) => void (s.tax = tax), async () => {
      // Other journeys sell today on this server too: this one reads what it adds.
      const { timeZone } = (await (await admin.request.get('/api/reports/sales?from=2000-01-01&to=2000-01-01')).json()) as SalesReport;
      const todays = async () => {
        const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
        return (await (await admin.request.get(`/api/reports/sales?from=${today}&to=${today}`)).json()) as SalesReport;
      };
      const before = await todays();

      const { diner, salad, receipt } = await dinerPaysForSaladAndSoup(browser, 'reported');
      await diner.context().close();

      // One salad back, with its tax.
      await refundOneOf(admin, receipt, salad.name, 'Wilted');
      const saladCents = Math.round(salad.price * 100);
      const saladTax = Math.round(saladCents / 10);

      const after = await todays();
      expect(after.orders - before.orders).toBe(1);
      expect(after.refundsCents - before.refundsCents).toBe(saladCents + saladTax);
      const taxed = (report: SalesReport) => report.tax.find((rate) => rate.id === 'report-e2e')?.cents ?? 0;
      expect(taxed(after) - taxed(before)).toBeGreaterThanOrEqual(saladTax);

      // Reports, from the sidebar: today is what opens, with the sale, its tax and the refund.
      await admin.goto('/dashboard/adminHome');
      await admin.getByRole('link', { name: 'Reports' }).first().click();
      await expect(admin).toHaveURL(/\/dashboard\/reports$/);
      await expect(admin.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
      const figures = admin.getByRole('definition');
      await expect(figures.filter({ hasText: dollars(after.grossSalesCents) }).first()).toBeVisible();
      await expect(figures.filter({ hasText: dollars(after.refundsCents) }).first()).toBeVisible();
      await expect(admin.getByRole('table', { name: 'Tax by rate' }).getByRole('row', { name: /Report tax 10 %/ })).toContainText(dollars(taxed(after)));
      await expect(admin.getByRole('table', { name: 'Sales by dish' })).toContainText(salad.name);

      // The day's orders as CSV, this one with its lines among them.
      const download = admin.waitForEvent('download');
      await admin.getByRole('link', { name: 'Download CSV' }).click();
      const csv = await readFile((await (await download).path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toMatch(/^order,paid_at,email,/);
      expect(csv).toContain(`,${salad.name},`);
      expect(csv).toContain('reported.');

      // Printed, the summary is the page: no sidebar, no buttons.
      await admin.emulateMedia({ media: 'print' });
      await expect(admin.getByLabel('Sales figures')).toBeVisible();
      await expect(admin.getByRole('link', { name: 'Download CSV' })).toBeHidden();
      await expect(admin.getByRole('table', { name: 'Sales by dish' })).toBeHidden();
      await admin.emulateMedia({ media: 'screen' });
    });
    await admin.context().close();
  });
});
