// `npm run bench`: builds the app, serves the production build with `next start` on a fresh
// embedded database, and PRINTS figures against the project's targets: Lighthouse (mobile, median
// of 3: scores, LCP, TBT, CLS), first-load JavaScript per page (gzipped; the dashboard's as a
// signed-in diner), each beside a bare Next.js page built in the same run (the framework's
// floor; for Lighthouse also the styled floor, that page with our stylesheet and a banner, and the
// branded floor, the styled one with our display face too); the
// time to first meaningful content of signed-in lists; and throughput (autocannon) relative to a
// static file. Runs under tsx, to sign the sessions.
// Missed targets are reported, never fatal: the exit code is non-zero only when the benchmark
// could not run (build failed, server did not start, a section could not be measured).
//
// Flags: --no-build            reuse .next when it exists
//        --skip=lighthouse,js,content,throughput
//        --duration=<s> --connections=<n> --warmup=<s>   (throughput load)
// Env:   CHROMIUM_PATH         the browser for Lighthouse (default /usr/bin/chromium)
import { existsSync, rmSync } from 'node:fs';
import { cpus, totalmem, loadavg, platform, arch } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PAGES,
  DASHBOARD_PAGES,
  LIGHTHOUSE_TARGETS,
  LIGHTHOUSE_RUNS,
  METRIC_TARGETS,
  FIRST_LOAD_JS_OVER_BARE_KB,
  FIRST_CONTENT_PAGES,
  STATIC_BASELINE,
  THROUGHPUT_TARGETS,
  LOAD,
} from './bench/config.mjs';
import { benchArgs } from './bench/args.mjs';
import { buildApp, startServer } from './bench/server.mjs';
import { stopAll, killAllSync } from './bench/processes.mjs';
import { runLighthouse, CATEGORIES, METRICS, chromePath } from './bench/lighthouse.mjs';
import { startBareApp } from './bench/bare-app.mjs';
import { measureFirstContent } from './bench/first-content.mjs';
import { measureFirstLoadJs, GZIP_LEVEL, scriptsInHtml } from './bench/first-load-js.mjs';
import { measureThroughput } from './bench/throughput.mjs';
import { BENCH_ADMIN, BENCH_DINER, benchPeople } from './bench/signed-in.mjs';
import { table, score, kb, ms, rps, ratio, verdict, seconds, heading } from './bench/report.mjs';

export { measureThroughput } from './bench/throughput.mjs';
export { measureFirstLoadJs } from './bench/first-load-js.mjs';
export { runLighthouse } from './bench/lighthouse.mjs';

const BARE_LABEL = 'bare Next.js /';
const STYLED_LABEL = 'styled floor /';
const BRANDED_LABEL = 'branded floor /';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA_DIR = '.data-bench';

function parseBenchArgs(argv) {
  const values = benchArgs(argv, ['no-build', 'skip', 'connections', 'duration', 'warmup'], {
    connections: LOAD.connections,
    duration: LOAD.durationSeconds,
    warmup: LOAD.warmupSeconds,
  });
  const skip = new Set(values.skip.split(',').filter(Boolean));
  for (const s of skip) if (!['lighthouse', 'js', 'content', 'throughput'].includes(s)) throw new Error(`--skip: unknown section "${s}"`);
  return {
    build: !values['no-build'],
    skip,
    load: { connections: values.connections, duration: values.duration, warmup: values.warmup },
  };
}

const removeData = () => rmSync(join(ROOT, DATA_DIR), { recursive: true, force: true });

/** Collected rows for the final table: [section, item, value, target, verdict]. */
const summary = [];
const problems = [];

async function section(name, fn) {
  const started = Date.now();
  try {
    await fn();
  } catch (err) {
    problems.push(`${name}: ${err.message}`);
    console.log(`\n[bench] ${name} could not be measured: ${err.stack ?? err.message}`);
  } finally {
    console.log(`[bench] ${name}: ${seconds(Date.now() - started)}`);
  }
}

const median = (values) => {
  const known = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : null;
};
const metric = (name, v) => (v === null ? 'n/a' : name === 'cls' ? v.toFixed(3) : ms(v));

/**
 * Lighthouse LIGHTHOUSE_RUNS times on each page, ours and the bare Next.js page's; the medians are
 * reported. The runs go round the pages (first run of each, then the second…), so a change in the
 * machine's load falls on every page alike, and LCP and TBT are also printed as ratios to the
 * bare page's medians, and LCP to the styled and branded floors' (see bench/bare-app.mjs).
 * "JS KB in lcp" is, per run, the JavaScript Lantern charged the LCP for (see lcpWaitsOn): it is
 * what makes one run's LCP 0.5–1 s longer than another's. "doc KB" is the HTML as served (see
 * documentBytes): above 14.6 KB it costs a round trip more.
 */
async function lighthouseSection(baseUrl, { bareUrl, styledUrl, brandedUrl }) {
  heading(`Lighthouse (mobile, median of ${LIGHTHOUSE_RUNS}), ${chromePath() ?? 'chrome-launcher default browser'}; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const rows = [];
  const targets = [...PAGES.map((path) => ({ label: path, url: new URL(path, baseUrl).href, ours: true }))];
  if (bareUrl) targets.push({ label: BARE_LABEL, url: new URL('/', bareUrl).href, ours: false });
  if (styledUrl) targets.push({ label: STYLED_LABEL, url: new URL('/', styledUrl).href, ours: false });
  if (brandedUrl) targets.push({ label: BRANDED_LABEL, url: new URL('/', brandedUrl).href, ours: false });
  const runs = new Map(targets.map((t) => [t.label, { results: [], ms: 0 }]));
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    for (const { label, url } of targets) {
      const run = runs.get(label);
      const started = Date.now();
      try {
        run.results.push(await runLighthouse(url));
      } catch (err) {
        problems.push(`lighthouse ${label}: ${err.message}`);
        console.log(`${label}: Lighthouse failed: ${err.message}`);
      }
      run.ms += Date.now() - started;
    }
  }
  const medians = (results) => Object.fromEntries(Object.keys(METRICS).map((m) => [m, median(results.map((r) => r.metrics[m]))]));
  const floorOf = (label) => (runs.get(label)?.results.length ? medians(runs.get(label).results) : null);
  const bare = floorOf(BARE_LABEL);
  const styled = floorOf(STYLED_LABEL);
  const branded = floorOf(BRANDED_LABEL);
  const over = (floor, m, v) => (floor && v !== null && floor[m] ? `${(v / floor[m]).toFixed(2)}x` : 'n/a');
  const overBare = (m, v) => over(bare, m, v);
  for (const { label, ours } of targets) {
    const { results, ms: took } = runs.get(label);
    if (!results.length) continue;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]))]));
    const metrics = medians(results);
    const spread = results.map((r) => score(r.scores.performance)).join('/');
    const lcpScripts = results.map((r) => (r.lcpWaitsOn ? Math.round(r.lcpWaitsOn.script ?? 0) : '?')).join('/');
    const doc = median(results.map((r) => r.documentBytes));
    rows.push([
      label,
      ...CATEGORIES.map((c) => score(scores[c])),
      ...Object.keys(METRICS).map((m) => metric(m, metrics[m])),
      overBare('lcp', metrics.lcp),
      overBare('tbt', metrics.tbt),
      over(styled, 'lcp', metrics.lcp),
      over(branded, 'lcp', metrics.lcp),
      spread,
      lcpScripts,
      doc === null ? 'n/a' : (doc / 1000).toFixed(1),
      seconds(took),
    ]);
    if (!ours) {
      summary.push(['lighthouse', `${label} performance, lcp, tbt (floor)`, `${score(scores.performance)}, ${metric('lcp', metrics.lcp)}, ${metric('tbt', metrics.tbt)}`, '', '']);
      continue;
    }
    for (const c of CATEGORIES) {
      const value = scores[c];
      const target = LIGHTHOUSE_TARGETS[c];
      summary.push(['lighthouse', `${label} ${c}`, score(value), `>= ${target}`, verdict(value !== null && value >= target)]);
    }
    for (const [m, target] of Object.entries(METRIC_TARGETS)) {
      summary.push(['lighthouse', `${label} ${m}`, metric(m, metrics[m]), `<= ${metric(m, target)}`, verdict(metrics[m] !== null && metrics[m] <= target)]);
    }
    summary.push(['lighthouse', `${label} lcp, tbt over the bare page's`, `${overBare('lcp', metrics.lcp)}, ${overBare('tbt', metrics.tbt)}`, '', '']);
    summary.push(['lighthouse', `${label} lcp over the styled, branded floors'`, `${over(styled, 'lcp', metrics.lcp)}, ${over(branded, 'lcp', metrics.lcp)}`, '', '']);
    // What to fix, from the run whose performance score is the median.
    const middle = results.find((r) => r.scores.performance === scores.performance) ?? results[0];
    for (const [c, audits] of Object.entries(middle.failing)) {
      if (!audits.length) continue;
      console.log(`  ${label} ${c} ${score(middle.scores[c])}: to fix`);
      for (const a of audits.slice(0, 12)) {
        const detail = [a.displayValue, `score ${a.score.toFixed(2)}`, a.weight ? `weight ${a.weight}` : 'diagnostic'].filter(Boolean).join(', ');
        console.log(`    - ${a.title} [${a.id}] (${detail})`);
        if (a.weight > 0) for (const w of a.where) console.log(`        at ${w}`);
      }
      if (audits.length > 12) console.log(`    ... and ${audits.length - 12} more`);
    }
    for (const w of middle.warnings) console.log(`  ${label} warning: ${w}`);
  }
  const header = ['page', ...CATEGORIES, ...Object.keys(METRICS), 'lcp/bare', 'tbt/bare', 'lcp/styled', 'lcp/branded', 'perf runs', 'JS KB in lcp', 'doc KB', 'time'];
  const targetRow = ['target', ...CATEGORIES.map((c) => `>= ${LIGHTHOUSE_TARGETS[c]}`), ...Object.entries(METRIC_TARGETS).map(([m, t]) => `<= ${metric(m, t)}`)];
  console.log('\n' + table(header, [...rows, [...targetRow, ...Array(header.length - targetRow.length).fill('')]]));
}

/**
 * First-load JavaScript of `paths`, as one group (`title`): per page, chunks shared and the
 * largest; with `held`, each page is held to `floorBytes` (the bare Next.js page's) +
 * FIRST_LOAD_JS_OVER_BARE_KB, otherwise the figure is printed beside that line for reference.
 */
async function firstLoadJs(baseUrl, paths, title, headers, floorBytes, { held = true } = {}) {
  heading(`First-load JavaScript, ${title} (gzip level ${GZIP_LEVEL}, 1 KB = 1000 bytes)`);
  const r = await measureFirstLoadJs(baseUrl, paths, { headers });
  const target = floorBytes + FIRST_LOAD_JS_OVER_BARE_KB * 1000;
  const targetKb = (target / 1000).toFixed(1);
  console.log(
    `floor: the bare Next.js page, ${kb(floorBytes)}; ${held ? 'target' : 'for reference (not a target here)'}: floor + ${FIRST_LOAD_JS_OVER_BARE_KB} KB`,
  );
  const rows = r.pages.map((p) => [
    p.path,
    String(p.chunks.length),
    kb(p.rawBytes),
    kb(p.bytes),
    `${held ? '<=' : 'ref'} ${targetKb} KB`,
    held ? verdict(p.bytes <= target) : '',
    kb(p.inlineBytes),
    kb(p.nomoduleBytes),
  ]);
  console.log(table(['page', 'chunks', 'raw', 'gzipped', 'target', '', 'inline*', 'nomodule*'], rows));
  console.log('* not counted: inline scripts (RSC payload) and nomodule polyfills (not loaded by modern browsers)');
  console.log(`shared by these pages: ${r.sharedChunks.length} chunks, ${kb(r.sharedBytes)} gzipped; all together: ${r.chunkCount} chunks, ${kb(r.totalBytes)}`);
  console.log('largest chunks (gzipped):');
  for (const c of r.chunks.slice(0, 5)) {
    const used = c.pages.length === r.pages.length ? 'all pages' : c.pages.join(' ');
    console.log(`  ${kb(c.gz).padStart(9)}  ${new URL(c.url).pathname}  (${used})`);
  }
  for (const p of r.pages) if (p.other.length) console.log(`  ${p.path}: scripts outside /_next/static, not counted: ${p.other.join(', ')}`);
  for (const p of r.pages) summary.push(['first-load JS', p.path, kb(p.bytes), held ? `<= ${targetKb} KB` : '', held ? verdict(p.bytes <= target) : '']);
  summary.push(['first-load JS', `shared by ${title}`, kb(r.sharedBytes), '', '']);
}

/** Time to first meaningful content of the signed-in lists: in the first HTML, and when it is on the page. */
async function firstContentSection(baseUrl, cookies) {
  heading(`Time to first meaningful content (headless Chromium, desktop, median of 3; load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  const results = await measureFirstContent(baseUrl, FIRST_CONTENT_PAGES.map((p) => ({ ...p, cookie: cookies[p.who] })));
  console.log(
    table(
      ['page', 'as', 'first row in server HTML', 'first row on the page', 'first contentful paint'],
      results.map((r, i) => [r.path, FIRST_CONTENT_PAGES[i].who, r.inHtml ? 'yes' : 'no', ms(r.firstContent), ms(r.fcp)]),
    ),
  );
  for (const r of results) summary.push(['first content', r.path, `${ms(r.firstContent)}${r.inHtml ? ' (in HTML)' : ''}`, 'in the first HTML', verdict(r.inHtml)]);
}

/** A target with `script: page` gets the path of the largest script that page names. */
async function withScriptPath(baseUrl, target) {
  const pageUrl = new URL(target.script, baseUrl).href;
  const { urls } = scriptsInHtml(await (await fetch(pageUrl)).text(), pageUrl);
  const sized = await Promise.all(
    [...urls].map(async (url) => ({ url, size: (await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength })),
  );
  const largest = sized.sort((a, b) => b.size - a.size)[0];
  if (!largest) throw new Error(`${target.script} names no script`);
  return { ...target, path: new URL(largest.url).pathname };
}

async function throughputSection(baseUrl, load) {
  heading(`Throughput (autocannon: ${load.connections} connections, ${load.warmup} s warm-up + ${load.duration} s each)`);
  const targets = await Promise.all(THROUGHPUT_TARGETS.map((t) => (t.script ? withScriptPath(baseUrl, t) : t)));
  // Sanity check first: a baseline that 404s would make every ratio meaningless.
  for (const t of [STATIC_BASELINE, ...targets]) {
    if ((t.method ?? 'GET') !== 'GET') continue;
    const res = await fetch(new URL(t.path, baseUrl));
    await res.arrayBuffer();
    if (!res.ok) console.log(`  warning: ${t.path} answers HTTP ${res.status}`);
  }
  const runs = [];
  const measure = async (t, label) => {
    const r = await measureThroughput(baseUrl, t.path, { method: t.method, headers: t.headers, body: t.body, ...load });
    console.log(`  ${label.padEnd(24)} ${rps(r.rps).padStart(7)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  non-2xx ${r.non2xx}  errors ${r.errors}`);
    runs.push({ ...r, label });
    return r;
  };
  const first = await measure(STATIC_BASELINE, `${STATIC_BASELINE.label} (first)`);
  const measured = [];
  for (const t of targets) measured.push({ t, r: await measure(t, t.label) });
  const last = await measure(STATIC_BASELINE, `${STATIC_BASELINE.label} (last)`);
  const baseline = (first.rps + last.rps) / 2;

  const rows = runs.map((r) => {
    const target = targets.find((t) => t.label === r.label);
    const rel = r.rps / baseline;
    return [
      r.label,
      `${r.method} ${r.path}`,
      rps(r.rps),
      ms(r.p50),
      ms(r.p99),
      String(r.non2xx),
      String(r.errors + r.timeouts),
      target ? ratio(rel) : '',
      target?.minRatio !== undefined ? `>= ${target.minRatio}x` : '',
      target?.minRatio !== undefined ? verdict(rel >= target.minRatio) : '',
    ];
  });
  console.log(
    '\n' + table(['run', 'request', 'req/s', 'p50', 'p99', 'non-2xx', 'errors', 'vs static', 'target', ''], rows),
  );
  const drift = Math.abs(first.rps - last.rps) / baseline;
  console.log(
    `static baseline: mean of first ${rps(first.rps)} and last ${rps(last.rps)} = ${rps(baseline)} req/s` +
      (drift > 0.15 ? ` (they differ by ${(drift * 100).toFixed(0)}%: the machine is noisy, read ratios loosely)` : ''),
  );
  summary.push(['throughput', `${STATIC_BASELINE.path} (mean)`, `${rps(baseline)} req/s`, '', '']);
  for (const { t, r } of measured) {
    const rel = r.rps / baseline;
    const bad = r.non2xx + r.errors + r.timeouts;
    summary.push([
      'throughput',
      `${t.label} vs static`,
      `${ratio(rel)} (${rps(r.rps)} req/s${bad ? `, ${bad} non-2xx/errors` : ''})`,
      t.minRatio !== undefined ? `>= ${t.minRatio}x` : '',
      t.minRatio !== undefined ? verdict(rel >= t.minRatio) : '',
    ]);
  }
}

async function main() {
  const args = parseBenchArgs(process.argv.slice(2));
  const started = Date.now();
  const cpu = cpus();
  console.log(
    `[bench] ${platform()} ${arch()}, ${cpu.length} CPUs (${cpu[0]?.model?.trim() ?? 'unknown'}), ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}, node ${process.version}`,
  );

  if (!args.build && existsSync(join(ROOT, '.next', 'BUILD_ID'))) {
    console.log('[bench] --no-build: using the existing .next');
  } else {
    if (!args.build) console.log('[bench] --no-build, but there is no build in .next: building');
    console.log(`[bench] next build (DATA_DIR=${DATA_DIR})`);
    const t = Date.now();
    removeData();
    const code = await buildApp({ cwd: ROOT, env: { DATA_DIR } });
    removeData();
    if (code !== 0) throw new Error(`next build failed (exit ${code})`);
    console.log(`[bench] build: ${seconds(Date.now() - t)}`);
  }

  let bare = null;
  let styled = null;
  let branded = null;
  if (!args.skip.has('lighthouse') || !args.skip.has('js')) {
    console.log('[bench] next build of the bare page (the floor)');
    bare = await startBareApp(ROOT);
  }
  if (!args.skip.has('lighthouse')) {
    console.log('[bench] next build of the styled floor (the bare page with our stylesheet and a banner)');
    styled = await startBareApp(ROOT, { floor: 'styled' });
    console.log('[bench] next build of the branded floor (the styled floor with our display face)');
    branded = await startBareApp(ROOT, { floor: 'branded' });
  }

  removeData();
  const {
    env: sessionEnv,
    sessions: [diner, admin],
  } = await benchPeople(join(ROOT, DATA_DIR), [BENCH_DINER, BENCH_ADMIN]);
  let t = Date.now();
  const server = await startServer({ cwd: ROOT, env: { DATA_DIR, ...sessionEnv } });
  console.log(`[bench] next start on ${server.baseUrl}, /api/menu answered 200 after ${seconds(Date.now() - t)}`);
  try {
    if (!args.skip.has('lighthouse')) {
      const floors = { bareUrl: bare?.baseUrl, styledUrl: styled?.baseUrl, brandedUrl: branded?.baseUrl };
      await section('lighthouse', () => lighthouseSection(server.baseUrl, floors));
    }
    await styled?.stop();
    await branded?.stop();
    if (!args.skip.has('js')) {
      const floor = (await measureFirstLoadJs(bare.baseUrl, ['/'])).pages[0].bytes;
      await section('first-load JS', () => firstLoadJs(server.baseUrl, PAGES, 'public pages', undefined, floor));
      await section('first-load JS (dashboard)', () => firstLoadJs(server.baseUrl, DASHBOARD_PAGES, 'dashboard (a diner)', { cookie: diner.cookie }, floor, { held: false }));
    }
    await bare?.stop();
    if (!args.skip.has('content')) {
      await section('first content', async () => {
        // Something on each list: dishes in the diner's cart (the admin's list is the menu).
        const [dish] = await (await fetch(new URL('/api/menu?category=soup', server.baseUrl))).json();
        for (let i = 0; i < 3; i++) {
          const res = await fetch(new URL('/api/carts', server.baseUrl), {
            method: 'POST',
            headers: { authorization: `Bearer ${diner.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ menuId: dish._id, note: `bench ${i}` }),
          });
          if (!res.ok) throw new Error(`adding to the bench diner's cart: HTTP ${res.status}`);
        }
        await firstContentSection(server.baseUrl, { diner: diner.cookie, admin: admin.cookie });
      });
    }
    if (!args.skip.has('throughput')) await section('throughput', () => throughputSection(server.baseUrl, args.load));
  } finally {
    await server.stop();
    await bare?.stop();
    await styled?.stop();
    await branded?.stop();
    removeData();
  }

  heading('Summary');
  console.log(table(['section', 'item', 'value', 'target', ''], summary));
  const missed = summary.filter((r) => r[4] === 'MISS').length;
  const met = summary.filter((r) => r[4] === 'ok').length;
  console.log(`\n[bench] ${met} targets met, ${missed} missed; took ${seconds(Date.now() - started)}`);
  if (problems.length) {
    console.log(`[bench] not measured:\n  - ${problems.join('\n  - ')}`);
    return 1;
  }
  return 0;
}

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await stopAll();
  removeData();
  process.exit(code);
}
// Run only when executed, so later scripts can import measureThroughput & co. from here.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      console.log(`\n[bench] ${sig}: stopping`);
      shutdown(130);
    });
  }
  process.on('exit', killAllSync);
  main().then(
    (code) => shutdown(code),
    (err) => {
      console.error(`\n[bench] could not run: ${err.message}`);
      shutdown(1);
    },
  );
}
