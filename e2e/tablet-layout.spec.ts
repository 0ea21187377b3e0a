import { expect, test } from './fixtures';
import { axeViolations, expectFirstScreen, overflowX, pagesOf, sidewaysScrollers, smallTargets, urlOf, useSeededAccounts } from './layout';

/**
 * The admin pages on a staff tablet, 1024 × 768 held either way: the sidebar beside the page,
 * the heading and main action on the first screen, nothing scrolling sideways (lists are cards
 * until the table has room), every control big enough to tap, and nothing for axe to find.
 */
test.describe('the admin pages on a tablet', { tag: '@tablet' }, () => {
  const contexts = useSeededAccounts();

  for (const route of pagesOf('admin')) {
    test(route, async () => {
      const page = await contexts.admin!.newPage();
      await page.goto(await urlOf(page, route));
      for (const viewport of [{ width: 1024, height: 768 }, { width: 768, height: 1024 }]) {
        await page.setViewportSize(viewport);
        const where = `${route} at ${viewport.width}×${viewport.height}`;
        await expect(page.getByRole('navigation', { name: 'Dashboard' }), where).toBeVisible();
        await expect(page.getByRole('banner'), where).toBeHidden();
        await expectFirstScreen(page);
        expect(await overflowX(page), where).toEqual([]);
        expect(await sidewaysScrollers(page), where).toEqual([]);
        expect(await smallTargets(page), where).toEqual([]);
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  }
});
