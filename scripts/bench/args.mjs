// The benchmarks' flags, parsed by node:util: an unknown flag or a bad number stops the run.
import { parseArgs } from 'node:util';

const OPTIONS = {
  'no-build': { type: 'boolean', default: false },
  skip: { type: 'string', default: '' },
  duration: { type: 'string' },
  connections: { type: 'string' },
  warmup: { type: 'string' },
  sizes: { type: 'string', default: '1,100000,1000000' },
  baseline: { type: 'string' },
  only: { type: 'string' },
};

/**
 * Parses `argv` with the flags `names` from OPTIONS. Numbers come back as numbers (or `fallbacks[name]`).
 *
 * @param {string[]} argv
 * @param {(keyof typeof OPTIONS)[]} names
 * @param {Record<string, number>} [fallbacks]
 */
export function benchArgs(argv, names, fallbacks = {}) {
  const options = Object.fromEntries(names.map((name) => [name, OPTIONS[name]]));
  const { values } = parseArgs({ args: argv, options, strict: true });
  for (const [name, fallback] of Object.entries(fallbacks)) {
    const raw = values[name];
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a number, got "${raw}"`);
    values[name] = n;
  }
  return values;
}
