import 'server-only';
import { clockMs, clockNow } from '@/lib/settings/clock';
import { revalidateTag } from 'next/cache';
import { authorize, type Admin, type Staff } from '@/lib/auth/viewer';
import { collections, getDb, isDuplicateKeyError, type AppDb } from '@/lib/db';
import type { OrderingStateDoc } from '@/lib/db/documents';
import type { RestaurantClock } from '@/lib/reservations/calendar';
import { defaultSettings } from './defaults';
import { zonedClock } from './schedule';
import type { OrderingAction, SettingsBody } from './schemas';
import type { OrderingState, RestaurantSettings, VersionedSettings } from './types';

/**
 * The one place the restaurant's settings are read and written: the one document of `settings`
 * for what admins save (with a version), and of `orderingState` for what the kitchen sets (pause,
 * busy mode).
 *
 * Reading them costs no database round trip per request: this process keeps what it read, and
 * drops it when it writes. With MONGODB_URI, other instances write too, so what was read is kept
 * for 5 seconds at most. The embedded engine has one writer, this process, so it is kept until a
 * write. Prerendered pages read through lib/settings/public.ts, tagged, and a write here marks
 * them stale (revalidateTag), so the next visit renders them again.
 */

/** The tag of every cached read of the settings (lib/settings/public.ts). */
export const SETTINGS_TAG = 'settings';
/** How long another instance's write may go unseen, with MongoDB. */
export const SHARED_TTL_MS = 5_000;

export interface Snapshot {
  versioned: VersionedSettings;
  ordering: OrderingState;
}

/** Saved settings with any section a later release added filled from the defaults. */
function withDefaults(saved: RestaurantSettings, defaults: RestaurantSettings): RestaurantSettings {
  const merged = { ...defaults } as Record<string, unknown>;
  for (const [key, value] of Object.entries(saved)) merged[key] = { ...(defaults as unknown as Record<string, object>)[key], ...value };
  return merged as unknown as RestaurantSettings;
}

function orderingStateOf(doc: OrderingStateDoc | undefined): OrderingState {
  return {
    pause: doc?.pause ? { until: doc.pause.until?.toISOString() ?? null } : null,
    busy: doc?.busy ? { extraMinutes: doc.busy.extraMinutes, until: doc.busy.until.toISOString() } : null,
  };
}

/** The settings and the kitchen's state, from the database: what the caches hold. */
export async function readSnapshot(): Promise<Snapshot> {
  const { settings, orderingState } = await collections();
  const [saved, ordering] = await Promise.all([settings.findOne({ _id: 'restaurant' }), orderingState.findOne({ _id: 'ordering' })]);
  const defaults = defaultSettings(process.env);
  return {
    versioned: saved ? { version: saved.version, settings: withDefaults(saved.settings, defaults) } : { version: 0, settings: defaults },
    ordering: orderingStateOf(ordering ?? undefined),
  };
}

// Per database handle, on globalThis: Next.js may load this module in more than one bundle of a process.
const g = globalThis as { __bistroSettings?: WeakMap<AppDb, { at: number; snapshot: Promise<Snapshot> }> };
const cache = (g.__bistroSettings ??= new WeakMap());

async function snapshot(): Promise<Snapshot> {
  const db = await getDb();
  const kept = cache.get(db);
  const shared = Boolean(process.env.MONGODB_URI?.trim());
  if (kept && (!shared || clockMs() - kept.at < SHARED_TTL_MS)) return kept.snapshot;
  const entry = { at: clockMs(), snapshot: readSnapshot() };
  cache.set(db, entry);
  // A failed read is not kept: the next request asks again.
  entry.snapshot.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  return entry.snapshot;
}

/** After a write: this process reads again, and prerendered pages render again on their next visit. */
async function changed(): Promise<void> {
  cache.delete(await getDb());
  revalidateTag(SETTINGS_TAG, { expire: 0 });
}

/** The restaurant's settings. Not secret (the pages show most of them), so nobody need be signed in. */
export async function getSettings(): Promise<RestaurantSettings> {
  return (await snapshot()).versioned.settings;
}

/** Pause and busy mode as the kitchen last set them (each may have run out by now). */
export async function getOrderingState(): Promise<OrderingState> {
  return (await snapshot()).ordering;
}

/** `now` on the restaurant's wall clock: the time zone of its settings. */
export async function restaurantClockAt(now = clockNow()): Promise<RestaurantClock> {
  return zonedClock(now, (await getSettings()).schedule.timeZone);
}

/** Closures and special hours that are over are no longer shown or saved. */
function current(settings: RestaurantSettings, now: Date): RestaurantSettings {
  const today = zonedClock(now, settings.schedule.timeZone).today;
  const { schedule } = settings;
  return {
    ...settings,
    schedule: { ...schedule, closures: schedule.closures.filter((c) => c.to >= today), specialHours: schedule.specialHours.filter((s) => s.date >= today) },
  };
}

/** GET /api/settings (admins): the settings as the Settings page edits them, with their version. */
export async function settingsForAdmin(admin: Admin, now = clockNow()): Promise<VersionedSettings> {
  authorize(admin, 'admin');
  const { version, settings } = (await snapshot()).versioned;
  return { version, settings: current(settings, now) };
}

export type SaveResult = { saved: true; current: VersionedSettings } | { saved: false; current: VersionedSettings };

/**
 * PUT /api/settings: saves the settings when nobody has saved since `version`, in ONE conditional
 * write (the first save inserts version 1; a racing first save finds it there). A stale save
 * changes nothing and answers the settings as they are now, for the admin to look at.
 */
export async function saveSettings(admin: Admin, { version, settings }: SettingsBody): Promise<SaveResult> {
  authorize(admin, 'admin');
  const docs = (await collections()).settings;
  const stamp = { updatedAt: clockNow(), updatedBy: admin.uid };
  let saved: boolean;
  if (version === 0) {
    try {
      await docs.insertOne({ _id: 'restaurant', version: 1, settings, ...stamp });
      saved = true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      saved = false;
    }
  } else {
    saved = (await docs.updateOne({ _id: 'restaurant', version }, { $set: { settings, ...stamp }, $inc: { version: 1 } })).modifiedCount === 1;
  }
  if (saved) await changed();
  else cache.delete(await getDb());
  return saved ? { saved, current: { version: version + 1, settings } } : { saved, current: await settingsForAdmin(admin) };
}

/**
 * PUT /api/tables: the number of tables, as one field of the settings (a single update that also
 * moves the version on, so a Settings page opened before sees it changed).
 */
export async function setTableCount(admin: Admin, count: number): Promise<{ count: number }> {
  authorize(admin, 'admin');
  const docs = (await collections()).settings;
  const stamp = { updatedAt: clockNow(), updatedBy: admin.uid };
  const update = () => docs.updateOne({ _id: 'restaurant' }, { $set: { 'settings.tables.count': count, ...stamp }, $inc: { version: 1 } });
  if (!(await update()).matchedCount) {
    const { settings } = (await readSnapshot()).versioned;
    try {
      await docs.insertOne({ _id: 'restaurant', version: 1, settings: { ...settings, tables: { count } }, ...stamp });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      await update();
    }
  }
  await changed();
  return { count };
}

/**
 * POST /api/settings/ordering (staff): pause ordering for some minutes or until resumed, resume,
 * make the kitchen busy (more preparation time, for a while) or calm again. Each is one write of
 * what it changes, recording who and when.
 */
export async function changeOrdering(staff: Staff, action: OrderingAction, now = clockNow()): Promise<OrderingState> {
  authorize(staff, 'staff');
  const by = { by: staff.uid, at: now };
  const change: Partial<Omit<OrderingStateDoc, '_id'>> =
    action.action === 'pause'
      ? { pause: { until: action.minutes === null ? null : new Date(now.getTime() + action.minutes * 60_000), ...by } }
      : action.action === 'resume'
        ? { pause: null }
        : action.action === 'busy'
          ? { busy: { extraMinutes: action.extraMinutes, until: new Date(now.getTime() + action.forMinutes * 60_000), ...by } }
          : { busy: null };
  // The first change makes the document; what it does not set reads as not paused, not busy.
  await (await collections()).orderingState.updateOne({ _id: 'ordering' }, { $set: change }, { upsert: true });
  await changed();
  return getOrderingState();
}
