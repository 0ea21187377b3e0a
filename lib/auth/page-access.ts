import type { Role } from './roles';

/**
 * Which pages need a sign-in, and which role, by path prefix (the first match wins). proxy.ts
 * sends people elsewhere before any of these renders; the pages and the data layer check again.
 * tests/server/page-matrix.server.ts walks app/dashboard and fails for a staff or admin page
 * missing here.
 */
const PAGE_ROLES: readonly (readonly [prefix: string, role: Role])[] = [
  ['/dashboard/adminHome', 'admin'],
  ['/dashboard/additems', 'admin'],
  ['/dashboard/allUsers', 'admin'],
  ['/dashboard/manageBookings', 'admin'],
  ['/dashboard/manageItems', 'admin'],
  ['/dashboard/reviews', 'admin'],
  ['/dashboard/tables', 'admin'],
  ['/dashboard/updateItem', 'admin'],
  ['/dashboard/kitchen', 'staff'],
  ['/dashboard/manageOrders', 'staff'],
  ['/dashboard/staffHome', 'staff'],
  ['/dashboard', 'diner'],
  ['/secret', 'diner'],
];

/** The role a page needs, or null for a public one. */
export function roleNeededFor(pathname: string): Role | null {
  for (const [prefix, role] of PAGE_ROLES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return role;
  }
  return null;
}

/** Where `/dashboard` leads each role. */
const HOMES: Record<Role, string> = {
  diner: '/dashboard/userHome',
  staff: '/dashboard/staffHome',
  admin: '/dashboard/adminHome',
};

export function dashboardHome(role: Role): string {
  return HOMES[role];
}
