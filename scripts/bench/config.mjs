// What `npm run bench` measures and the targets it compares against. Add pages, endpoints or
// targets here; the runner and the final table pick them up. Targets are reported, never enforced.

/** Public pages: Lighthouse (mobile) and first-load JavaScript; one order page filtered as a diner filters it. */
export const PAGES = ['/', '/menu', '/order/salad', '/order/pizza?diet=vegetarian'];

/** Lighthouse runs per page; the median of each figure is reported. */
export const LIGHTHOUSE_RUNS = 3;

/** Lab metric targets (Lighthouse mobile, median): milliseconds, CLS unitless. */
export const METRIC_TARGETS = { lcp: 1500, tbt: 100, cls: 0 };

/** First-load JavaScript may exceed the bare Next.js page's by this much, gzipped, in KB. */
export const FIRST_LOAD_JS_OVER_BARE_KB = 15;

/** Signed-in pages whose first meaningful content (the first row of their list) is timed. */
export const FIRST_CONTENT_PAGES = [
  { path: '/dashboard/cart', who: 'diner', selector: 'tbody tr' },
  { path: '/dashboard/manageItems', who: 'admin', selector: 'tbody tr' },
];

/**
 * Dashboard pages, as a signed-in diner: first-load JavaScript (the dashboard shell and its menu),
 * printed beside the public pages' line for reference. The target is for public pages: the
 * dashboard keeps SWR for what must refresh. The payment page carries the card form of the
 * build's provider (Stripe's Elements when built with NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY).
 */
export const DASHBOARD_PAGES = ['/dashboard/userHome', '/dashboard/cart', '/dashboard/payment'];

/** Lighthouse category targets (scores 0–1). */
export const LIGHTHOUSE_TARGETS = {
  performance: 0.98,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};

/**
 * The static file every throughput figure is compared with: served by the same server from
 * public/, so the ratio says how much of the server's capacity the dynamic routes keep.
 */
export const STATIC_BASELINE = { label: 'static', path: '/images/avatar.svg' };

/**
 * Throughput targets, measured after STATIC_BASELINE. `minRatio` is req/s relative to the
 * static baseline (mean of its first and last run); omit it to report the ratio without a target.
 * Optional: method, headers, body (string or object, sent as JSON); `script: page` in place of
 * `path` loads the largest script that page names.
 */
export const THROUGHPUT_TARGETS = [
  // No ratio target: `next start` spends the same per-request time on a tiny prerendered file as on
  // the menu, and in production a CDN serves these pages; `npm run bench:load` prints the
  // sustained rate at which p99 holds instead.
  { label: 'GET /menu', path: '/menu' },
  { label: 'GET /api/menu', path: '/api/menu' },
  // The largest script `/` loads, as a browser asks for it: server.mjs sends it from memory,
  // compressed once. `script` stands for its hashed path, found in the page when the bench runs.
  { label: 'GET a script (br)', script: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
];

/** autocannon load: bounded, loopback only. */
export const LOAD = { connections: 10, durationSeconds: 8, warmupSeconds: 2 };

/** The order stream under load: connections held open while an order is paid and started every `everyMs`. */
export const STREAM_LOAD = { connections: 200, holdSeconds: 30, everyMs: 1000 };
