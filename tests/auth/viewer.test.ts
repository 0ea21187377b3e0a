/**
 * Who is asking: a session token is a session only while its user record accepts it. Forged,
 * expired, ended (logout, sign out everywhere), role-changed and deleted-user tokens answer 401
 * with `{ error }` at once; the Origin check is skipped only for a request a valid Bearer token
 * authenticated.
 */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { GET as mineRoute } from '@/app/api/review/mine/route';
import { POST as addToCart } from '@/app/api/carts/route';
import { POST as logoutRoute } from '@/app/api/logout/route';
import { GET as sessionRoute } from '@/app/api/session/route';
import { getSessionSecret } from '@/lib/auth/secret';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { authorize, narrow, requireViewer, type Viewer } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import { setRole } from '@/lib/users/admin';
import { SITE, call, request } from '../support/http';
import { adminOf, makeAdmin, makeDiner, sessionTokenFor, viewerOf, type Person } from '../support/people';

const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asCookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });

/** A secured read: 200 for a session, 401 `{ error }` for anything else. */
const mine = (headers: Record<string, string>) => call<{ error?: string }>(mineRoute, '/api/review/mine', { headers });

/** A session token for `person` made outside the app: signed with `key`, issued at `issuedAt` (seconds). */
function tokenFrom(person: Person, key: Uint8Array, issuedAt = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({ email: person.email, sv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(person.uid)
    .setJti('made-outside')
    .setIssuer('bistro')
    .setAudience('bistro')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(key);
}

async function expectEnded(token: string) {
  expect(await mine(asBearer(token))).toEqual({ status: 401, body: { error: 'Please log in.' } });
  expect(await mine(asCookie(token))).toEqual({ status: 401, body: { error: 'Please log in.' } });
}

describe('resolving the viewer', () => {
  it('reads the role from the user record, by Bearer token or by cookie', async () => {
    const diner = await makeDiner();
    const admin = await makeAdmin();
    expect(await viewerOf(diner)).toMatchObject({ uid: diner.uid, email: diner.email, name: diner.name, role: 'diner', userId: diner.id });
    expect(await viewerOf(admin)).toMatchObject({ uid: admin.uid, role: 'admin' });
    const viaCookie = await requireViewer(request('GET', '/api/carts', { headers: asCookie(diner.token) }));
    expect(viaCookie.uid).toBe(diner.uid);
  });

  it('narrows to a role only for people who hold it', async () => {
    const diner = await viewerOf(await makeDiner());
    expect(() => narrow(diner, 'admin')).toThrow(expect.objectContaining({ status: 403, message: 'Only admins may do this.' }));
    const admin = await adminOf(await makeAdmin());
    expect(narrow(admin, 'diner')).toBe(admin);
    await expect(adminOf(await makeDiner())).rejects.toMatchObject({ status: 403 });
  });

  it('refuses, at run time too, a viewer it did not resolve itself', async () => {
    const real = await viewerOf(await makeAdmin());
    const forged = { ...real } as Viewer;
    expect(() => authorize(forged)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => authorize(real, 'admin')).not.toThrow();
  });
});

describe('tokens that are not sessions answer 401 with { error }', () => {
  it('a token signed with another secret, or none at all', async () => {
    const diner = await makeDiner();
    await expectEnded(await tokenFrom(diner, new TextEncoder().encode('another-secret-another-secret-1234')));
    // The same token signed with the app's own secret is a session: the refusal above was the signature's.
    expect((await mine(asBearer(await tokenFrom(diner, getSessionSecret())))).status).toBe(200);
    expect(await mine({})).toEqual({ status: 401, body: { error: 'Please log in.' } });
  });

  it('an expired token', async () => {
    const diner = await makeDiner();
    await expectEnded(await tokenFrom(diner, getSessionSecret(), Math.floor(Date.now() / 1000) - 7200));
  });

  it("the token a logout ended, while the same person's other sessions go on", async () => {
    const diner = await makeDiner();
    const other = await sessionTokenFor(diner);
    const res = await logoutRoute(request('POST', '/api/logout', { headers: { ...asCookie(diner.token), origin: SITE } }), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
    await expectEnded(diner.token);
    expect((await mine(asBearer(other))).status).toBe(200);
  });

  it('every token of the person after "sign out everywhere", and a sign-in right after works at once', async () => {
    const diner = await makeDiner();
    const phone = await sessionTokenFor(diner);
    const res = await logoutRoute(request('POST', '/api/logout?everywhere=1', { headers: asBearer(diner.token) }), undefined);
    expect(res.status).toBe(200);
    await expectEnded(diner.token);
    await expectEnded(phone);
    // Within the same second as the sign-out: a session version, not a timestamp, tells them apart.
    const fresh = await sessionTokenFor(diner);
    expect((await mine(asBearer(fresh))).status).toBe(200);
  });

  it.each(['staff', 'admin'] as const)("the tokens of a person made %s, and made a diner again", async (role) => {
    const diner = await makeDiner();
    const admin = await adminOf(await makeAdmin());
    await setRole(admin, diner.id, role);
    await expectEnded(diner.token);
    const promoted = await sessionTokenFor(diner);
    expect(await viewerOf({ ...diner, headers: asBearer(promoted) })).toMatchObject({ role });
    await setRole(admin, diner.id, 'diner');
    await expectEnded(promoted);
    expect(await viewerOf({ ...diner, headers: asBearer(await sessionTokenFor(diner)) })).toMatchObject({ role: 'diner' });
  });

  it('the token of a deleted user, at once', async () => {
    const diner = await makeDiner();
    expect((await mine(asBearer(diner.token))).status).toBe(200);
    const { users } = await collections();
    await users.deleteOne({ uid: diner.uid });
    await expectEnded(diner.token);
  });

  it('GET /api/session answers no user for them, and a user for a session', async () => {
    const diner = await makeDiner();
    const session = async (headers: Record<string, string>) => (await call<{ user: unknown }>(sessionRoute, '/api/session', { headers })).body;
    expect(await session(asBearer(diner.token))).toEqual({ guests: true, user: { email: diner.email, name: diner.name, photoURL: null, role: 'diner', admin: false, emailVerified: true } });
    const { users } = await collections();
    await users.deleteOne({ uid: diner.uid });
    expect(await session(asBearer(diner.token))).toEqual({ guests: true, user: null });
  });
});

describe('the Origin check', () => {
  const menuId = async () => (await (await collections()).menu.findOne({}))!._id.toHexString();
  const add = async (headers: Record<string, string>) => (await call(addToCart, '/api/carts', { headers, json: { menuId: await menuId() } })).status;
  const lines = async (person: Person) => (await collections()).carts.countDocuments({ ownerUid: person.uid });

  it('is skipped for a request a valid Bearer token authenticated', async () => {
    const dana = await makeDiner();
    expect(await add(asBearer(dana.token))).toBe(201);
  });

  it('applies to the cookie: our own Origin passes, another or none is refused', async () => {
    const dana = await makeDiner();
    expect(await add({ ...asCookie(dana.token), origin: SITE })).toBe(201);
    expect(await add({ ...asCookie(dana.token), origin: 'https://evil.test' })).toBe(403);
    expect(await add(asCookie(dana.token))).toBe(403);
    expect(await lines(dana)).toBe(1);
  });

  it('is not skipped for an invalid Bearer header beside the cookie', async () => {
    const dana = await makeDiner();
    const res = await call(addToCart, '/api/carts', { headers: { ...asBearer('not-a-session'), ...asCookie(dana.token) }, json: { menuId: await menuId() } });
    expect(res).toEqual({ status: 403, body: { error: 'Cross-origin request refused.' } });
    expect(await lines(dana)).toBe(0);
  });
});
