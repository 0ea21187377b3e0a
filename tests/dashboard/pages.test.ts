/**
 * The page list (lib/dashboard/pages.ts) against the tree and the code that reads it: every page
 * under app/dashboard is one entry and every entry a page; each page's guard names its own entry
 * and lets in exactly the roles it allows, as the branded viewer the data layer takes; the proxy
 * matches a path to the most specific page; each sidebar leads only to pages its role may open.
 */
import fs from 'node:fs';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ROLES, hasRole } from '@/lib/auth/roles';
import type { Admin, Shopper, Staff, Viewer } from '@/lib/auth/viewer';
import { requirePage } from '@/lib/dashboard/guard';
import { DASHBOARD_PAGES, roleNeededFor, sidebarOf, type DashboardPath } from '@/lib/dashboard/pages';
import { dashboardPagesInTree } from '../support/app-pages';
import { makePerson } from '../support/people';

/** The session cookie the page being rendered receives. */
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({ cookies: async () => ({ get: () => (jar.token ? { value: jar.token } : undefined) }) }));

const TREE = dashboardPagesInTree();
const LISTED = DASHBOARD_PAGES.map((page) => page.path as string);

describe('the page list', () => {
  it('has an entry for every page under app/dashboard', () => {
    expect(TREE.map((p) => p.route).filter((route) => !LISTED.includes(route))).toEqual([]);
  });

  it('has a page under app/dashboard for every entry, and no entry twice', () => {
    const routes = TREE.map((p) => p.route);
    expect(LISTED.filter((path) => !routes.includes(path))).toEqual([]);
    expect(new Set(LISTED).size).toBe(LISTED.length);
  });

  it("is what each page's guard reads: every page asks for its viewer by its own path", () => {
    for (const { route, file } of TREE) {
      const asked = [...fs.readFileSync(file, 'utf8').matchAll(/requirePage\(('[^']*')\)/g)].map((m) => m[1]);
      expect(asked, file).toEqual([`'${route}'`]);
    }
  });
});

describe("a page's guard", () => {
  /** What `requirePage(path)` gives the holder of `token`: the viewer's role, or where it sends them. */
  async function outcome(path: DashboardPath, token: string | undefined): Promise<string> {
    jar.token = token;
    try {
      return `viewer ${(await requirePage(path)).role}`;
    } catch (err) {
      const digest = (err as { digest?: unknown }).digest;
      if (typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT;')) return `to ${digest.split(';')[2]}`;
      throw err;
    }
  }

  it('lets in the roles the entry allows, sends other people home and anonymous visitors to sign in', async () => {
    const tokens = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, (await makePerson(role)).token] as const)));
    for (const { path, role: needed } of DASHBOARD_PAGES) {
      expect(await outcome(path, undefined), `${path}, anonymous`).toBe('to /login');
      for (const role of ROLES) expect(await outcome(path, tokens[role]), `${path}, ${role}`).toBe(hasRole(role, needed) ? `viewer ${role}` : 'to /');
    }
  });

  it('gives an admin page an Admin, a kitchen page Staff, a diner page a Viewer and a page guests open a Shopper (checked by the type checker)', () => {
    expectTypeOf(requirePage<'/dashboard/tables'>).returns.resolves.toEqualTypeOf<Admin>();
    expectTypeOf(requirePage<'/dashboard/updateItem/[id]'>).returns.resolves.toEqualTypeOf<Admin>();
    expectTypeOf(requirePage<'/dashboard/kitchen'>).returns.resolves.toEqualTypeOf<Staff>();
    expectTypeOf(requirePage<'/dashboard/reservation'>).returns.resolves.toEqualTypeOf<Viewer>();
    expectTypeOf(requirePage<'/dashboard/cart'>).returns.resolves.toEqualTypeOf<Shopper>();
  });
});

describe('the proxy', () => {
  it('knows each page by its own role, also below its path, and anything else under /dashboard as for anybody signed in', () => {
    for (const { path, role } of DASHBOARD_PAGES) {
      expect(roleNeededFor(path.replace('[id]', '0123456789abcdef01234567')), path).toBe(role);
      expect(roleNeededFor(`${path.replace(/\/\[.*$/, '')}/more`), `below ${path}`).toBe(role);
    }
    expect(roleNeededFor('/dashboard/updateItem')).toBe('admin');
    expect(roleNeededFor('/dashboard/no-such-page')).toBe('guest');
    expect(roleNeededFor('/dashboardish')).toBeNull();
    expect(roleNeededFor('/menu')).toBeNull();
  });
});

describe('the sidebars', () => {
  it('lead each role only to pages it may open, each once', () => {
    for (const role of ROLES) {
      const hrefs = sidebarOf(role).map((link) => link.href);
      expect(hrefs.length, role).toBeGreaterThan(0);
      expect(new Set(hrefs).size, role).toBe(hrefs.length);
      for (const href of hrefs) expect(hasRole(role, roleNeededFor(href)!), `${role}: ${href}`).toBe(true);
    }
  });
});
