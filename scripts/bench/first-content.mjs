// Time to first meaningful content of a signed-in page in headless Chromium: from the start of the
// navigation until the first row of its list is visible, and whether that row is already in the
// server's HTML (the response read with JavaScript off: a streamed part counts, though it waits
// hidden for a script to put it in place).
import { chromium } from '@playwright/test';
import { chromePath, CHROME_FLAGS } from './lighthouse.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * @param {string} baseUrl
 * @param {{ path: string, cookie: string, selector: string }[]} pages
 * @returns {Promise<{ path: string, inHtml: boolean, firstContent: number, fcp: number, runs: number }[]>}
 */
export async function measureFirstContent(baseUrl, pages, runs = 3) {
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  try {
    const results = [];
    for (const { path, cookie, selector } of pages) {
      const [name, value] = cookie.split(/=(.*)/s);
      const cookies = [{ name, value, url: baseUrl }];
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      await noJs.addCookies(cookies);
      const bare = await noJs.newPage();
      await bare.goto(new URL(path, baseUrl).href);
      const inHtml = (await bare.locator(selector).count()) > 0;
      await noJs.close();

      const firsts = [];
      const fcps = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addCookies(cookies);
        // Watches the document from its first node, so a row the parser inserts counts as much as one a script renders.
        await context.addInitScript((sel) => {
          const w = window;
          w.__firstContent = null;
          const seen = () => {
            if (w.__firstContent === null && [...document.querySelectorAll(sel)].some((el) => el.checkVisibility())) w.__firstContent = performance.now();
            return w.__firstContent !== null;
          };
          new MutationObserver((_, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
        }, selector);
        const page = await context.newPage();
        await page.goto(new URL(path, baseUrl).href);
        await page.waitForFunction(() => window.__firstContent !== null, undefined, { timeout: 30_000 });
        firsts.push(await page.evaluate(() => window.__firstContent));
        fcps.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
        await context.close();
      }
      results.push({ path, inHtml, firstContent: median(firsts), fcp: median(fcps), runs });
    }
    return results;
  } finally {
    await browser.close();
  }
}
