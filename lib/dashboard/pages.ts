import type { Role } from '@/lib/auth/roles';

/**
 * Every dashboard page, once. A new page is one entry here plus its `page.tsx`, which asks for
 * its viewer with `requirePage('<its path>')` (lib/dashboard/guard.ts). From this list:
 *
 * - proxy.ts sends anybody without the page's role away before it renders (`roleNeededFor`);
 * - the page's own guard hands it the viewer of that role (`Admin` on an admin page), which the
 *   data layer needs before it answers;
 * - the sidebar of each role shows the pages whose `sidebar` names that role, in the order of
 *   this list; the first is the role's home, where /dashboard leads (`dashboardHome`);
 * - the phone and tablet checks (e2e/layout.ts) walk every page and expect its `mainAction` on
 *   the first screen.
 *
 * The page list test fails for a page under app/dashboard missing here, and for an entry with
 * no page. Client-safe: the site's top bar links to a role's home from the browser.
 */

/**
 * What a person comes to a page to do or to see, as assistive technology finds it: an ARIA role
 * and accessible name inside the page's main area (a substring, unless `exact` or a RegExp).
 * `nth` picks one of several matches. A page without one is held to its first control.
 */
export interface MainAction {
  readonly role: 'button' | 'heading' | 'link' | 'list' | 'region' | 'row' | 'textbox';
  readonly name?: string | RegExp;
  readonly exact?: boolean;
  readonly nth?: number;
}

export interface DashboardPage {
  /** The URL path, a dynamic segment named as its folder is (`[id]`). */
  readonly path: `/dashboard${string}`;
  /** The least role that may open it (guest: anybody signed in, a guest too; diner: anybody with an account). */
  readonly role: Role;
  /** Its link in the sidebar of each role in `of`; the icon is drawn in components/dashboard/nav-links.ts. */
  readonly sidebar?: { readonly label: string; readonly icon: string; readonly of: readonly Role[] };
  readonly mainAction?: MainAction;
}

/** A list's first row, under its header row. */
const FIRST_ROW = { role: 'row', nth: 1 } as const;
const ITEM_FORM = { role: 'textbox', name: 'Recipe name' } as const;

export const DASHBOARD_PAGES = [
  // Leads each role to its home.
  { path: '/dashboard', role: 'guest' },

  // A diner's own.
  {
    path: '/dashboard/userHome',
    role: 'diner',
    sidebar: { label: 'User Home', icon: 'home', of: ['diner'] },
    mainAction: { role: 'button', name: 'Sign out everywhere' },
  },
  {
    path: '/dashboard/reservation',
    role: 'diner',
    sidebar: { label: 'Reservation', icon: 'calendar', of: ['diner'] },
    mainAction: { role: 'button', name: 'Book a table' },
  },
  {
    path: '/dashboard/paymentHistory',
    role: 'guest',
    sidebar: { label: 'Payment History', icon: 'wallet', of: ['guest', 'diner'] },
    mainAction: FIRST_ROW,
  },
  {
    path: '/dashboard/cart',
    role: 'guest',
    sidebar: { label: 'My Cart', icon: 'cart', of: ['guest', 'diner'] },
    mainAction: { role: 'link', name: 'Pay', exact: true },
  },
  {
    path: '/dashboard/review',
    role: 'diner',
    sidebar: { label: 'Add Review', icon: 'star', of: ['diner'] },
    mainAction: { role: 'button', name: /review$/ },
  },
  {
    path: '/dashboard/bookings',
    role: 'diner',
    sidebar: { label: 'My Booking', icon: 'book', of: ['diner'] },
    mainAction: FIRST_ROW,
  },
  { path: '/dashboard/payment', role: 'guest', mainAction: { role: 'button', name: /^Pay / } },
  { path: '/dashboard/orders/[id]', role: 'guest', mainAction: { role: 'heading', name: /^Order #\d+$/ } },

  // The kitchen's and the shop's.
  {
    path: '/dashboard/staffHome',
    role: 'staff',
    sidebar: { label: 'Staff Home', icon: 'home', of: ['staff'] },
    mainAction: { role: 'link', name: 'Open the kitchen display' },
  },
  {
    path: '/dashboard/adminHome',
    role: 'admin',
    sidebar: { label: 'Admin Home', icon: 'home', of: ['admin'] },
    mainAction: { role: 'list', name: 'Key figures' },
  },
  {
    path: '/dashboard/kitchen',
    role: 'staff',
    sidebar: { label: 'Kitchen', icon: 'flame', of: ['staff', 'admin'] },
    mainAction: { role: 'region', name: /^New \(/ },
  },
  {
    path: '/dashboard/reports',
    role: 'admin',
    sidebar: { label: 'Reports', icon: 'chart', of: ['admin'] },
    mainAction: { role: 'link', name: 'Download CSV' },
  },
  {
    path: '/dashboard/additems',
    role: 'admin',
    sidebar: { label: 'Add Items', icon: 'plus', of: ['admin'] },
    mainAction: ITEM_FORM,
  },
  { path: '/dashboard/updateItem/[id]', role: 'admin', mainAction: ITEM_FORM },
  {
    path: '/dashboard/manageItems',
    role: 'admin',
    sidebar: { label: 'Manage Items', icon: 'list', of: ['admin'] },
    mainAction: FIRST_ROW,
  },
  {
    path: '/dashboard/manageBookings',
    role: 'admin',
    sidebar: { label: 'Manage Bookings', icon: 'book', of: ['admin'] },
    mainAction: FIRST_ROW,
  },
  {
    path: '/dashboard/manageOrders',
    role: 'staff',
    sidebar: { label: 'Manage Orders', icon: 'wallet', of: ['staff', 'admin'] },
    mainAction: FIRST_ROW,
  },
  {
    path: '/dashboard/tables',
    role: 'admin',
    sidebar: { label: 'Tables', icon: 'qr', of: ['admin'] },
    mainAction: { role: 'button', name: 'Print the QR codes' },
  },
  {
    path: '/dashboard/printers',
    role: 'admin',
    sidebar: { label: 'Printers', icon: 'printer', of: ['admin'] },
    mainAction: { role: 'region', name: 'Printers', exact: true },
  },
  {
    path: '/dashboard/reviews',
    role: 'admin',
    sidebar: { label: 'Guest Reviews', icon: 'star', of: ['admin'] },
    mainAction: FIRST_ROW,
  },
  {
    path: '/dashboard/allUsers',
    role: 'admin',
    sidebar: { label: 'All Users', icon: 'users', of: ['admin'] },
    mainAction: FIRST_ROW,
  },
  {
    path: '/dashboard/promos',
    role: 'admin',
    sidebar: { label: 'Promo Codes', icon: 'tag', of: ['admin'] },
    mainAction: { role: 'textbox', name: 'Code' },
  },
  {
    path: '/dashboard/email',
    role: 'admin',
    sidebar: { label: 'Email', icon: 'mail', of: ['admin'] },
    mainAction: { role: 'link', name: /^Failed \(/ },
  },
  {
    path: '/dashboard/settings',
    role: 'admin',
    sidebar: { label: 'Settings', icon: 'gear', of: ['admin'] },
    mainAction: { role: 'button', name: 'Save settings' },
  },
] as const satisfies readonly DashboardPage[];

type Entry = (typeof DASHBOARD_PAGES)[number];
type InSidebar = Extract<Entry, { sidebar: unknown }>;

export type DashboardPath = Entry['path'];
/** The role the page at `P` needs, as a type: what its guard narrows the viewer to. */
export type RoleOf<P extends DashboardPath> = Extract<Entry, { path: P }>['role'];
/** The icons the sidebars name. */
export type PageIcon = InSidebar['sidebar']['icon'];

export interface SidebarLink {
  href: DashboardPath;
  label: string;
  icon: PageIcon;
}

/** The sidebar links of `role`, in the order of the list. */
export function sidebarOf(role: Role): SidebarLink[] {
  return DASHBOARD_PAGES.filter((page): page is InSidebar => 'sidebar' in page && page.sidebar.of.some((r) => r === role)).map(
    ({ path, sidebar }) => ({ href: path, label: sidebar.label, icon: sidebar.icon }),
  );
}

/** Where `/dashboard` leads `role`: the first page of its sidebar. */
export function dashboardHome(role: Role): DashboardPath {
  return sidebarOf(role)[0]!.href;
}

/**
 * Each page by the part of its path before any dynamic segment, longest first, so a path is
 * matched by the most specific page: /dashboard/updateItem/… is the admin's, while /dashboard
 * itself (and anything unknown under it) is for anybody signed in.
 */
const BY_PREFIX = DASHBOARD_PAGES.map(({ path, role }) => ({ prefix: path.replace(/\/\[.*$/, ''), role })).sort(
  (a, b) => b.prefix.length - a.prefix.length,
);

/** The role a path under /dashboard needs, or null for one outside it. */
export function roleNeededFor(pathname: string): Role | null {
  return BY_PREFIX.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.role ?? null;
}
