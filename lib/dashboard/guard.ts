import 'server-only';
import { requirePageViewer, type ViewerAs } from '@/lib/auth/viewer';
import { DASHBOARD_PAGES, type DashboardPath, type RoleOf } from './pages';

/**
 * A dashboard page's guard: the signed-in person holding the role the page's entry names, as
 * the viewer of that role the data layer takes (`Admin` on an admin page, so an admin page that
 * reads admin data compiles only with this). Anybody else is sent away, to /login or home, as
 * proxy.ts already did with a real redirect; this is the same rule for a page reached some other
 * way, and for a client-side navigation, which no layout re-runs for.
 */
export async function requirePage<P extends DashboardPath>(path: P): Promise<ViewerAs<RoleOf<P>>> {
  const page = DASHBOARD_PAGES.find((entry) => entry.path === path)!;
  return requirePageViewer(page.role as RoleOf<P>);
}
