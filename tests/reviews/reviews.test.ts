/**
 * Reviews as a browser or a script would write them: one per diner however it is sent, the name
 * from the account (never the body), the home page marked for regeneration, and removal for admins only.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidatePath } from 'next/cache';
import { GET as listRoute, POST as saveRoute } from '@/app/api/review/route';
import { GET as mineRoute } from '@/app/api/review/mine/route';
import { DELETE as deleteRoute, PATCH as moderateRoute } from '@/app/api/review/[id]/route';
import { createSessionToken } from '@/lib/auth/session';
import { endAllSessions } from '@/lib/users/account';
import { collections, getDb } from '@/lib/db';
import { TESTIMONIALS, getTestimonials } from '@/lib/menu/queries';
import { saveReview } from '@/lib/reviews/reviews';
import { rebuildReviewTotals } from '@/lib/reviews/totals';
import type { Review } from '@/lib/reviews/types';
import { errorOf, params, request } from '../support/http';
import { makeAdmin, makeDiner, makeStaff, viewerOf } from '../support/people';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

type Who = { headers: Record<string, string> };
const anonymous: Who = { headers: {} };
const good = { rating: 4, details: 'Lovely soup and a warm welcome.' };

const save = (who: Who, json: unknown) => saveRoute(request('POST', '/api/review', { headers: who.headers, json }), undefined);
const mine = (who: Who) => mineRoute(request('GET', '/api/review/mine', { headers: who.headers }), undefined);
const remove = (who: Who, id: string) => deleteRoute(request('DELETE', `/api/review/${id}`, { headers: who.headers }), params({ id }));
const all = async () => (await (await listRoute(request('GET', '/api/review'), undefined)).json()) as Review[];
const list = (who: Who, query: string) => listRoute(request('GET', `/api/review${query}`, { headers: who.headers }), undefined);
const moderate = (who: Who, id: string, json: unknown) => moderateRoute(request('PATCH', `/api/review/${id}`, { headers: who.headers, json }), params({ id }));

async function reviewsBy(email: string): Promise<number> {
  const { reviews } = await collections();
  return reviews.countDocuments({ email });
}

beforeEach(() => {
  vi.mocked(revalidatePath).mockClear();
});

describe('POST /api/review', () => {
  it('refuses anonymous callers and writes nothing', async () => {
    const before = (await all()).length;
    const res = await save(anonymous, good);
    expect(res.status).toBe(401);
    expect((await all()).length).toBe(before);
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it("writes a diner's review under their record's name, first among the testimonials", async () => {
    const diner = await makeDiner();
    const res = await save(diner, { ...good, name: 'Not Me', email: 'other@bistro.test' });
    expect(res.status).toBe(201);
    const review = (await res.json()) as Review;
    expect(review).toEqual({ _id: review._id, name: diner.name, ...good });
    expect((await all())[0]).toEqual(review);
    expect(revalidatePath).toHaveBeenCalledWith('/');
  });

  it('rewrites the same review when the diner writes again', async () => {
    const diner = await makeDiner();
    const first = (await (await save(diner, good)).json()) as Review;
    const res = await save(diner, { rating: 2, details: '  Slow service this time.  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ _id: first._id, name: diner.name, rating: 2, details: 'Slow service this time.' });
    expect(await reviewsBy(diner.email)).toBe(1);
    expect((await all()).filter((r) => r._id === first._id)).toEqual([{ ...first, rating: 2, details: 'Slow service this time.' }]);
    expect(revalidatePath).toHaveBeenCalledTimes(2);
  });

  it('keeps one review when first saves race (two tabs): every one reads "none yet", one insert wins', async () => {
    const diner = await makeDiner();
    // Called directly, the saves advance in lockstep, so all of them pass the lookup before any inserts.
    const user = await viewerOf(diner);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => saveReview(user, { rating: 5, details: `Racing review number ${i}` })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.review._id)).size).toBe(1);
    expect(await reviewsBy(diner.email)).toBe(1);
  });

  it.each([
    ['no rating', { details: good.details }, 'rating: Choose a rating from 1 to 5 stars'],
    ['zero stars', { ...good, rating: 0 }, 'rating: Choose a rating from 1 to 5 stars'],
    ['six stars', { ...good, rating: 6 }, 'rating: Choose a rating from 1 to 5 stars'],
    ['half a star', { ...good, rating: 3.5 }, 'rating: Choose a rating from 1 to 5 stars'],
    ['too short a text', { ...good, details: '  Too short  ' }, 'details: Write at least 10 characters'],
    ['too long a text', { ...good, details: 'x'.repeat(501) }, 'details: Write at most 500 characters'],
  ])('refuses %s with 400', async (_name, json, message) => {
    const diner = await makeDiner();
    const res = await save(diner, json);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
    expect(await reviewsBy(diner.email)).toBe(0);
  });

  it('names a session without a name after the user record', async () => {
    const diner = await makeDiner();
    const token = await createSessionToken({ uid: diner.uid, email: diner.email }, 0);
    const res = await save({ headers: { authorization: `Bearer ${token}` } }, good);
    expect(((await res.json()) as Review).name).toBe(diner.name);
  });

  it('refuses a token whose user record is gone (401) and writes nothing', async () => {
    const token = await createSessionToken({ uid: 'uid-ghost', email: 'ghost@bistro.test', name: 'Ghost' }, 0);
    const res = await save({ headers: { authorization: `Bearer ${token}` } }, good);
    expect(res.status).toBe(401);
    expect(await reviewsBy('ghost@bistro.test')).toBe(0);
  });

  it('gives every review an id of its own, never its author\'s user id', async () => {
    const diner = await makeDiner();
    const review = (await (await save(diner, good)).json()) as Review;
    expect(review._id).not.toBe(diner.id);
    expect((await all()).some((r) => r._id === diner.id)).toBe(false);
  });

  it('keeps one review per diner across their sessions: signing out everywhere and in again rewrites it', async () => {
    const diner = await makeDiner();
    const first = (await (await save(diner, good)).json()) as Review;
    await endAllSessions(await viewerOf(diner));
    const again = { headers: { authorization: `Bearer ${await createSessionToken(diner, 1)}` } };
    const res = await save(again, { rating: 5, details: 'Better the second time round.' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Review)._id).toBe(first._id);
    expect(await reviewsBy(diner.email)).toBe(1);
  });
});

describe("the home page's testimonials", () => {
  it('are the newest reviews, no more than the page shows, while the rating counts every review', async () => {
    for (let i = 0; i <= TESTIMONIALS; i++) expect((await save(await makeDiner(), { rating: 1 + (i % 5), details: `Visit number ${i}` })).status).toBe(201);
    const everyone = await all();
    expect(everyone.length).toBeGreaterThan(TESTIMONIALS);
    const { latest, rating } = await getTestimonials();
    expect(latest).toEqual(everyone.slice(0, TESTIMONIALS));
    expect(latest[0]!.details).toBe(`Visit number ${TESTIMONIALS}`);
    expect(rating!.count).toBe(everyone.length);
    expect(rating!.mean).toBeCloseTo(everyone.reduce((sum, r) => sum + r.rating, 0) / everyone.length, 10);
  });

  it("have a rating kept by every write, racing ones too, that a count of the reviews made again finds the same", async () => {
    const admin = await makeAdmin();
    const [a, b, c] = [await makeDiner(), await makeDiner(), await makeDiner()];
    const saved = await Promise.all([a, b, c].map(async (who, i) => (await (await save(who, { rating: 1 + i, details: `Totals visit ${i}` })).json()) as Review));
    await Promise.all([save(a, { rating: 5, details: 'Totals, rewritten' }), save(a, { rating: 4, details: 'Totals, rewritten again' })]);
    await Promise.all([moderate(admin, saved[1]!._id, { hidden: true }), moderate(admin, saved[1]!._id, { hidden: true })]);
    await save(b, { rating: 5, details: 'Rewritten while hidden' });
    expect((await remove(admin, saved[2]!._id)).status).toBe(200);
    await moderate(admin, saved[1]!._id, { hidden: false });

    const published = await all();
    const { rating } = await getTestimonials();
    expect(rating).toEqual({ count: published.length, mean: expect.closeTo(published.reduce((sum, r) => sum + r.rating, 0) / published.length, 10) });
    expect(await rebuildReviewTotals(await getDb())).toEqual({ count: published.length, sum: published.reduce((sum, r) => sum + r.rating, 0) });
    expect((await getTestimonials()).rating).toEqual(rating);
  });
});

describe('GET /api/review/mine', () => {
  it('refuses anonymous callers', async () => {
    expect((await mine(anonymous)).status).toBe(401);
  });

  it("answers null before the diner's first review, then their review only", async () => {
    const [diner, other] = [await makeDiner(), await makeDiner()];
    expect(await (await mine(diner)).json()).toBeNull();
    await save(other, { rating: 1, details: 'Not the one you are looking for.' });
    const review = (await (await save(diner, good)).json()) as Review;
    expect(await (await mine(diner)).json()).toEqual(review);
  });
});

describe('GET /api/review', () => {
  it('still answers every review as an array, seed reviews included', async () => {
    const reviews = await all();
    expect(Array.isArray(reviews)).toBe(true);
    expect(reviews.some((r) => r.name === 'Amelia Hart')).toBe(true);
  });
});

describe('hiding a review (PATCH /api/review/{id})', () => {
  async function written(details = `Hidden or not, visit ${Date.now()} ${Math.random()}`) {
    const author = await makeDiner();
    return { author, review: (await (await save(author, { rating: 1, details })).json()) as Review };
  }
  const ids = (reviews: Review[]) => reviews.map((r) => r._id);

  it('takes it off the site, the testimonials and their rating; the admin finds it under hidden, its author still sees it, and showing it puts it back', async () => {
    const { author, review } = await written();
    const admin = await makeAdmin({ name: 'Ada Admin' });
    const before = await getTestimonials();
    vi.mocked(revalidatePath).mockClear();

    const hidden = await moderate(admin, review._id, { hidden: true });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ ...review, hidden: true });
    expect(revalidatePath).toHaveBeenCalledWith('/');
    expect(ids(await all())).not.toContain(review._id);
    const after = await getTestimonials();
    expect(ids(after.latest)).not.toContain(review._id);
    expect(after.rating!.count).toBe(before.rating!.count - 1);
    const { reviews } = await collections();
    expect((await reviews.findOne({ email: author.email }))!.hidden).toMatchObject({ at: expect.any(Date), by: { name: 'Ada Admin' } });

    const onlyHidden = (await (await list(admin, '?status=hidden')).json()) as Review[];
    expect(onlyHidden.find((r) => r._id === review._id)).toEqual({ ...review, hidden: true });
    expect(onlyHidden.every((r) => r.hidden)).toBe(true);
    expect(ids((await (await list(admin, '?status=all')).json()) as Review[])).toContain(review._id);

    // Its author sees it hidden, and rewriting it does not bring it back.
    expect(await (await mine(author)).json()).toEqual({ ...review, hidden: true });
    const rewritten = await save(author, { rating: 5, details: 'I take it back, it was lovely.' });
    expect(await rewritten.json()).toMatchObject({ _id: review._id, hidden: true });
    expect(ids(await all())).not.toContain(review._id);

    const shown = await moderate(admin, review._id, { hidden: false });
    expect(await shown.json()).toEqual({ _id: review._id, name: review.name, rating: 5, details: 'I take it back, it was lovely.' });
    expect((await all())[0]!._id).toBe(review._id);
    expect((await getTestimonials()).rating!.count).toBe(before.rating!.count);
  });

  it('is for admins: visitors are asked to log in, diners (the author too) and staff are refused, and nothing changes', async () => {
    const { author, review } = await written();
    for (const [who, status] of [
      [anonymous, 401],
      [author, 403],
      [await makeDiner(), 403],
      [await makeStaff(), 403],
    ] as const) {
      const res = await moderate(who, review._id, { hidden: true });
      expect(res.status).toBe(status);
      expect(await errorOf(res)).toEqual(expect.any(String));
      expect(ids(await all())).toContain(review._id);
      // Nor may they list the hidden ones.
      const hidden = await list(who, '?status=hidden');
      expect(hidden.status).toBe(status);
      expect(await errorOf(hidden)).toEqual(expect.any(String));
    }
  });

  it.each<[string, string, unknown, number, RegExp]>([
    ['hidden that is not true or false', 'id', { hidden: 'yes' }, 400, /^hidden: hidden is true or false$/],
    ['no hidden at all', 'id', {}, 400, /^hidden: hidden is true or false$/],
    ['a field it does not take', 'id', { hidden: true, name: 'Someone else' }, 400, /name/],
    ['a malformed id', 'not-an-id', { hidden: true }, 400, /^Malformed review id\.$/],
    ['a review that does not exist', '0123456789abcdef01234567', { hidden: true }, 404, /^No review has this id\.$/],
  ])('answers %s with a %i and changes nothing', async (_name, which, json, status, message) => {
    const { review } = await written();
    const res = await moderate(await makeAdmin(), which === 'id' ? review._id : which, json);
    expect(res.status).toBe(status);
    expect(await errorOf(res)).toMatch(message);
    expect(ids(await all())).toContain(review._id);
  });

  it('answers an unknown status with a 400', async () => {
    const res = await list(await makeAdmin(), '?status=secret');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/status is published, hidden or all/);
  });
});

describe('DELETE /api/review/{id}', () => {
  async function written() {
    const author = await makeDiner();
    return { author, review: (await (await save(author, good)).json()) as Review };
  }

  it('refuses anonymous callers and diners, the author included', async () => {
    const { author, review } = await written();
    for (const [who, status] of [
      [anonymous, 401],
      [await makeDiner(), 403],
      [author, 403],
    ] as const) {
      const res = await remove(who, review._id);
      expect(res.status).toBe(status);
    }
    expect(await reviewsBy(author.email)).toBe(1);
  });

  it('lets an admin remove a review from the site', async () => {
    const { author, review } = await written();
    const admin = await makeAdmin();
    vi.mocked(revalidatePath).mockClear();
    const res = await remove(admin, review._id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    expect(await reviewsBy(author.email)).toBe(0);
    expect((await all()).some((r) => r._id === review._id)).toBe(false);
    expect(revalidatePath).toHaveBeenCalledWith('/');

    const again = await remove(admin, review._id);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe('No review has this id.');
    expect((await remove(admin, 'not-an-id')).status).toBe(400);
  });

  it('lets the author write a new review after theirs was removed', async () => {
    const { author, review } = await written();
    await remove(await makeAdmin(), review._id);
    expect((await save(author, good)).status).toBe(201);
    expect(await reviewsBy(author.email)).toBe(1);
  });
});
