/**
 * The data-layer matrix: every lib/ function that reads or changes non-public data, called
 * directly (no route handler in front) as each role. Staff and admin functions refuse everybody
 * below the role with 403 and change nothing, whatever a caller's types were made to say; the
 * viewer's own functions serve everybody, on that viewer's data only; nothing serves a viewer
 * this module did not resolve. That an admin function cannot even be called without an Admin is checked by `tsc`:
 * see the @ts-expect-error below.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ROLES, hasRole, type Role } from '@/lib/auth/roles';
import { narrow, type Admin, type Viewer } from '@/lib/auth/viewer';
import { addToCart, listCart, priceCart, removeFromCart } from '@/lib/cart/cart';
import { collections, toObjectId } from '@/lib/db';
import { storeImage } from '@/lib/images/store';
import { listOutbox, retryMessage } from '@/lib/mail/admin';
import { addMenuItem, deleteMenuItem, setSchedule, updateMenuItem } from '@/lib/menu/admin';
import { changeKitchenMenu, kitchenMenu } from '@/lib/menu/live';
import { parseCursor } from '@/lib/orders/feed/cursor';
import { changeOrderStatus, getOrder, listOrders } from '@/lib/orders/orders';
import { openOrderStream } from '@/lib/orders/stream';
import type { Order } from '@/lib/orders/types';
import { startCheckout } from '@/lib/payments/open';
import { recordPayment } from '@/lib/payments/record';
import { confirmDemoPayment } from '@/lib/payments/providers/demo/confirm';
import { listPayments } from '@/lib/payments/history';
import { listPrintJobs } from '@/lib/printing/ledger';
import { printerAlerts } from '@/lib/printing/presence';
import { createPrinter, listPrinters, removePrinter, rotatePrinterSecret } from '@/lib/printing/printers';
import type { PrinterInput } from '@/lib/printing/schemas';
import { printSetupFor, readPrintSetup, savePrintSetup } from '@/lib/printing/setup';
import { reprintOrder } from '@/lib/printing/tickets';
import { tellRunningLate } from '@/lib/orders/late';
import { noticesOverview } from '@/lib/notify/overview';
import { setTextPreferences, textPreferences } from '@/lib/notify/consent';
import { sayArrived } from '@/lib/orders/arrival';
import { createPromo, listPromos, pricePromo, updatePromo } from '@/lib/promos/promos';
import type { PromoInput } from '@/lib/promos/schemas';
import { addDays } from '@/lib/reservations/calendar';
import { changeBookingStatus, createBooking, listAllBookings, listBookings } from '@/lib/reservations/bookings';
import { deleteReview, getOwnReview, saveReview } from '@/lib/reviews/reviews';
import { getAdminStats } from '@/lib/stats/admin-stats';
import { getSalesReport } from '@/lib/reports/sales';
import { tableCodes } from '@/lib/tables/qr-sheet';
import { tableCount } from '@/lib/tables/settings';
import { codesValidUntil, tableTokens, rotateTableKey } from '@/lib/tables/tokens';
import { paymentsToReconcile } from '@/lib/payments/reconcile';
import { orderingView, stoppedExplanation } from '@/lib/settings/ordering';
import { changeOrdering, getOrderingState, readSnapshot, saveSettings, setTableCount, settingsForAdmin } from '@/lib/settings/store';
import { adminFlag, endAllSessions, endSession, renameAccount } from '@/lib/users/account';
import { deleteUser, listUsers, setRole } from '@/lib/users/admin';
import { SITE } from '../support/http';
import { PNG } from '../support/images';
import { seedItem } from '../support/menu';
import { insertOrder, payForDish } from '../support/orders';
import { EventStreamReader } from '../support/event-stream';
import { adminOf, contactOf, makeAdmin, makeDiner, makeGuest, makePerson, makeStaff, shopperOf, viewerOf } from '../support/people';
import { restaurantClock } from '../support/clock';
import { atTable, kitchenDoes } from '../support/settings';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());
vi.mock('@/lib/auth/firebase-admin', async (importOriginal) => (await import('../support/mocks')).mockFirebaseAdmin(importOriginal));

const tomorrow = () => addDays(restaurantClock(new Date()).today, 1);
const promoInput = (code: string): PromoInput => ({ code, kind: 'percent', percent: 10, minSubtotal: 0, categories: [], menuIds: [], active: true });
const booking = { time: '19:00', guests: 2, phone: '+1 555 010 2024' };

const printerInput = (name: string): PrinterInput => ({ name, protocol: 'star-cloudprnt', paperWidth: 80, copies: 1, stations: ['pass'] });

const paidOrder = () => insertOrder({ transactionId: `tx-matrix-${randomBytes(6).toString('hex')}` });

/** A checked upload of a picture nobody stored yet. */
function freshImage() {
  const bytes = Uint8Array.from([...PNG, ...randomBytes(8)]);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { bytes, type: { mime: 'image/png', ext: 'png' } as const, sha256, name: `${sha256}.png` };
}

interface GuardedCase {
  name: string;
  /** The least role that may call it. */
  needs: 'staff' | 'admin';
  /**
   * Prepares what the call needs; for a write, `changed` says afterwards whether it happened. A
   * staff function's parameter is a Staff, which every Admin is: the role under test is cast in.
   */
  setup: () => Promise<{ call: (admin: Admin) => Promise<unknown>; changed?: () => Promise<boolean> }>;
}

const menuItemPrice = async (id: string) => (await (await collections()).menu.findOne({ _id: toObjectId(id)! }))?.price;

const guardedCases: GuardedCase[] = [
  { name: 'getAdminStats', needs: 'admin', setup: async () => ({ call: (a) => getAdminStats(a) }) },
  { name: 'getSalesReport', needs: 'admin', setup: async () => ({ call: (a) => getSalesReport(a, { from: '2024-06-01', to: '2024-06-30' }) }) },
  { name: 'listUsers', needs: 'admin', setup: async () => ({ call: (a) => listUsers(a) }) },
  { name: 'listOrders', needs: 'staff', setup: async () => ({ call: (a) => listOrders(a) }) },
  { name: 'listAllBookings', needs: 'admin', setup: async () => ({ call: (a) => listAllBookings(a) }) },
  {
    name: 'setRole',
    needs: 'admin',
    setup: async () => {
      const target = await makeDiner();
      const { users } = await collections();
      return { call: (a) => setRole(a, target.id, 'staff'), changed: async () => (await users.findOne({ uid: target.uid }))?.role === 'staff' };
    },
  },
  {
    name: 'deleteUser',
    needs: 'admin',
    setup: async () => {
      const target = await makeDiner();
      const { users } = await collections();
      return { call: (a) => deleteUser(a, target.id), changed: async () => (await users.findOne({ uid: target.uid })) === null };
    },
  },
  {
    name: 'changeOrderStatus',
    needs: 'staff',
    setup: async () => {
      const id = await paidOrder();
      const { payments } = await collections();
      return { call: (a) => changeOrderStatus(a, id, { status: 'preparing' }), changed: async () => (await payments.findOne({ _id: toObjectId(id)! }))?.status === 'preparing' };
    },
  },
  {
    name: 'deleteReview',
    needs: 'admin',
    setup: async () => {
      const author = await viewerOf(await makeDiner());
      const { review } = await saveReview(author, { rating: 4, details: 'A review to moderate.' });
      return { call: (a) => deleteReview(a, review._id), changed: async () => (await getOwnReview(author)) === null };
    },
  },
  {
    name: 'addMenuItem',
    needs: 'admin',
    setup: async () => {
      const name = `Matrix Tart ${randomBytes(4).toString('hex')}`;
      const { menu } = await collections();
      return {
        call: (a) => addMenuItem(a, { name, category: 'dessert', price: 7, image: '/images/menu/dessert.svg' }),
        changed: async () => (await menu.countDocuments({ name })) > 0,
      };
    },
  },
  {
    name: 'updateMenuItem',
    needs: 'admin',
    setup: async () => {
      const id = await seedItem();
      return { call: (a) => updateMenuItem(a, id, { price: 99 }), changed: async () => (await menuItemPrice(id)) === 99 };
    },
  },
  {
    name: 'deleteMenuItem',
    needs: 'admin',
    setup: async () => {
      const id = await seedItem();
      return { call: (a) => deleteMenuItem(a, id), changed: async () => (await menuItemPrice(id)) === undefined };
    },
  },
  {
    name: 'setSchedule',
    needs: 'admin',
    setup: async () => {
      const { menuSections } = await collections();
      await menuSections.deleteOne({ _id: 'drinks' });
      const schedule = { days: ['friday' as const], windows: [{ opens: '22:00', closes: '02:00', overnight: true }] };
      return { call: (a) => setSchedule(a, { category: 'drinks', schedule }), changed: async () => (await menuSections.findOne({ _id: 'drinks' })) !== null };
    },
  },
  { name: 'kitchenMenu', needs: 'staff', setup: async () => ({ call: (a) => kitchenMenu(a) }) },
  {
    name: 'changeKitchenMenu',
    needs: 'staff',
    setup: async () => {
      const id = await seedItem();
      const { menuStatus } = await collections();
      return { call: (a) => changeKitchenMenu(a, { action: 'off', menuId: id, for: 'close' }), changed: async () => (await menuStatus.findOne({ _id: id })) !== null };
    },
  },
  { name: 'tableCodes', needs: 'admin', setup: async () => ({ call: (a) => tableCodes(a) }) },
  { name: 'listPromos', needs: 'admin', setup: async () => ({ call: (a) => listPromos(a, {}) }) },
  {
    name: 'createPromo',
    needs: 'admin',
    setup: async () => {
      const code = `MATRIX${randomBytes(4).toString('hex')}`;
      const { promos } = await collections();
      return { call: (a) => createPromo(a, promoInput(code)), changed: async () => (await promos.countDocuments({ code })) === 1 };
    },
  },
  {
    name: 'updatePromo',
    needs: 'admin',
    setup: async () => {
      const made = await createPromo(await adminOf(await makeAdmin()), promoInput(`MATRIX${randomBytes(4).toString('hex')}`));
      const { promos } = await collections();
      return {
        call: (a) => updatePromo(a, made._id, { ...promoInput(made.code), percent: 50, updatedAt: made.updatedAt }),
        changed: async () => (await promos.findOne({ _id: toObjectId(made._id)! }))?.percent === 50,
      };
    },
  },
  { name: 'listOutbox', needs: 'admin', setup: async () => ({ call: (a) => listOutbox(a, {}) }) },
  {
    name: 'retryMessage',
    needs: 'admin',
    setup: async () => {
      const { outbox } = await collections();
      const ref = toObjectId(randomBytes(12).toString('hex'))!;
      const { insertedId } = await outbox.insertOne({ key: `booking-received:${ref.toHexString()}`, kind: 'booking-received', ref, to: 'a@bistro.test', state: 'failed', attempts: 7, nextAttemptAt: new Date(), createdAt: new Date() });
      return { call: (a) => retryMessage(a, insertedId.toHexString()), changed: async () => (await outbox.findOne({ _id: insertedId }))?.state === 'waiting' };
    },
  },
  {
    name: 'setTableCount',
    needs: 'admin',
    setup: async () => {
      const before = await tableCount();
      return { call: (a) => setTableCount(a, before + 1), changed: async () => (await tableCount()) === before + 1 };
    },
  },
  { name: 'settingsForAdmin', needs: 'admin', setup: async () => ({ call: (a) => settingsForAdmin(a) }) },
  {
    name: 'saveSettings',
    needs: 'admin',
    setup: async () => {
      const phone = `+1 555 ${String(randomBytes(2).readUInt16BE()).padStart(5, '0')}`;
      const { version, settings } = (await readSnapshot()).versioned;
      return {
        call: (a) => saveSettings(a, { version, settings: { ...settings, restaurant: { ...settings.restaurant, phone } } }),
        changed: async () => (await readSnapshot()).versioned.settings.restaurant.phone === phone,
      };
    },
  },
  { name: 'orderingView', needs: 'staff', setup: async () => ({ call: (a) => orderingView(a) }) },
  {
    name: 'changeOrdering',
    needs: 'staff',
    setup: async () => {
      await kitchenDoes({ action: 'calm' });
      return { call: (a) => changeOrdering(a, { action: 'busy', extraMinutes: 10, forMinutes: 60 }), changed: async () => (await getOrderingState()).busy !== null };
    },
  },
  { name: 'stoppedExplanation', needs: 'admin', setup: async () => ({ call: (a) => stoppedExplanation(a) }) },
  { name: 'tableTokens', needs: 'admin', setup: async () => ({ call: (a) => tableTokens(a, 3) }) },
  { name: 'codesValidUntil', needs: 'admin', setup: async () => ({ call: (a) => codesValidUntil(a) }) },
  { name: 'paymentsToReconcile', needs: 'admin', setup: async () => ({ call: (a) => paymentsToReconcile(a) }) },
  {
    name: 'rotateTableKey',
    needs: 'admin',
    setup: async () => {
      const before = await atTable();
      return { call: (a) => rotateTableKey(a), changed: async () => (await atTable()).token !== before.token };
    },
  },
  { name: 'listPrinters', needs: 'admin', setup: async () => ({ call: (a) => listPrinters(a) }) },
  { name: 'printSetupFor', needs: 'admin', setup: async () => ({ call: (a) => printSetupFor(a) }) },
  { name: 'listPrintJobs', needs: 'admin', setup: async () => ({ call: (a) => listPrintJobs(a, {}) }) },
  { name: 'printerAlerts', needs: 'staff', setup: async () => ({ call: (a) => printerAlerts(a) }) },
  {
    name: 'createPrinter',
    needs: 'admin',
    setup: async () => {
      const name = `Matrix ${randomBytes(4).toString('hex')}`;
      const { printers } = await collections();
      return { call: (a) => createPrinter(a, printerInput(name), SITE), changed: async () => (await printers.countDocuments({ name })) === 1 };
    },
  },
  {
    name: 'rotatePrinterSecret',
    needs: 'admin',
    setup: async () => {
      const { printer } = await createPrinter(await adminOf(await makeAdmin()), printerInput(`Matrix ${randomBytes(4).toString('hex')}`), SITE);
      const { printers } = await collections();
      const before = (await printers.findOne({ _id: toObjectId(printer._id)! }))!.tokenHash;
      return { call: (a) => rotatePrinterSecret(a, printer._id, SITE), changed: async () => (await printers.findOne({ _id: toObjectId(printer._id)! }))!.tokenHash !== before };
    },
  },
  {
    name: 'removePrinter',
    needs: 'admin',
    setup: async () => {
      const { printer } = await createPrinter(await adminOf(await makeAdmin()), printerInput(`Matrix ${randomBytes(4).toString('hex')}`), SITE);
      const { printers } = await collections();
      return { call: (a) => removePrinter(a, printer._id), changed: async () => (await printers.countDocuments({ _id: toObjectId(printer._id)! })) === 0 };
    },
  },
  {
    name: 'savePrintSetup',
    needs: 'admin',
    setup: async () => {
      const { version, stations } = await readPrintSetup();
      const silentMinutes = 1 + (randomBytes(1)[0]! % 200);
      return { call: (a) => savePrintSetup(a, { version, stations, silentMinutes }), changed: async () => (await readPrintSetup()).silentMinutes === silentMinutes };
    },
  },
  {
    name: 'reprintOrder',
    needs: 'staff',
    setup: async () => {
      await createPrinter(await adminOf(await makeAdmin()), printerInput(`Matrix ${randomBytes(4).toString('hex')}`), SITE);
      const id = await paidOrder();
      const { printJobs } = await collections();
      const reprints = () => printJobs.countDocuments({ orderId: toObjectId(id)!, kind: 'reprint' });
      return { call: (a) => reprintOrder(a, id, { name: 'Matrix' }), changed: async () => (await reprints()) > 0 };
    },
  },
  {
    name: 'tellRunningLate',
    needs: 'staff',
    setup: async () => {
      const id = await paidOrder();
      const { payments } = await collections();
      return { call: (a) => tellRunningLate(a, id), changed: async () => Boolean((await payments.findOne({ _id: toObjectId(id)! }))?.late) };
    },
  },
  { name: 'noticesOverview', needs: 'admin', setup: async () => ({ call: (a) => noticesOverview(a) }) },
  {
    name: 'storeImage',
    needs: 'admin',
    setup: async () => {
      const image = freshImage();
      const { readLocalImage } = await import('@/lib/images/local-store');
      return { call: (a) => storeImage(a, image), changed: async () => (await readLocalImage(image.name)) !== null };
    },
  },
];

const REFUSALS = { staff: 'Only restaurant staff may do this.', admin: 'Only admins may do this.' };

describe.each(guardedCases)('$name', ({ needs, setup }) => {
  const below = ROLES.filter((role) => !hasRole(role, needs));
  const allowed = ROLES.filter((role) => hasRole(role, needs));

  it.each(below)('refuses a %s with 403 and changes nothing, whatever the types were made to say', async (role) => {
    const viewer = await shopperOf(await makePerson(role));
    const { call, changed } = await setup();
    await expect(call(viewer as unknown as Admin)).rejects.toMatchObject({ status: 403, message: REFUSALS[needs] });
    if (changed) expect(await changed()).toBe(false);
  });

  it.each(allowed)('serves a %s', async (role: Role) => {
    const viewer = narrow(await viewerOf(await makePerson(role)), needs);
    const { call, changed } = await setup();
    await expect(call(viewer as Admin)).resolves.toBeDefined();
    if (changed) expect(await changed()).toBe(true);
  });
});

describe('an admin function needs an Admin, a staff function Staff', () => {
  it('does not compile with less, and refuses it at run time', async () => {
    const diner = await viewerOf(await makeDiner());
    const staff = narrow(await viewerOf(await makeStaff()), 'staff');
    // @ts-expect-error a Viewer is not an Admin until requireViewer(req, 'admin') or narrow() made it one
    await expect(getAdminStats(diner)).rejects.toMatchObject({ status: 403 });
    // @ts-expect-error Staff is not an Admin either
    await expect(getAdminStats(staff)).rejects.toMatchObject({ status: 403 });
    // @ts-expect-error a Viewer is not Staff
    await expect(listOrders(diner)).rejects.toMatchObject({ status: 403 });
    await expect(listOrders(staff)).resolves.toBeDefined();
  });
});

interface ViewerCase {
  name: string;
  /** Calls the function as `viewer`; answers what only `viewer` may see or what they changed. */
  run: (viewer: Viewer) => Promise<unknown>;
  /** Whether a guest may call it too (a shopper's functions: the cart, checkout, their orders). */
  guests: boolean;
}

const viewerCases: ViewerCase[] = [
  { name: 'adminFlag', guests: false, run: async (v) => adminFlag(v, v.email).admin === (v.role === 'admin') },
  { name: 'renameAccount', guests: false, run: (v) => renameAccount(v, `${v.name} Renamed`) },
  { name: 'addToCart, listCart, priceCart, removeFromCart', guests: true, run: async (v) => {
    const { insertedId } = await addToCart(v, { menuId: await seedItem({ price: 5 }) });
    const lines = await listCart(v, v.email);
    const { cents } = await priceCart(v);
    await removeFromCart(v, insertedId);
    return { lines: lines.length, cents, after: (await listCart(v)).length };
  } },
  { name: 'startCheckout, confirmDemoPayment, recordPayment, listPayments', guests: true, run: async (v) => {
    delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
    await addToCart(v, { menuId: await seedItem({ price: 8 }) });
    const intent = await startCheckout(v, { fulfilment: await atTable(), tip: { percent: 10 }, ...contactOf(v) });
    await confirmDemoPayment(v, { transactionId: intent.transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    const { order } = await recordPayment(v, { transactionId: intent.transactionId, price: intent.price });
    const receipt = await getOrder(v, order._id);
    return [...(await listPayments(v, v.email)).items.map((p) => p.transactionId === intent.transactionId), receipt.price, receipt.tip];
  } },
  { name: 'createBooking, listBookings, changeBookingStatus', guests: false, run: async (v) => {
    const made = await createBooking(v, { ...booking, date: tomorrow() });
    const mine = await listBookings(v);
    await changeBookingStatus(v, made._id, 'cancelled');
    return mine.items.map((b) => b._id === made._id);
  } },
  { name: 'saveReview, getOwnReview', guests: false, run: async (v) => {
    await saveReview(v, { rating: 5, details: 'Written through the data layer.' });
    return (await getOwnReview(v))?.details;
  } },
  { name: 'openOrderStream', guests: true, run: async (v) => {
    const before = Date.now() - 1000;
    const id = await payForDish(v);
    const stream = await openOrderStream(v, { resumeFrom: parseCursor(String(before)), stillSignedIn: async () => v });
    const reader = new EventStreamReader(new Response(stream));
    const events = await reader.eventsWithin(300);
    await reader.close();
    return events.filter((e) => e.event === 'order').map((e) => JSON.parse(e.data!) as Order).filter((order) => order._id === id).map((order) => order.status);
  } },
  { name: 'pricePromo', guests: true, run: async (v) => {
    const code = `MATRIX${randomBytes(4).toString('hex')}`;
    await createPromo(await adminOf(await makeAdmin()), promoInput(code));
    return pricePromo(v, code.toLowerCase(), [{ menuId: 'a'.repeat(24), category: 'soup', lineCents: 1000 }], { today: tomorrow(), email: v.email }).then((p) => p.discountCents);
  } },
  { name: 'setTextPreferences, textPreferences', guests: false, run: async (v) => {
    await setTextPreferences(v, { phone: '+14155550123', texts: false }, '127.0.0.1');
    return textPreferences(v);
  } },
  { name: 'sayArrived', guests: true, run: async (v) => {
    const id = await insertOrder({ ownerUid: v.uid, email: v.email, fulfilment: { kind: 'pickup', date: tomorrow(), time: '12:00', asap: false } });
    return (await sayArrived(v, id, { note: 'Spot 4' })).arrived?.note;
  } },
  { name: 'endSession, endAllSessions', guests: true, run: async (v) => {
    await endSession(v);
    await endAllSessions(v);
    return true;
  } },
];

describe.each(viewerCases)('$name', ({ run, guests }) => {
  it('serves every role alike, each on their own data', async () => {
    const [diner, staff, admin] = [await viewerOf(await makeDiner()), await viewerOf(await makeStaff()), await viewerOf(await makeAdmin())];
    const answer = await run(diner);
    expect(await run(staff)).toEqual(answer);
    expect(await run(admin)).toEqual(answer);
    // A guest's answers are the same, on their own data, for what guests may do.
    if (guests) expect(await run((await shopperOf(await makeGuest())) as Viewer)).toEqual(answer);
  });

  it.runIf(!guests)('refuses a guest with 403, whatever the types were made to say', async () => {
    const guest = (await shopperOf(await makeGuest())) as Viewer;
    await expect(run(guest)).rejects.toMatchObject({ status: 403, message: 'Guests can order and see their own orders only. Sign up to do this.' });
  });

  it('serves no viewer it did not resolve itself (401)', async () => {
    const forged = { ...(await viewerOf(await makeDiner())) } as Viewer;
    await expect(run(forged)).rejects.toMatchObject({ status: 401 });
  });
});

describe("a viewer's own functions keep to the viewer", () => {
  it("never show or change another diner's cart, booking, payments or review", async () => {
    const [dana, omar] = [await viewerOf(await makeDiner()), await viewerOf(await makeDiner())];
    const { insertedId } = await addToCart(omar, { menuId: await seedItem() });
    await expect(removeFromCart(dana, insertedId)).rejects.toMatchObject({ status: 404 });
    expect(await listCart(dana)).toEqual([]);
    await expect(listCart(dana, omar.email)).rejects.toMatchObject({ status: 403 });
    await expect(listPayments(dana, omar.email)).rejects.toMatchObject({ status: 403 });
    expect(() => adminFlag(dana, omar.email)).toThrow(expect.objectContaining({ status: 403 }));
    const theirs = await createBooking(omar, { ...booking, date: tomorrow() });
    expect((await listBookings(dana)).items.some((b) => b._id === theirs._id)).toBe(false);
    await expect(changeBookingStatus(dana, theirs._id, 'cancelled')).rejects.toMatchObject({ status: 403 });
    await saveReview(omar, { rating: 2, details: 'Only mine to see here.' });
    expect(await getOwnReview(dana)).toBeNull();
    await expect(getOrder(dana, await paidOrder())).rejects.toMatchObject({ status: 403 });
    const pickup = await insertOrder({ ownerUid: omar.uid, email: omar.email, fulfilment: { kind: 'pickup', date: tomorrow(), time: '12:00', asap: false } });
    await expect(sayArrived(dana, pickup, {})).rejects.toMatchObject({ status: 403 });
  });
});
