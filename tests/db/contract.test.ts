/**
 * The data-layer contract: one suite, run against whichever backend the environment
 * selects — the embedded engine by default, a real MongoDB when MONGODB_URI is set
 * (`npm run test:db`; each test file gets a throwaway database, dropped afterwards).
 * Anything the app relies on belongs here, so both backends are held to it.
 */
import { ObjectId } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { collections, conditionalUpsert, describeDb, getDb, isDuplicateKeyError, toObjectId } from '@/lib/db';
import type { AppCollection, AppCollections, Document, FindOptions, UpdateResult } from '@/lib/db';
import type { Collections } from '@/lib/db/documents';
import { ensureIndexes, seedDatabase } from '@/lib/db/seed';
import { seedMenu, seedReviews } from '@/lib/seed/menu-data';
import type { MenuItemDoc, PaymentDoc, UserDoc } from '@/lib/db/documents';
import { getMenuItem } from '@/lib/menu/queries';
import { orderDoc } from '../support/order-doc';

const backend = process.env.MONGODB_URI ? 'mongodb' : 'embedded';

const item = (name: string, category: MenuItemDoc['category'], price: number): MenuItemDoc => ({
  name,
  category,
  price,
  recipe: `${name} recipe`,
  image: `/images/menu/${name.toLowerCase()}.svg`,
  available: true,
  allergens: [],
  dietary: [],
  options: [],
  kitchenLoad: 1,
});

describe(`first use (${backend})`, () => {
  it('seeds the menu and reviews, and creates the unique users.email index', async () => {
    expect((await describeDb()).backend).toBe(backend);
    const { menu, reviews, users } = await collections();
    expect(await menu.countDocuments({})).toBe(seedMenu.length);
    expect(await reviews.countDocuments({})).toBe(seedReviews.length);
    await users.insertOne({ uid: 'uid-a', name: 'A', email: 'first@bistro.test' });
    await expect(users.insertOne({ uid: 'uid-b', name: 'B', email: 'first@bistro.test' })).rejects.toMatchObject({ code: 11000 });
  });
});

describe(`data-layer contract (${backend})`, () => {
  let c: AppCollections;

  beforeEach(async () => {
    c = await collections();
    await Promise.all([
      c.menu.deleteMany({}), c.reviews.deleteMany({}), c.users.deleteMany({}), c.carts.deleteMany({}), c.payments.deleteMany({}),
      c.rateLimits.deleteMany({}), c.pickupSlots.deleteMany({}),
    ]);
    await ensureIndexes(await getDb());
  });

  async function insertMenu() {
    await c.menu.insertMany([
      item('Soup A', 'soup', 8),
      item('Salad B', 'salad', 12),
      item('Pizza C', 'pizza', 15),
      item('Soup D', 'soup', 6),
      item('Cake E', 'dessert', 9),
    ]);
  }

  it('insertOne generates an ObjectId, also on the caller’s document, and round-trips it', async () => {
    const doc = item('Tart', 'dessert', 7);
    const res = await c.menu.insertOne(doc);
    expect(res.acknowledged).toBe(true);
    expect(res.insertedId).toBeInstanceOf(ObjectId);
    expect(doc._id?.equals(res.insertedId)).toBe(true);
    const hex = res.insertedId.toHexString();
    const found = await c.menu.findOne({ _id: toObjectId(hex)! });
    expect(found?._id).toBeInstanceOf(ObjectId);
    expect(found?._id.toHexString()).toBe(hex);
    expect(found).toMatchObject({ name: 'Tart', price: 7, category: 'dessert' });
    // The same id as a string is a different value, as in MongoDB.
    expect(await c.menu.countDocuments({ _id: hex as unknown as ObjectId })).toBe(0);
  });

  it('toObjectId accepts only 24 hex digits', () => {
    expect(toObjectId('0123456789abcdefABCDEF01')).toBeInstanceOf(ObjectId);
    for (const bad of ['', 'abc', '0123456789abcdef0123456g', 'aaaaaaaaaaaa', ' 0123456789abcdef01234567']) {
      expect(toObjectId(bad)).toBeNull();
    }
  });

  it('insertMany reports count and ids in order', async () => {
    const res = await c.menu.insertMany([item('X', 'soup', 1), item('Y', 'soup', 2)]);
    expect(res.insertedCount).toBe(2);
    const x = await c.menu.findOne({ name: 'X' });
    expect(x?._id.equals(res.insertedIds[0]!)).toBe(true);
  });

  it('find: filter, sort, skip, limit, projection, as options and chained', async () => {
    await insertMenu();
    const soups = await c.menu.find({ category: 'soup' }).sort({ price: 1 }).toArray();
    expect(soups.map((d) => d.name)).toEqual(['Soup D', 'Soup A']);

    const page = await c.menu.find({ price: { $gte: 8 } }, { sort: { price: -1 }, skip: 1, limit: 2 }).toArray();
    expect(page.map((d) => d.name)).toEqual(['Salad B', 'Cake E']);

    // Chaining order does not matter: sort, then skip, then limit.
    const chained = await c.menu.find({}).limit(2).skip(1).sort({ name: 1 }).toArray();
    expect(chained.map((d) => d.name)).toEqual(['Pizza C', 'Salad B']);

    const names = await c.menu.find({ category: { $in: ['salad', 'pizza'] } }, { projection: { name: 1, _id: 0 }, sort: { name: 1 } }).toArray();
    expect(names).toEqual([{ name: 'Pizza C' }, { name: 'Salad B' }]);

    const noRecipe = await c.menu.find({ name: 'Cake E' }).project<{ _id: ObjectId; name: string; price: number }>({ recipe: 0, image: 0, allergens: 0, dietary: 0, options: 0, kitchenLoad: 0 }).toArray();
    expect(Object.keys(noRecipe[0]!).sort()).toEqual(['_id', 'available', 'category', 'name', 'price']);

    expect(await c.menu.find({ name: { $regex: '^soup', $options: 'i' } }).toArray()).toHaveLength(2);
    expect(await c.menu.find({ $or: [{ price: { $lt: 7 } }, { category: 'pizza' }] }).toArray()).toHaveLength(2);
    expect(await c.menu.find({}, { limit: 0 }).toArray()).toHaveLength(5); // 0 means no limit
  });

  it('findOne: filter, sort, projection, null when nothing matches', async () => {
    await insertMenu();
    expect((await c.menu.findOne({ category: 'soup' }, { sort: { price: -1 } }))?.name).toBe('Soup A');
    const projected = await c.menu.findOne({ name: 'Pizza C' }, { projection: { price: 1 } });
    expect(Object.keys(projected!).sort()).toEqual(['_id', 'price']);
    expect(Object.keys((await c.menu.findOne({ name: 'Pizza C' }, { projection: { _id: 1 } }))!)).toEqual(['_id']);
    expect(Object.keys((await c.menu.findOne({ name: 'Pizza C' }, { projection: { _id: 0 } }))!)).not.toContain('_id');
    expect(Object.keys((await c.menu.findOne({ name: 'Pizza C' }, { projection: { _id: 0, name: 1 } }))!)).toEqual(['name']);
    expect(await c.menu.findOne({ name: 'nope' })).toBeNull();
  });

  it('countDocuments with and without a filter', async () => {
    await insertMenu();
    expect(await c.menu.countDocuments()).toBe(5);
    expect(await c.menu.countDocuments({ category: 'soup' })).toBe(2);
    expect(await c.menu.countDocuments({ price: { $gt: 100 } })).toBe(0);
  });

  it('updateOne / updateMany with $set, $unset, $inc, $push, $pull, $addToSet', async () => {
    await insertMenu();
    const one = await c.menu.updateOne({ category: 'soup' }, { $set: { recipe: 'new' }, $inc: { price: 2 } });
    expect(one).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await c.menu.countDocuments({ recipe: 'new' })).toBe(1);

    const created = new Date('2024-05-01T12:00:00Z');
    const many = await c.menu.updateMany({ category: 'soup' }, { $set: { createdAt: created } });
    expect(many).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    const dated = await c.menu.findOne({ name: 'Soup A' });
    expect(dated?.createdAt).toBeInstanceOf(Date);
    expect(dated?.createdAt?.getTime()).toBe(created.getTime());
    expect(await c.menu.countDocuments({ createdAt: { $gte: new Date('2024-01-01') } })).toBe(2);

    await c.menu.updateMany({ category: 'soup' }, { $unset: { createdAt: '' } });
    expect(await c.menu.countDocuments({ createdAt: { $exists: true } })).toBe(0);

    const noop = await c.menu.updateOne({ name: 'Cake E' }, { $set: { price: 9 } });
    expect(noop).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    const none = await c.menu.updateMany({ name: 'nope' }, { $set: { price: 1 } });
    expect(none).toMatchObject({ matchedCount: 0, modifiedCount: 0 });

    const payment = orderDoc({ email: 'p@bistro.test', price: 10, transactionId: 'tx1', cartIds: ['a'] });
    const { insertedId } = await c.payments.insertOne(payment);
    await c.payments.updateOne({ _id: insertedId }, { $push: { cartIds: 'b' } });
    await c.payments.updateOne({ _id: insertedId }, { $addToSet: { cartIds: 'b' } }); // already there
    await c.payments.updateOne({ _id: insertedId }, { $addToSet: { cartIds: 'c' } });
    await c.payments.updateOne({ _id: insertedId }, { $pull: { cartIds: 'a' } });
    await c.payments.updateOne({ _id: insertedId }, { $push: { menuItemIds: { $each: ['m1', 'm2'] } } });
    const after = await c.payments.findOne({ _id: insertedId });
    expect(after?.cartIds).toEqual(['b', 'c']);
    expect(after?.menuItemIds).toEqual(['m1', 'm2']);
    const status = await c.payments.updateOne({ _id: insertedId, status: 'pending' }, { $set: { status: 'preparing' } });
    expect(status.modifiedCount).toBe(1);
  });

  it('deleteOne / deleteMany report what they removed', async () => {
    await insertMenu();
    expect((await c.menu.deleteOne({ category: 'soup' })).deletedCount).toBe(1);
    expect((await c.menu.deleteOne({ name: 'nope' })).deletedCount).toBe(0);
    expect((await c.menu.deleteMany({ price: { $gte: 9 } })).deletedCount).toBe(3);
    expect(await c.menu.countDocuments()).toBe(1);
    expect((await c.menu.deleteMany({})).deletedCount).toBe(1);
  });

  it('aggregate: $match, $group, $sum, $sort, $project', async () => {
    await insertMenu();
    const rows = await c.menu
      .aggregate<{ _id: string; count: number; total: number }>([
        { $match: { price: { $gte: 6 } } },
        { $group: { _id: '$category', count: { $sum: 1 }, total: { $sum: '$price' } } },
        { $sort: { total: -1, _id: 1 } },
        { $project: { _id: 1, count: 1, total: 1 } },
      ])
      .toArray();
    expect(rows).toEqual([
      { _id: 'pizza', count: 1, total: 15 },
      { _id: 'soup', count: 2, total: 14 },
      { _id: 'salad', count: 1, total: 12 },
      { _id: 'dessert', count: 1, total: 9 },
    ]);
    const [totals] = await c.menu.aggregate([{ $group: { _id: null, items: { $sum: 1 }, revenue: { $sum: '$price' } } }]).toArray();
    expect(totals).toMatchObject({ items: 5, revenue: 50 });
  });

  it('aggregate: $lookup joins string ids (payments.menuItemIds) with ObjectIds (menu._id)', async () => {
    await insertMenu();
    const menu = await c.menu.find({}).toArray();
    const id = (name: string) => menu.find((m) => m.name === name)!._id.toHexString();
    const pay = (email: string, names: string[]): PaymentDoc =>
      orderDoc({ email, price: 0, transactionId: `tx-${email}`, data: new Date('2024-06-01'), menuItemIds: names.map(id), status: 'completed' });
    await c.payments.insertMany([pay('a@x.test', ['Soup A', 'Pizza C', 'Soup A']), pay('b@x.test', ['Cake E', 'Soup D'])]);

    // Order stats: items sold and revenue per category, joined via $toString on the menu side.
    const stats = await c.payments
      .aggregate<{ _id: string; quantity: number; revenue: number }>([
        { $unwind: '$menuItemIds' },
        {
          $lookup: {
            from: 'menu',
            let: { itemId: '$menuItemIds' },
            pipeline: [{ $match: { $expr: { $eq: [{ $toString: '$_id' }, '$$itemId'] } } }],
            as: 'item',
          },
        },
        { $unwind: '$item' },
        { $group: { _id: '$item.category', quantity: { $sum: 1 }, revenue: { $sum: '$item.price' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(stats).toEqual([
      { _id: 'dessert', quantity: 1, revenue: 9 },
      { _id: 'pizza', quantity: 1, revenue: 15 },
      { _id: 'soup', quantity: 3, revenue: 22 },
    ]);

    // The other direction: $addFields a string id on menu, then an equality $lookup into the array field.
    const sold = await c.menu
      .aggregate<{ name: string; orders: number }>([
        { $addFields: { idString: { $toString: '$_id' } } },
        { $lookup: { from: 'payments', localField: 'idString', foreignField: 'menuItemIds', as: 'orders' } },
        { $project: { _id: 0, name: 1, orders: { $size: '$orders' } } },
        { $match: { orders: { $gt: 0 } } },
        { $sort: { name: 1 } },
      ])
      .toArray();
    expect(sold).toEqual([
      { name: 'Cake E', orders: 1 },
      { name: 'Pizza C', orders: 1 },
      { name: 'Soup A', orders: 1 },
      { name: 'Soup D', orders: 1 },
    ]);

    // $toObjectId the other way round, for code that prefers it.
    const [joined] = await c.payments
      .aggregate([
        { $match: { email: 'b@x.test' } },
        { $addFields: { itemObjectIds: { $map: { input: '$menuItemIds', in: { $toObjectId: '$$this' } } } } },
        { $lookup: { from: 'menu', localField: 'itemObjectIds', foreignField: '_id', as: 'items' } },
        { $project: { names: '$items.name' } },
      ])
      .toArray();
    expect([...(joined?.names as string[])].sort()).toEqual(['Cake E', 'Soup D']);
  });

  it('a unique index rejects duplicates with code 11000, on insert and on update', async () => {
    await c.users.insertOne({ uid: 'uid-ann', name: 'Ann', email: 'ann@bistro.test' });
    const dup = await c.users.insertOne({ uid: 'uid-ann-2', name: 'Ann 2', email: 'ann@bistro.test' }).catch((e: unknown) => e);
    expect(dup).toMatchObject({ name: 'MongoServerError', code: 11000 });
    expect(isDuplicateKeyError(dup)).toBe(true);
    expect(await c.users.countDocuments({ email: 'ann@bistro.test' })).toBe(1);

    const { insertedId } = await c.users.insertOne({ uid: 'uid-bob', name: 'Bob', email: 'bob@bistro.test' });
    await expect(c.users.updateOne({ _id: insertedId }, { $set: { email: 'ann@bistro.test' } })).rejects.toMatchObject({ code: 11000 });
    expect((await c.users.findOne({ _id: insertedId }))?.email).toBe('bob@bistro.test');
    // The rejected update left the index consistent: Bob's old address is still taken, a new one is free.
    await expect(c.users.insertOne({ uid: 'uid-bob-2', name: 'Bob 2', email: 'bob@bistro.test' })).rejects.toMatchObject({ code: 11000 });
    await c.users.updateOne({ _id: insertedId }, { $set: { email: 'robert@bistro.test' } });
    await c.users.insertOne({ uid: 'uid-bob-2', name: 'Bob 2', email: 'bob@bistro.test' });

    // A duplicate _id is rejected the same way.
    await expect(c.users.insertOne({ _id: insertedId, uid: 'uid-clone', name: 'Clone', email: 'clone@bistro.test' })).rejects.toMatchObject({ code: 11000 });
    // Creating the same index again is a no-op.
    expect(await c.users.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
  });

  it('a sparse unique index leaves out documents without the field, and still rejects duplicates', async () => {
    const user = (name: string, extra: Record<string, unknown> = {}) => ({ name, email: `${name}@sparse.test`, ...extra }) as UserDoc;
    expect(await c.users.createIndex({ nickname: 1 }, { unique: true, sparse: true })).toBe('nickname_1');
    await c.users.insertMany([user('a'), user('b')]); // neither has a nickname: neither is indexed
    await c.users.insertOne(user('c', { nickname: 'chef' }));
    await expect(c.users.insertOne(user('d', { nickname: 'chef' }))).rejects.toMatchObject({ code: 11000 });
    // Taking the value by an update is refused too; giving it up frees it.
    await expect(c.users.updateOne({ email: 'a@sparse.test' }, { $set: { nickname: 'chef' } })).rejects.toMatchObject({ code: 11000 });
    await c.users.updateOne({ email: 'c@sparse.test' }, { $unset: { nickname: '' } });
    await c.users.updateOne({ email: 'a@sparse.test' }, { $set: { nickname: 'chef' } });
    expect((await c.users.find({ nickname: 'chef' } as never).toArray()).map((u) => u.name)).toEqual(['a']);
    // A null is a value, not a missing field: it is indexed.
    await c.users.insertOne(user('e', { nickname: null }));
    await expect(c.users.insertOne(user('f', { nickname: null }))).rejects.toMatchObject({ code: 11000 });
    // The same index again is a no-op; without `sparse`, the documents lacking the field collide.
    expect(await c.users.createIndex({ nickname: 1 }, { unique: true, sparse: true })).toBe('nickname_1');
    await expect(c.users.createIndex({ alias: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    expect(await c.users.countDocuments()).toBe(4);
  });

  it('a unique index over duplicates is refused naming the duplicate value; a dropped index no longer holds', async () => {
    const user = (name: string) => ({ uid: `drop-${name}`, name, email: `${name}@drop.test`, handle: 'twin' }) as UserDoc;
    await c.users.insertMany([user('a'), user('b')]);
    await expect(c.users.createIndex({ handle: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000, keyValue: { handle: 'twin' } });
    await c.users.deleteOne({ name: 'b' });
    await c.users.createIndex({ handle: 1 }, { unique: true });
    await expect(c.users.insertOne(user('c'))).rejects.toMatchObject({ code: 11000 });
    await c.users.dropIndex('handle_1');
    await c.users.insertOne(user('c'));
    await expect(c.users.dropIndex('handle_1')).rejects.toMatchObject({ code: 27 });
    await expect(c.settings.dropIndex('count_1')).rejects.toMatchObject({ code: 26 }); // a collection never written
  });

  it('a filter naming a uniquely indexed field by value finds its one document, and the rest of the filter still applies', async () => {
    await c.users.insertMany([{ uid: 'u-a', name: 'A', email: 'a@unique.test' }, { uid: 'u-b', name: 'B', email: 'b@unique.test' }, { uid: 'u-0', name: 'C', email: 'c@unique.test' }]);
    expect((await c.users.findOne({ uid: 'u-b' }))?.name).toBe('B');
    expect(await c.users.findOne({ uid: 'u-b', name: 'A' })).toBeNull();
    expect(await c.users.findOne({ uid: 'nobody' })).toBeNull();
    expect(await c.users.countDocuments({ uid: { $in: ['u-a', 'u-b'] } })).toBe(2);
    // A value of another type is another value, as in MongoDB.
    expect(await c.users.findOne({ uid: 7 as never })).toBeNull();
    // The index follows the writes: a uid changed, taken away, a record deleted.
    expect((await c.users.updateOne({ email: 'c@unique.test', uid: 'u-0' }, { $set: { uid: 'u-c' } })).modifiedCount).toBe(1);
    expect((await c.users.findOne({ uid: 'u-c' }))?.name).toBe('C');
    expect(await c.users.findOne({ uid: 'u-0' })).toBeNull();
    await c.users.updateOne({ uid: 'u-b' }, { $unset: { uid: '' } });
    expect(await c.users.findOne({ uid: 'u-b' })).toBeNull();
    expect((await c.users.deleteOne({ uid: 'u-a', name: 'B' })).deletedCount).toBe(0);
    expect((await c.users.deleteOne({ uid: 'u-a' })).deletedCount).toBe(1);
    expect(await c.users.findOne({ email: 'a@unique.test' })).toBeNull();
  });

  describe('upserts and findOneAndUpdate', () => {
    const expiresAt = new Date('2030-01-01T00:00:00Z');
    const sum = (results: UpdateResult[], field: 'matchedCount' | 'upsertedCount') => results.reduce((n, r) => n + r[field], 0);

    it('findOneAndUpdate answers the document before the update by default, after it when asked, null when none matched', async () => {
      await insertMenu();
      expect(await c.menu.findOneAndUpdate({ name: 'Soup A' }, { $inc: { price: 1 } })).toMatchObject({ name: 'Soup A', price: 8 });
      const after = await c.menu.findOneAndUpdate({ name: 'Soup A' }, { $inc: { price: 1 } }, { returnDocument: 'after' });
      expect(after).toMatchObject({ name: 'Soup A', price: 10 });
      expect(after?._id).toBeInstanceOf(ObjectId);
      expect(await c.menu.findOneAndUpdate({ name: 'Soup A' }, { $set: { price: 10 } }, { returnDocument: 'before' })).toMatchObject({ price: 10 });
      expect(await c.menu.findOneAndUpdate({ name: 'nope' }, { $set: { price: 1 } })).toBeNull();
      expect(await c.menu.findOneAndUpdate({ name: 'nope' }, { $set: { price: 1 } }, { returnDocument: 'after' })).toBeNull();
      expect(await c.menu.countDocuments({ name: 'nope' })).toBe(0);
      // What it answers is a copy.
      after!.price = 999;
      expect((await c.menu.findOne({ name: 'Soup A' }))?.price).toBe(10);
    });

    it('findOneAndUpdate updates the first document in `sort` order and answers it through `projection`', async () => {
      await insertMenu();
      const cheapest = await c.menu.findOneAndUpdate({ category: 'soup' }, { $set: { recipe: 'cheapest' } }, { sort: { price: 1 }, projection: { name: 1, _id: 0 }, returnDocument: 'after' });
      expect(cheapest).toEqual({ name: 'Soup D' });
      const dearest = await c.menu.findOneAndUpdate({ price: { $gte: 9 } }, { $set: { recipe: 'dearest' } }, { sort: { price: -1 }, projection: { name: 1, category: 1, price: 1 } });
      expect(dearest).toEqual({ _id: expect.any(ObjectId), name: 'Pizza C', category: 'pizza', price: 15 });
      expect((await c.menu.find({ recipe: { $in: ['cheapest', 'dearest'] } }, { sort: { name: 1 } }).toArray()).map((d) => [d.name, d.recipe])).toEqual([
        ['Pizza C', 'dearest'],
        ['Soup D', 'cheapest'],
      ]);
    });

    it('an upsert inserts the filter’s equalities with the update and $setOnInsert; a match ignores $setOnInsert', async () => {
      const filter = { name: 'Tart', category: { $eq: 'dessert' as const }, price: { $gt: 5 } };
      const made = await c.menu.updateOne(filter, { $set: { price: 7 }, $setOnInsert: { recipe: 'new', image: '/t.svg' } }, { upsert: true });
      expect(made).toMatchObject({ acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
      expect(made.upsertedId).toBeInstanceOf(ObjectId);
      // Ranges pin nothing: the price is the update's alone.
      expect(await c.menu.findOne({ _id: made.upsertedId! })).toEqual({ _id: made.upsertedId, name: 'Tart', category: 'dessert', price: 7, recipe: 'new', image: '/t.svg' });

      const matched = await c.menu.updateOne(filter, { $set: { price: 8 }, $setOnInsert: { recipe: 'ignored' } }, { upsert: true });
      expect(matched).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null });
      expect(await c.menu.findOne({ name: 'Tart' })).toMatchObject({ price: 8, recipe: 'new' });
      expect(await c.menu.updateOne({ name: 'Tart' }, { $setOnInsert: { recipe: 'x' } }, { upsert: true })).toMatchObject({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });

      // Equalities inside $and and on dotted paths count; $in of several values and $exists do not.
      const nested = await c.menu.updateOne(
        { $and: [{ name: 'Pie' }, { category: 'dessert' }], 'source.kind': 'upsert', recipe: { $in: ['a', 'b'] }, price: { $exists: false } } as never,
        { $inc: { price: 4 } },
        { upsert: true },
      );
      expect(await c.menu.findOne({ _id: nested.upsertedId! })).toEqual({ _id: nested.upsertedId, name: 'Pie', category: 'dessert', source: { kind: 'upsert' }, price: 4 });
      // updateMany upserts one document when none matched, and updates every match otherwise.
      expect(await c.menu.updateMany({ category: 'pizza' }, { $set: { price: 1 } }, { upsert: true })).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
      await c.menu.insertOne(item('Pizza B', 'pizza', 2));
      expect(await c.menu.updateMany({ category: 'pizza' }, { $set: { price: 3 } }, { upsert: true })).toMatchObject({ matchedCount: 2, modifiedCount: 2, upsertedCount: 0 });
      // findOneAndUpdate upserts too: nothing was there before, the new document is there after.
      expect(await c.menu.findOneAndUpdate({ name: 'Scone' }, { $setOnInsert: { category: 'dessert', price: 3 } }, { upsert: true })).toBeNull();
      expect(await c.menu.findOneAndUpdate({ name: 'Bun' }, { $setOnInsert: { category: 'dessert', price: 2 } }, { upsert: true, returnDocument: 'after' })).toEqual({
        _id: expect.any(ObjectId), name: 'Bun', category: 'dessert', price: 2,
      });
    });

    it('$setOnInsert may not touch a field another operator sets (code 40), even on a match', async () => {
      await insertMenu();
      for (const upsert of [true, false]) {
        await expect(c.menu.updateOne({ name: 'Soup A' }, { $set: { price: 1 }, $setOnInsert: { price: 2 } }, { upsert })).rejects.toMatchObject({ code: 40 });
        await expect(c.menu.updateOne({ name: 'New' }, { $inc: { price: 1 }, $setOnInsert: { price: 2 } }, { upsert })).rejects.toMatchObject({ code: 40 });
      }
      expect(await c.menu.countDocuments({})).toBe(5);
      expect((await c.menu.findOne({ name: 'Soup A' }))?.price).toBe(8);
    });

    it('a conditional upsert on an array ($not $elemMatch) matches only while no element conflicts, and of claims racing for a document not yet made exactly one wins', async () => {
      await c.lineClaims.deleteMany({});
      const opened = new Date('2030-01-01T12:00:00Z');
      const later = new Date('2030-01-01T12:05:00Z');
      // A payment claims cart lines while no other payment claimed one of them since `opened`.
      const claim = (transactionId: string, cartIds: string[], diner = 'diner') =>
        conditionalUpsert(
          c.lineClaims,
          { _id: diner, claims: { $not: { $elemMatch: { cartId: { $in: cartIds }, transactionId: { $ne: transactionId }, at: { $gte: opened } } } } },
          { $push: { claims: { $each: cartIds.map((cartId) => ({ cartId, transactionId, at: later })) } } },
          { _id: 1 },
        );
      expect(await claim('pi_a', ['l1', 'l2'])).toEqual({ _id: 'diner' });
      expect(await claim('pi_b', ['l2', 'l3'])).toBeNull();
      expect(await claim('pi_a', ['l1', 'l2'])).toEqual({ _id: 'diner' });
      expect(await claim('pi_c', ['l3'])).toEqual({ _id: 'diner' });
      // A claim made before `opened` conflicts with nothing.
      await c.lineClaims.updateOne({ _id: 'diner' }, { $push: { claims: { cartId: 'l9', transactionId: 'pi_old', at: new Date('2030-01-01T11:00:00Z') } } });
      expect(await claim('pi_d', ['l9'])).toEqual({ _id: 'diner' });
      expect((await c.lineClaims.findOne({ _id: 'diner' }))!.claims.filter((x) => x.cartId === 'l2').map((x) => x.transactionId)).toEqual(['pi_a', 'pi_a']);

      const racing = await Promise.all(['pi_1', 'pi_2', 'pi_3', 'pi_4'].map((id) => claim(id, ['l1'], 'racer')));
      expect(racing.filter((r) => r !== null)).toHaveLength(1);
      expect(new Set((await c.lineClaims.findOne({ _id: 'racer' }))!.claims.map((x) => x.transactionId)).size).toBe(1);
    });

    it('_id is immutable: an upsert takes it from the filter or the update, a match may only set it to what it is', async () => {
      const { insertedId } = await c.menu.insertOne(item('Kept', 'soup', 1));
      await expect(c.menu.updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } })).rejects.toMatchObject({ code: 66 });
      await expect(c.menu.findOneAndUpdate({ _id: insertedId }, { $set: { _id: new ObjectId() } })).rejects.toMatchObject({ code: 66 });
      expect(await c.menu.updateOne({ _id: insertedId }, { $set: { _id: insertedId, price: 2 } })).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
      expect(await c.menu.updateOne({ _id: insertedId }, { $setOnInsert: { _id: new ObjectId() } }, { upsert: true })).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
      expect(await c.menu.findOne({ name: 'Kept' })).toMatchObject({ _id: insertedId, price: 2 });

      const pinned = new ObjectId();
      const fromFilter = await c.menu.updateOne({ _id: pinned }, { $setOnInsert: { name: 'Pinned', category: 'soup', price: 1 } }, { upsert: true });
      expect(fromFilter.upsertedId?.equals(pinned)).toBe(true);
      const chosen = new ObjectId();
      const fromUpdate = await c.menu.findOneAndUpdate({ name: 'Chosen' }, { $setOnInsert: { _id: chosen, category: 'soup', price: 1 } }, { upsert: true, returnDocument: 'after' });
      expect(fromUpdate?._id.equals(chosen)).toBe(true);
      const same = new ObjectId();
      expect((await c.menu.updateOne({ _id: same }, { $set: { _id: same, name: 'Same' } }, { upsert: true })).upsertedId?.equals(same)).toBe(true);
      await expect(c.menu.updateOne({ _id: new ObjectId() }, { $setOnInsert: { _id: new ObjectId(), name: 'Moved' } }, { upsert: true })).rejects.toMatchObject({ code: 66 });
      expect(await c.menu.countDocuments({ name: 'Moved' })).toBe(0);
      // A string _id, as counters and slots use.
      expect(await c.rateLimits.updateOne({ _id: 'k' }, { $set: { count: 1, expiresAt } }, { upsert: true })).toMatchObject({ upsertedCount: 1, upsertedId: 'k' });
      // A new document under an _id that exists is a duplicate like any other.
      await expect(c.rateLimits.updateOne({ _id: 'k', count: 0 }, { $set: { expiresAt } }, { upsert: true })).rejects.toMatchObject({ code: 11000 });
    });

    it('the document an upsert inserts is held to the unique indexes', async () => {
      await c.users.insertOne({ uid: 'ann', name: 'Ann', email: 'ann@bistro.test' });
      const taken = c.users.updateOne({ uid: 'bob' }, { $setOnInsert: { name: 'Bob', email: 'ann@bistro.test' } }, { upsert: true });
      await expect(taken).rejects.toMatchObject({ code: 11000 });
      expect(await c.users.countDocuments({})).toBe(1);
    });

    it('upserts racing for one key: one inserts, every other matches it, and every change counts', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, () => c.rateLimits.updateOne({ _id: 'race' }, { $inc: { count: 1 }, $setOnInsert: { expiresAt } }, { upsert: true })),
      );
      expect(sum(results, 'upsertedCount')).toBe(1);
      expect(sum(results, 'matchedCount')).toBe(49);
      expect(await c.rateLimits.find({}).toArray()).toEqual([{ _id: 'race', count: 50, expiresAt }]);

      // A counter: each caller gets a number of its own, with no gap.
      const taken = await Promise.all(
        Array.from({ length: 50 }, () => c.rateLimits.findOneAndUpdate({ _id: 'seq' }, { $inc: { count: 1 }, $setOnInsert: { expiresAt } }, { upsert: true, returnDocument: 'after' })),
      );
      expect(taken.map((doc) => doc!.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

      // The same under a unique index on another field than _id.
      const line = { menuId: 'm', email: 'r@bistro.test', ownerUid: 'u1', name: 'Soup', image: '/x.svg', price: 5 };
      await Promise.all(
        Array.from({ length: 20 }, () => c.carts.findOneAndUpdate({ lineKey: 'u1:race' }, { $inc: { quantity: 1 }, $setOnInsert: line }, { upsert: true })),
      );
      expect(await c.carts.find({ lineKey: 'u1:race' }).toArray()).toEqual([{ _id: expect.any(ObjectId), lineKey: 'u1:race', ...line, quantity: 20 }]);
    });

    it('a conditional upsert refuses an existing document that fails the condition with 11000; conditionalUpsert settles racing ones', async () => {
      await c.pickupSlots.updateOne({ _id: 'full' }, { $inc: { orders: 1 }, $push: { intents: 'a' } }, { upsert: true });
      await expect(c.pickupSlots.updateOne({ _id: 'full', orders: { $lt: 1 } }, { $inc: { orders: 1 } }, { upsert: true })).rejects.toMatchObject({ code: 11000 });
      await expect(c.pickupSlots.findOneAndUpdate({ _id: 'full', intents: { $ne: 'a' } }, { $inc: { orders: 1 } }, { upsert: true })).rejects.toMatchObject({ code: 11000 });
      expect(await c.pickupSlots.findOne({ _id: 'full' })).toEqual({ _id: 'full', orders: 1, intents: ['a'] });

      // 20 payments race for a slot of 5 that nobody has made yet: 5 get a place, the count is 5.
      const taken = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          conditionalUpsert(c.pickupSlots, { _id: 'race', orders: { $lt: 5 }, intents: { $ne: `t${i}` } }, { $inc: { orders: 1 }, $push: { intents: `t${i}` } }),
        ),
      );
      const winners = taken.filter((doc) => doc !== null);
      expect(winners).toHaveLength(5);
      const slot = await c.pickupSlots.findOne({ _id: 'race' });
      expect(slot?.orders).toBe(5);
      expect(slot?.intents).toHaveLength(5);
      // The same payment again is refused by the condition, not counted twice.
      expect(await conditionalUpsert(c.pickupSlots, { _id: 'race', orders: { $lt: 9 }, intents: { $ne: slot!.intents[0]! } }, { $inc: { orders: 1 } })).toBeNull();
      await expect(conditionalUpsert(c.pickupSlots, { _id: 'race' }, { $set: { _id: 'other' } })).rejects.toMatchObject({ code: 66 });
    });
  });

  it('documents are copies: mutating inputs or results never changes stored data', async () => {
    const doc = item('Orig', 'salad', 10);
    const { insertedId } = await c.menu.insertOne(doc);
    doc.name = 'changed after insert';

    const read = await c.menu.findOne({ _id: insertedId });
    read!.name = 'changed after read';
    const list = await c.menu.find({}).toArray();
    list[0]!.price = 999;
    const [agg] = await c.menu.aggregate([{ $match: { _id: insertedId } }]).toArray();
    agg!.name = 'changed after aggregate';
    await c.menu.aggregate([{ $addFields: { extra: 1 } }, { $set: { price: 0 } }, { $unset: 'recipe' }]).toArray();

    // Pipeline stages and projections that reach into nested objects and arrays.
    const nested = { ...orderDoc({ email: 'n@x.test', price: 1, transactionId: 't', cartIds: ['a', 'b'] }), meta: { a: 1, list: [1, 2] } };
    const { insertedId: paymentId } = await c.payments.insertOne(nested);
    await c.payments.aggregate([{ $set: { 'meta.b': 2 } }, { $unset: 'meta.a' }, { $project: { 'meta.list': 0 } }]).toArray();
    await c.payments.aggregate([{ $unwind: '$cartIds' }, { $replaceRoot: { newRoot: '$meta' } }, { $set: { a: 9 } }]).toArray();
    await c.payments.find({}, { projection: { 'meta.a': 1 } }).toArray();
    const [viaLookup] = await c.menu.aggregate([{ $lookup: { from: 'payments', pipeline: [], as: 'p' } }, { $unwind: '$p' }, { $set: { 'p.meta.a': 5 } }]).toArray();
    expect(viaLookup?.p).toBeDefined();
    expect(await c.payments.findOne({ _id: paymentId })).toEqual(expect.objectContaining({ cartIds: ['a', 'b'], meta: { a: 1, list: [1, 2] } }));

    const update = { $set: { createdAt: new Date('2024-01-01T00:00:00Z') } };
    await c.menu.updateOne({ _id: insertedId }, update);
    update.$set.createdAt.setUTCFullYear(1999);

    const stored = await c.menu.findOne({ _id: insertedId });
    expect(stored).toMatchObject({ name: 'Orig', price: 10, recipe: 'Orig recipe' });
    expect(stored).not.toHaveProperty('extra');
    expect(stored?.createdAt?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('a dish round-trips its availability, allergens, tags and nested option groups', async () => {
    const options = [
      { name: 'Size', min: 1, max: 1, choices: [{ name: 'Regular', price: 0 }, { name: 'Large', price: 3.5 }] },
      { name: 'Extra toppings', min: 0, max: 3, choices: [{ name: 'Olives', price: 1.5 }, { name: 'Rocket', price: 1.25 }] },
    ];
    const doc: MenuItemDoc = { ...item('Marinara', 'pizza', 11.95), available: false, allergens: ['gluten'], dietary: ['vegan'], options };
    const { insertedId } = await c.menu.insertOne(doc);
    expect(await c.menu.findOne({ _id: insertedId })).toEqual({ ...doc, _id: insertedId });
    // Matched inside the nested groups, as the cart and the filters rely on.
    expect(await c.menu.countDocuments({ 'options.choices.name': 'Rocket', allergens: { $nin: ['milk'] }, dietary: 'vegan' })).toBe(1);
    await c.menu.updateOne({ _id: insertedId }, { $set: { available: true, 'options.1.max': 2 } });
    expect(await getMenuItem(insertedId.toHexString())).toMatchObject({ available: true, options: [options[0], { ...options[1], max: 2 }] });
  });

  it('_id $in a list: finds, updates and deletes those documents that also match the rest of the filter', async () => {
    await insertMenu();
    const docs = await c.menu.find({}).sort({ name: 1 }).toArray();
    const ids = [docs[0]!._id, docs[1]!._id, docs[2]!._id, new ObjectId(), docs[0]!._id];
    expect((await c.menu.find({ _id: { $in: ids }, price: { $gte: 12 } }).sort({ name: 1 }).toArray()).map((d) => d.name)).toEqual(['Pizza C', 'Salad B']);
    expect(await c.menu.updateMany({ _id: { $in: ids }, price: { $gte: 12 } }, { $inc: { price: 1 } })).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    expect(await c.menu.deleteMany({ _id: { $in: ids } })).toMatchObject({ deletedCount: 3 });
    expect(await c.menu.countDocuments({})).toBe(2);
  });

  it('the cart line index: one line per lineKey, while lines without one (from before) are many', async () => {
    const line = { menuId: new ObjectId().toHexString(), email: 'l@bistro.test', ownerUid: 'u1', name: 'Soup', image: '/x.svg', price: 5, options: [], unitCents: 500, itemKey: 'k', quantity: 1 };
    await c.carts.insertMany([{ ...line }, { ...line }]);
    await c.carts.insertOne({ ...line, lineKey: 'u1:abc', quantity: 1 });
    await expect(c.carts.insertOne({ ...line, lineKey: 'u1:abc', quantity: 2 })).rejects.toMatchObject({ code: 11000 });
    await c.carts.insertOne({ ...line, ownerUid: 'u2', lineKey: 'u2:abc', quantity: 1 });
    // What merging relies on: a conditional $inc that stops at the cap.
    expect((await c.carts.updateOne({ lineKey: 'u1:abc', quantity: { $lte: 19 } }, { $inc: { quantity: 19 } })).modifiedCount).toBe(1);
    expect((await c.carts.updateOne({ lineKey: 'u1:abc', quantity: { $lte: 19 } }, { $inc: { quantity: 1 } })).modifiedCount).toBe(0);
    expect((await c.carts.findOne({ lineKey: 'u1:abc' }))?.quantity).toBe(20);
    expect(await c.carts.countDocuments({ ownerUid: 'u1' })).toBe(3);
  });

  describe('seeding', () => {
    it('every seed dish has allergens and tags that fit its options: pizzas sizes and toppings, salads a protein, drinks a size, desserts a scoop', () => {
      for (const dish of seedMenu) {
        expect(dish.allergens, dish.name).toBeDefined();
        expect(dish.dietary, dish.name).toBeDefined();
        const groups = (dish.options ?? []).map((g) => g.name);
        if (dish.category === 'pizza') expect(groups, dish.name).toEqual(['Size', 'Extra toppings']);
        if (dish.category === 'salad') expect(groups, dish.name).toEqual(['Add protein']);
        if (dish.category === 'dessert') expect(groups, dish.name).toEqual(['Add a scoop']);
        if (dish.category === 'drinks' && dish.name !== 'Double Espresso') expect(dish.options?.[0]?.min, dish.name).toBe(1);
      }
      const marinara = seedMenu.find((m) => m.name === 'Pizza Marinara')!;
      expect(marinara).toMatchObject({ dietary: ['vegan'], allergens: ['gluten'] });
      expect(marinara.options![1]!.choices.map((c) => c.name)).not.toContain('Extra mozzarella');
    });

    it('is idempotent, keeps admin additions, and --reset restores exactly the seed', async () => {
      const db = await getDb();
      const first = await seedDatabase(db);
      expect(first.menu).toEqual({ inserted: seedMenu.length, existing: 0, removed: 0 });
      const second = await seedDatabase(db);
      expect(second.menu).toEqual({ inserted: 0, existing: seedMenu.length, removed: 0 });
      expect(second.reviews.inserted).toBe(0);
      expect(await c.menu.countDocuments()).toBe(seedMenu.length);
      expect(await c.reviews.countDocuments()).toBe(seedReviews.length);

      // An admin adds an item and edits a seed item's price: seeding keeps both.
      await c.menu.insertOne(item('Chef Special', 'popular', 30));
      const seeded = seedMenu[0]!;
      await c.menu.updateOne({ name: seeded.name, category: seeded.category }, { $set: { price: 99 } });
      const third = await seedDatabase(db);
      expect(third.menu.inserted).toBe(0);
      expect(await c.menu.countDocuments()).toBe(seedMenu.length + 1);
      expect((await c.menu.findOne({ name: seeded.name, category: seeded.category }))?.price).toBe(99);

      // A renamed seed item is recognised by its id: not duplicated, no duplicate-key failure.
      const renamed = seedMenu[1]!;
      await c.menu.updateOne({ name: renamed.name, category: renamed.category }, { $set: { name: 'Renamed by admin' } });
      expect((await seedDatabase(db)).menu.inserted).toBe(0);

      // A deleted seed item comes back.
      await c.menu.deleteOne({ name: seeded.name, category: seeded.category });
      expect((await seedDatabase(db)).menu.inserted).toBe(1);
      const idsBefore = (await c.menu.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d._id.toHexString());

      const reset = await seedDatabase(db, { reset: true });
      expect(reset.menu).toEqual({ inserted: seedMenu.length, existing: 0, removed: seedMenu.length + 1 });
      expect(await c.menu.countDocuments({ name: 'Chef Special' })).toBe(0);
      expect(await c.menu.countDocuments({ name: 'Renamed by admin' })).toBe(0);
      // Seed ids are deterministic (the same in every process), ordered like the seed list.
      const idsAfter = (await c.menu.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d._id.toHexString());
      expect(idsAfter).toEqual(idsBefore.filter((id) => idsAfter.includes(id)));
      expect((await c.menu.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d.name)).toEqual(seedMenu.map((m) => m.name));
      expect(await c.menu.countDocuments()).toBe(seedMenu.length);
      expect(await c.reviews.countDocuments()).toBe(seedReviews.length);
    });
  });
});

describe(`indexes answer as a full scan does (${backend})`, () => {
  // The same documents in two collections, one with indexes of every shape the app declares
  // (single field, compound, descending, on _id, over arrays) and one with none, which either
  // backend can only scan. Every query must answer the same, in the same order when sorted.
  let indexed: AppCollection<Document>;
  let scanned: AppCollection<Document>;
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));

  function probe(i: number): Document {
    const doc: Document = { _id: new ObjectId(), i, state: ['open', 'done', 'cancelled'][i % 3], n: i % 7 === 0 ? String(i % 10) : i % 10 };
    if (i % 11 !== 0) doc.owner = i % 13 === 0 ? null : `o${i % 5}`;
    if (i % 9 !== 0) doc.at = day(i % 40);
    if (i % 4 === 0) doc.tags = i % 8 === 0 ? ['red', 'blue'] : ['green'];
    return doc;
  }

  beforeEach(async () => {
    const db = await getDb();
    indexed = db.collection('indexProbe' as keyof Collections) as unknown as AppCollection<Document>;
    scanned = db.collection('scanProbe' as keyof Collections) as unknown as AppCollection<Document>;
    await Promise.all([indexed.deleteMany({}), scanned.deleteMany({})]);
    const keys: Array<Record<string, 1 | -1>> = [{ owner: 1 }, { owner: 1, at: 1 }, { state: 1, _id: -1 }, { n: 1 }, { tags: 1 }, { at: -1 }, { state: 1, n: 1, at: 1 }];
    for (const key of keys) {
      await indexed.createIndex(key);
    }
    const docs = Array.from({ length: 240 }, (_, i) => probe(i));
    await indexed.insertMany(docs.map((d) => ({ ...d })));
    await scanned.insertMany(docs.map((d) => ({ ...d })));
  });

  const queries: Array<[Document, FindOptions?]> = [
    [{ owner: 'o1' }],
    [{ owner: null }],
    [{ owner: { $in: ['o1', 'o3', null] } }],
    [{ owner: { $eq: 'o2' }, state: 'open' }],
    [{ at: { $gte: day(30) } }],
    [{ at: { $gt: day(5), $lt: day(9) } }],
    [{ at: { $lte: day(2) } }],
    [{ owner: 'o2', at: { $gte: day(20) } }],
    [{ $and: [{ owner: 'o4' }, { at: { $lt: day(10) } }] }],
    [{ n: { $gt: 5 } }],
    [{ n: { $lt: '5' } }],
    [{ n: 5 }],
    [{ n: '0' }],
    [{ tags: 'red' }],
    [{ tags: { $in: ['green', 'blue'] } }],
    [{ state: 'open', n: { $gte: 3 }, at: { $exists: true } }],
    [{ state: 'open' }, { sort: { _id: -1 }, limit: 10 }],
    [{ state: 'done' }, { sort: { _id: 1 }, skip: 5, limit: 10 }],
    [{ state: { $in: ['open', 'done'] } }, { sort: { _id: -1 }, limit: 7 }],
    [{}, { sort: { at: -1, _id: 1 }, limit: 12 }],
    [{}, { sort: { at: 1, _id: 1 }, skip: 3, limit: 12 }],
    [{ state: 'cancelled' }, { sort: { at: -1, i: 1 }, limit: 6 }],
    [{ owner: 'o1' }, { sort: { at: -1, _id: -1 }, limit: 5 }],
    [{ owner: 'o1' }, { sort: { at: 1, i: 1 } }],
    [{ state: 'open', n: { $gte: 3 } }, { sort: { n: 1, at: 1, _id: 1 }, limit: 9 }],
    [{ state: 'open', n: 4 }, { sort: { at: -1, i: -1 }, limit: 3, projection: { i: 1, at: 1 } }],
    [{ owner: { $in: ['o0', 'o2'] }, at: { $gte: day(10) } }, { sort: { i: -1 }, limit: 4 }],
    [{ $or: [{ owner: 'o1' }, { at: { $gte: day(35) } }] }],
    [{ state: 'open', $or: [{ owner: 'o2' }, { n: 3 }, { tags: 'red' }] }, { sort: { i: 1 }, limit: 5 }],
    [{ $or: [{ owner: 'o1' }, { i: 5 }] }],
  ];

  /** Unsorted answers promise no order: compared by the field every probe has once. */
  const byI = (docs: Document[]) => [...docs].sort((a, b) => a.i - b.i);

  async function expectSameAnswers() {
    for (const [filter, options = {}] of queries) {
      const fromIndex = await indexed.find(filter, options).toArray();
      const fromScan = await scanned.find(filter, options).toArray();
      const shape = JSON.stringify([filter, options]);
      if (options.sort) expect(fromIndex, shape).toEqual(fromScan);
      else expect(byI(fromIndex), shape).toEqual(byI(fromScan));
      expect(await indexed.countDocuments(filter), shape).toBe(await scanned.countDocuments(filter));
      const firstOf = (c: AppCollection<Document>) => c.findOne(filter, { sort: options.sort ?? { i: 1 } });
      expect(await firstOf(indexed), shape).toEqual(await firstOf(scanned));
      const pipeline = [{ $match: filter }, { $sort: options.sort ?? { i: 1 } }, { $limit: 5 }, { $project: { i: 1 } }];
      expect(await indexed.aggregate(pipeline).toArray(), shape).toEqual(await scanned.aggregate(pipeline).toArray());
      const counted = [{ $match: filter }, { $group: { _id: '$state', count: { $sum: 1 } } }, { $sort: { _id: 1 } }];
      expect(await indexed.aggregate(counted).toArray(), shape).toEqual(await scanned.aggregate(counted).toArray());
    }
  }

  it('for equality, $in, ranges, compound prefixes and sorts, on fresh indexes', async () => {
    await expectSameAnswers();
  });

  it('and again after updates, deletions and insertions moved documents within the indexes', async () => {
    for (const c of [indexed, scanned]) {
      await c.updateMany({ owner: 'o1', state: 'open' }, { $set: { owner: 'o3', at: day(45) } });
      await c.updateMany({ i: { $gte: 100, $lt: 120 } }, { $set: { tags: ['red'] }, $unset: { at: '' } });
      await c.updateOne({ i: 7 }, { $set: { n: 9, state: 'open' } });
      await c.deleteMany({ state: 'cancelled', i: { $lt: 60 } });
      await c.insertMany([250, 251, 252].map((i) => ({ ...probe(i), _id: new ObjectId(`${'0'.repeat(20)}${i.toString(16).padStart(4, '0')}`) })));
      await c.findOneAndUpdate({ owner: 'o2' }, { $set: { state: 'done', at: day(1) } }, { sort: { at: -1, i: 1 } });
    }
    await expectSameAnswers();
  });
});

/** Compile-time only: what the narrow API refuses. `tsc` fails if any of these starts compiling. */
export function _typeChecks(c: AppCollections) {
  // @ts-expect-error not part of the app's API (the embedded engine lacks it)
  void c.menu.replaceOne({}, { name: 'x' });
  // @ts-expect-error both backends answer the document itself, never the driver's ModifyResult
  void c.menu.findOneAndUpdate({}, { $set: { price: 1 } }, { includeResultMetadata: true });
  // @ts-expect-error pipeline updates are the driver's alone
  void c.menu.updateOne({}, [{ $set: { price: 1 } }]);
  // @ts-expect-error operators the embedded engine does not implement
  void c.menu.updateOne({}, { $rename: { price: 'cost' } });
  // @ts-expect-error deleting everything must be spelled deleteMany({})
  void c.menu.deleteMany();
  // @ts-expect-error only the collections in lib/db/documents.ts exist
  void getDb().then((db) => db.collection('orders'));
  // @ts-expect-error documents are typed by collection
  void c.menu.insertOne({ name: 'no price' });
}
