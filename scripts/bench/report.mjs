// Plain-text output helpers: aligned tables and number formats.

/** Renders rows (arrays of cells) as an aligned table; numbers-looking cells are right-aligned. */
export function table(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => (c === undefined || c === null ? '' : String(c))));
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const numeric = (s) => /^[-+]?[\d.,]+\s*(%|ms|KB|x|req\/s)?$/.test(s);
  const line = (r) =>
    r
      .map((c, i) => (numeric(c) && r !== all[0] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

export const score = (s) => (s === null || s === undefined ? 'n/a' : s.toFixed(2));
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
export const ms = (v) => `${Number(v).toFixed(v < 10 ? 1 : 0)} ms`;
export const rps = (v) => `${Math.round(v).toLocaleString('en-US')}`;
export const ratio = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : 'n/a');
export const verdict = (ok) => (ok === undefined ? '' : ok ? 'ok' : 'MISS');
export const seconds = (msec) => `${(msec / 1000).toFixed(1)} s`;

export function heading(text) {
  console.log(`\n== ${text} ${'='.repeat(Math.max(0, 70 - text.length))}`);
}
