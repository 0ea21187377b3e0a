// The framework's floor: a bare Next.js app (one page, one layout, nothing of ours imported),
// built with the same Next.js and served by our server.mjs, so its figures sit beside ours like for like.
// The styled floor is the same app carrying the two things every public page of ours paints first:
// our stylesheet (the bytes our build wrote, with its fonts) and a banner image, the kind of element
// that is our pages' LCP. Lantern charges the LCP of a page whose paint waits for a stylesheet and an
// image with the framework's scripts that finished meanwhile, so this floor is the one to read our
// LCP against.
// The branded floor is the styled floor with the third thing: the display face, the brand's two
// font files loaded as our layout loads them (next/font/local, preloaded) and drawn by its heading.
// It is the least a page with this site's look can be; nothing of ours besides is in it.
import { cpSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, startServer } from './server.mjs';
import { NEXT_BIN } from '../processes/production-server.mjs';

/** Inside the repository, so its node_modules (and the same Next.js) resolve; .gitignore keeps them out. */
export const BARE_DIR = '.bench-bare';
export const STYLED_DIR = '.bench-bare-styled';
export const BRANDED_DIR = '.bench-bare-branded';

/** What each floor is called in messages, and where it is built. */
const FLOORS = {
  bare: { name: 'bare app', dir: BARE_DIR },
  styled: { name: 'styled floor', dir: STYLED_DIR },
  branded: { name: 'branded floor', dir: BRANDED_DIR },
};

/** Our display face's files (app/fonts.ts loads the same ones, the same way). */
const FONT_FILES = [
  { file: 'cinzel-400.woff2', weight: '400' },
  { file: 'cinzel-700.woff2', weight: '700' },
];

/** The banner of the order pages, whose LCP element it is. */
const BANNER = 'public/images/banners/order.svg';

const layout = (imports, htmlClass = '') => `${imports}export const metadata = { title: 'Bare', description: 'A bare Next.js page' };
export default function RootLayout({ children }) {
  return (<html lang="en"${htmlClass}><body>{children}</body></html>);
}
`;

const page = (banner, headingClass = '') => `export default function Page() {
  return (<main>${banner}<h1${headingClass}>A bare page</h1><p>Nothing but the framework.</p></main>);
}
`;

const BRANDED_FONT = `import localFont from 'next/font/local';
const display = localFont({
  src: [${FONT_FILES.map(({ file, weight }) => `{ path: './${file}', weight: '${weight}' }`).join(', ')}],
  variable: '--font-cinzel',
  display: 'swap',
});
`;

const COMMON = {
  'package.json': JSON.stringify({ private: true, type: 'module' }),
  // Its own config: Next.js would otherwise find ours further up and build with it. Like ours, it
  // leaves compression to server.mjs, which serves it.
  'next.config.mjs': 'export default { compress: false };\n',
};

const BARE_FILES = { ...COMMON, 'app/layout.jsx': layout(''), 'app/page.jsx': page('') };

/**
 * The styled app's files, from our build in `root/.next`: its stylesheets as one global CSS file,
 * with their font URLs pointed at the copies in the app's public/media.
 */
function styledFiles(root, { branded = false } = {}) {
  const chunks = join(root, '.next', 'static', 'chunks');
  const sheets = readdirSync(chunks).filter((f) => f.endsWith('.css')).sort();
  if (!sheets.length) throw new Error('the styled floor needs our build: no stylesheet in .next/static/chunks');
  const css = sheets.map((f) => readFileSync(join(chunks, f), 'utf8').replaceAll('url(../media/', 'url(/media/')).join('\n');
  const banner = '<img src="/banner.svg" alt="" width={1200} height={400} fetchPriority="high" style={{ display: "block", width: "100%", height: "60vh", objectFit: "cover" }} />';
  return {
    ...COMMON,
    'app/ours.css': css,
    'app/layout.jsx': layout(`import './ours.css';\n${branded ? BRANDED_FONT : ''}`, branded ? ' className={display.variable}' : ''),
    // `font-display` is our stylesheet's class for the display face, as our headings use it.
    'app/page.jsx': page(banner, branded ? ' className="font-display text-3xl"' : ''),
  };
}

/**
 * Builds a floor under `root` and starts it: `floor` is 'bare' (the default), 'styled' or
 * 'branded'; the last two are made from our build, which must exist. `stop()` ends the server and
 * removes the app.
 */
export async function startBareApp(root, { floor = 'bare' } = {}) {
  const { name, dir: dirName } = FLOORS[floor] ?? {};
  if (!name) throw new Error(`unknown floor "${floor}"`);
  const dir = join(root, dirName);
  rmSync(dir, { recursive: true, force: true });
  const files = floor === 'bare' ? BARE_FILES : styledFiles(root, { branded: floor === 'branded' });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  if (floor !== 'bare') {
    mkdirSync(join(dir, 'public'), { recursive: true });
    cpSync(join(root, '.next', 'static', 'media'), join(dir, 'public', 'media'), { recursive: true });
    copyFileSync(join(root, BANNER), join(dir, 'public', 'banner.svg'));
  }
  if (floor === 'branded') for (const { file } of FONT_FILES) copyFileSync(join(root, 'app', 'fonts', file), join(dir, 'app', file));
  const nextBin = join(root, NEXT_BIN);
  const code = await buildApp({ cwd: dir, env: {}, nextBin });
  if (code !== 0) throw new Error(`the ${name}'s next build failed (exit ${code})`);
  const server = await startServer({
    cwd: dir,
    readyPath: '/',
    command: ({ host, port }) => [process.execPath, [join(root, 'server.mjs'), '--dir', dir, '-p', String(port), '-H', host]],
  });
  let stopped = false;
  return {
    baseUrl: server.baseUrl,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
