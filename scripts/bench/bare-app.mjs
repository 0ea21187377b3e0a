// The framework's floor: a bare Next.js app (one page, one layout, nothing of ours imported),
// built with the same Next.js and served by `next start`, so its figures sit beside ours like for like.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, startServer } from './server.mjs';
import { NEXT_BIN } from '../processes/production-server.mjs';

/** Inside the repository, so its node_modules (and the same Next.js) resolve; .gitignore keeps it out. */
export const BARE_DIR = '.bench-bare';

const FILES = {
  'package.json': JSON.stringify({ private: true, type: 'module' }),
  // Its own (empty) config: Next.js would otherwise find ours further up and build with it.
  'next.config.mjs': 'export default {};\n',
  'app/layout.jsx': `export const metadata = { title: 'Bare', description: 'A bare Next.js page' };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  'app/page.jsx': `export default function Page() {
  return (<main><h1>A bare page</h1><p>Nothing but the framework.</p></main>);
}
`,
};

/** Builds the bare app under `root` and starts it; `stop()` ends the server and removes the app. */
export async function startBareApp(root) {
  const dir = join(root, BARE_DIR);
  rmSync(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const nextBin = join(root, NEXT_BIN);
  const code = await buildApp({ cwd: dir, env: {}, nextBin });
  if (code !== 0) throw new Error(`the bare app's next build failed (exit ${code})`);
  const server = await startServer({
    cwd: dir,
    readyPath: '/',
    command: ({ host, port }) => [process.execPath, [nextBin, 'start', '-p', String(port), '-H', host]],
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
