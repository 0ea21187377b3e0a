// Lighthouse (node API, default mobile form factor) against the running server, one fresh
// headless Chromium per page. Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import * as chromeLauncher from 'chrome-launcher';
import { onCleanup } from './processes.mjs';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export function chromePath() {
  const fromEnv = process.env.CHROMIUM_PATH || process.env.CHROME_PATH;
  if (fromEnv) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined; // chrome-launcher looks for an installed Chrome itself.
}

/** Up to three elements or URLs an audit blames, e.g. the low-contrast elements. */
function offenders(audit, max = 3) {
  const items = audit.details?.items;
  if (!Array.isArray(items)) return [];
  const out = [];
  for (const item of items) {
    const node = item.node ?? (item.source?.type === 'node' ? item.source : undefined);
    const link = item.href ? `${item.href}${item.text ? ` "${item.text}"` : ''}` : undefined;
    const text = node ? node.selector || node.snippet : typeof item.url === 'string' ? item.url : link;
    if (text && !out.includes(text)) out.push(String(text).slice(0, 120));
    if (out.length === max) break;
  }
  return out;
}

/** Audits that cost points in a category, the way Lighthouse's own report flags them. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const out = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || ref.group === 'hidden') continue;
    if (['notApplicable', 'manual', 'informative', 'error'].includes(audit.scoreDisplayMode)) continue;
    // Weighted audits lose points below 1; performance diagnostics/insights (weight 0) are
    // flagged by Lighthouse below 0.9.
    const failing = ref.weight > 0 ? audit.score < 1 : categoryId === 'performance' && audit.score < 0.9;
    if (!failing) continue;
    out.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? '',
      where: offenders(audit),
    });
  }
  return out.sort((a, b) => b.weight - a.weight || a.score - b.score);
}

/** The lab metrics the targets name, from their audits: milliseconds, and CLS unitless. */
export const METRICS = { lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' };

/**
 * What the simulated LCP waited for: the bytes of each kind of request in Lantern's (optimistic)
 * LCP graph, in KB. Lantern keeps every request that finished before the paint was observed, and a
 * script whose run it cannot place (tasks under 10 ms are pruned) counts as needed for the paint;
 * so `script` says how much JavaScript this run's LCP was charged for. Null if a Lighthouse version
 * no longer offers these internals.
 */
async function lcpWaitsOn(result) {
  try {
    const context = { computedCache: new Map(), settings: result.lhr.configSettings };
    const data = Audit.makeMetricComputationDataInput(result.artifacts, context);
    const lcp = await LanternLargestContentfulPaint.request(data, context);
    const kb = {};
    for (const node of lcp.optimisticEstimate.nodeTimings.keys()) {
      if (node.type !== 'network') continue;
      const kind = node.request.resourceType?.toLowerCase() ?? 'other';
      kb[kind] = (kb[kind] ?? 0) + node.request.transferSize / 1024;
    }
    return kb;
  } catch {
    return null;
  }
}

/**
 * The page's HTML as it crossed the wire, compressed and with its headers, in bytes (null if the
 * run has no record of it). Up to 14,600 bytes it arrives with the server's first ten TCP segments;
 * beyond, Lantern (like a real slow connection) waits a round trip more for it, and everything the
 * page loads starts that much later.
 */
function documentBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.find((item) => item.resourceType === 'Document')?.transferSize ?? null;
}

/**
 * Runs Lighthouse on one URL. Returns { url, scores: {category: 0–1}, metrics: {lcp, tbt, cls},
 * lcpWaitsOn: {script, stylesheet, font, image, document: KB} or null, documentBytes, failing:
 * {category: [...]}, warnings }.
 */
export async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const unregister = onCleanup(() => chrome.kill());
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const scores = {};
    const failing = {};
    for (const id of CATEGORIES) {
      scores[id] = lhr.categories[id]?.score ?? null;
      if (scores[id] !== null && scores[id] < 1) failing[id] = failingAudits(lhr, id);
    }
    const metrics = Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? null]));
    return { url, scores, metrics, lcpWaitsOn: await lcpWaitsOn(result), documentBytes: documentBytes(lhr), failing, warnings: lhr.runWarnings ?? [] };
  } finally {
    unregister();
    await chrome.kill();
  }
}
