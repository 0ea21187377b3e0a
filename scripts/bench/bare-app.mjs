// The framework's floor: a bare Next.js app (one page, one layout, nothing of ours imported),
// built with the same Next.js and served by our server.mjs, so its figures sit beside ours like for like.
// The styled floor is the same app carrying the two things every public page of ours paints first:
// our stylesheet (the bytes our build wrote, with its fonts) and a banner image, the kind of element
// that is our pages' LCP. Lantern charges the LCP of a page whose paint waits for a stylesheet and an
// image with the framework's scripts that finished meanwhile, so this floor is the one to read our
// LCP against.
import { cpSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, startServer } from './server.mjs';
import { NEXT_BIN } from '../processes/production-server.mjs';

/** Inside the repository, so its node_modules (and the same Next.js) resolve; .gitignore keeps them out. */
export const BARE_DIR = '.bench-bare';
export const STYLED_DIR = '.bench-bare-styled';

/** The banner of the order pages, whose LCP element it is. */
const BANNER = 'public/images/banners/order.svg';

const layout = (imports) => `${imports}export const metadata = { title: 'Bare', description: 'A bare Next.js page' };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`;

const page = (banner) => `export default function Page() {
  return (<main>${banner}<h1>A bare page</h1><p>Nothing but the framework.</p></main>);
}
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
function styledFiles(root) {
  const chunks = join(root, '.next', 'static', 'chunks');
  const sheets = readdirSync(chunks).filter((f) => f.endsWith('.css')).sort();
  if (!sheets.length) throw new Error('the styled floor needs our build: no stylesheet in .next/static/chunks');
  const css = sheets.map((f) => readFileSync(join(chunks, f), 'utf8').replaceAll('url(../media/', 'url(/media/')).join('\n');
  const banner = '<img src="/banner.svg" alt="" width={1200} height={400} fetchPriority="high" style={{ display: "block", width: "100%", height: "60vh", objectFit: "cover" }} />';
  return { ...COMMON, 'app/ours.css': css, 'app/layout.jsx': layout("import './ours.css';\n"), 'app/page.jsx': page(banner) };
}

/**
 * Builds the bare app (or, with `styled`, the styled floor from our build, which must exist) under
 * `root` and starts it; `stop()` ends the server and removes the app.
 */
export async function startBareApp(root, { styled = false } = {}) {
  const dir = join(root, styled ? STYLED_DIR : BARE_DIR);
  rmSync(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(styled ? styledFiles(root) : BARE_FILES)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  if (styled) {
    mkdirSync(join(dir, 'public'), { recursive: true });
    cpSync(join(root, '.next', 'static', 'media'), join(dir, 'public', 'media'), { recursive: true });
    copyFileSync(join(root, BANNER), join(dir, 'public', 'banner.svg'));
  }
  const nextBin = join(root, NEXT_BIN);
  const code = await buildApp({ cwd: dir, env: {}, nextBin });
  if (code !== 0) throw new Error(`the ${styled ? 'styled floor' : 'bare app'}'s next build failed (exit ${code})`);
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
