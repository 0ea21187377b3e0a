import fs from 'node:fs';
import path from 'node:path';

export interface AppPage {
  /** The URL path, with [id] for a dynamic segment. */
  route: string;
  /** Under an (admin) route group: for admins only. */
  admin: boolean;
}

/** Every page.tsx below `dir` (relative to the repository); route groups `(name)` add nothing to the path. */
export function pagesUnder(dir: string, route: string): AppPage[] {
  const found: AppPage[] = [];
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) found.push(...pagesUnder(full, name.startsWith('(') ? route : `${route}/${name}`));
    else if (name === 'page.tsx') found.push({ route: route || '/', admin: full.split(path.sep).includes('(admin)') });
  }
  return found;
}

/** Every dashboard page, found from the file tree: a new page joins each suite that walks them by being there. */
export const dashboardPages = () => pagesUnder('app/dashboard', '/dashboard');
