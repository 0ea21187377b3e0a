// What `npm run bench` measures and the targets it compares against. Add pages, endpoints or
// targets here; the runner and the final table pick them up. Targets are reported, never enforced.

/** Public pages: Lighthouse (mobile) and first-load JavaScript. */
export const PAGES = ['/', '/menu', '/order/salad'];

/** Dashboard pages, as a signed-in diner: first-load JavaScript (the dashboard shell and its menu). */
export const DASHBOARD_PAGES = ['/dashboard/userHome', '/dashboard/cart'];

/** Lighthouse category targets (scores 0–1). */
export const LIGHTHOUSE_TARGETS = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};

/** First-load JavaScript per page, gzipped, in KB (1 KB = 1000 bytes, as `next build` prints). */
export const FIRST_LOAD_JS_TARGET_KB = 120;

/**
 * The static file every throughput figure is compared with: served by the same server from
 * public/, so the ratio says how much of the server's capacity the dynamic routes keep.
 */
export const STATIC_BASELINE = { label: 'static', path: '/images/avatar.svg' };

/**
 * Throughput targets, measured after STATIC_BASELINE. `minRatio` is req/s relative to the
 * static baseline (mean of its first and last run); omit it to report the ratio without a target.
 * Optional: method, headers, body (string or object, sent as JSON).
 */
export const THROUGHPUT_TARGETS = [
  { label: 'GET /menu', path: '/menu', minRatio: 0.5 },
  { label: 'GET /api/menu', path: '/api/menu' },
];

/** autocannon load: bounded, loopback only. */
export const LOAD = { connections: 10, durationSeconds: 8, warmupSeconds: 2 };
