import fs from 'node:fs';
import path from 'node:path';

/**
 * Every page.tsx below `dir` (relative to the repository) and its route, with [id] for a dynamic
 * segment; route groups `(name)` add nothing to the path.
 */
export function pageFilesUnder(dir: string, route: string): { route: string; file: string }[] {
  const found: { route: string; file: string }[] = [];
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) found.push(...pageFilesUnder(full, name.startsWith('(') ? route : `${route}/${name}`));
    else if (name === 'page.tsx') found.push({ route: route || '/', file: full });
  }
  return found;
}

/** The route of every page below `dir`. */
export const pagesUnder = (dir: string, route: string) => pageFilesUnder(dir, route).map((page) => page.route);

/** Every dashboard page in the file tree, to hold against the page list (lib/dashboard/pages.ts). */
export const dashboardPagesInTree = () => pageFilesUnder('app/dashboard', '/dashboard');
