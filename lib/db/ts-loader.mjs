// Lets plain Node run this project's TypeScript scripts: `node --import ./lib/db/ts-loader.mjs scripts/seed.ts`.
//
// Why not `node --experimental-strip-types`: Node 20 (which the project supports) does not have
// the flag at all ("bad option"), and tsx is not a dependency. This registers module hooks
// (Node >= 20.6) that transpile .ts files with the project's own `typescript` package, and
// resolve the `@/` alias and extensionless imports, so the seed data and definitions other
// people write load here exactly as they do in Next.js.
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

// This file is both the registration (--import, main thread) and the hooks (loader thread).
if (isMainThread) register(import.meta.url);

const root = new URL('../../', import.meta.url);
const TS = /\.(c|m)?tsx?$/;

function probe(url) {
  const file = fileURLToPath(url);
  if (existsSync(file) && statSync(file).isFile()) return url;
  for (const suffix of ['.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (existsSync(file + suffix)) return new URL(url.href + suffix);
  }
  return null;
}

export async function resolve(specifier, context, nextResolve) {
  let target = null;
  if (specifier.startsWith('@/')) target = probe(new URL(specifier.slice(2), root));
  else if ((specifier.startsWith('./') || specifier.startsWith('../')) && context.parentURL?.startsWith('file:')) {
    target = probe(new URL(specifier, context.parentURL));
  }
  if (target && TS.test(target.pathname)) return { url: target.href, format: 'module', shortCircuit: true };
  try {
    return await nextResolve(target ? target.href : specifier, context);
  } catch (err) {
    // Packages without an exports map (next/server) are written for bundlers, which add the
    // extension that Node's ESM resolution insists on.
    if (!target && err?.code === 'ERR_MODULE_NOT_FOUND' && /^[@\w][^:]*\/[^.]+$/.test(specifier)) {
      return nextResolve(`${specifier}.js`, context);
    }
    throw err;
  }
}

let ts;
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TS.test(new URL(url).pathname)) return nextLoad(url, context);
  ts ??= (await import('typescript')).default;
  const source = await readFile(new URL(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      sourceMap: false,
      inlineSourceMap: true,
      inlineSources: true,
    },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
