/** Where the login page sends people afterwards: only back to a page of this site. */
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/client/auth-flow';

const ORIGIN = 'https://bistro.example';
const back = (from: string | null) => safeReturnPath(from, ORIGIN);

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(back('/dashboard/cart')).toBe('/dashboard/cart');
    expect(back('/order/salad/2?x=1#menu')).toBe('/order/salad/2?x=1#menu');
    expect(back(`${ORIGIN}/menu`)).toBe('/menu');
  });

  it.each([
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a newline the URL parser drops', '/\n/evil.example'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash the URL parser reads as a slash', '/\\evil.example'],
    ['an absolute URL elsewhere', 'https://evil.example/'],
    ['another scheme', 'javascript:alert(1)'],
  ])('sends %s home instead', (_name, from) => {
    expect(back(from)).toBe('/');
    // What the browser would make of it, to show the danger is real.
    expect(new URL(from, ORIGIN).origin === ORIGIN).toBe(false);
  });

  it('never returns to the login or sign-up page, and answers / for nothing', () => {
    expect(back('/login?from=/x')).toBe('/');
    expect(back('/signUp')).toBe('/');
    expect(back('/loginHelp')).toBe('/loginHelp');
    expect(back(null)).toBe('/');
    expect(back('')).toBe('/');
  });
});
