import fs from 'node:fs';
import path from 'node:path';
import type { Role } from '@/lib/auth/roles';

export interface AppPage {
  /** The URL path, with [id] for a dynamic segment. */
  route: string;
  /** The role its folder says it needs: under (admin) or (staff), else any signed-in person. */
  role: Role;
}

/** Every page.tsx below `dir` (relative to the repository); route groups `(name)` add nothing to the path. */
export function pagesUnder(dir: string, route: string): AppPage[] {
  const found: AppPage[] = [];
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) found.push(...pagesUnder(full, name.startsWith('(') ? route : `${route}/${name}`));
    else if (name === 'page.tsx') {
      const groups = full.split(path.sep);
      found.push({ route: route || '/', role: groups.includes('(admin)') ? 'admin' : groups.includes('(staff)') ? 'staff' : 'diner' });
    }
  }
  return found;
}

/** Every dashboard page, found from the file tree: a new page joins each suite that walks them by being there. */
export const dashboardPages = () => pagesUnder('app/dashboard', '/dashboard');
