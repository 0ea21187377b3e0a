import 'server-only';
import { revalidatePath } from 'next/cache';
import type { ObjectId, WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import type { MenuItemDoc } from '@/lib/db/documents';
import { actorOf } from '@/lib/orders/orders';
import { changedCounts, menuStateChanged, recount, sectionSchedules } from '@/lib/menu/live';
import { unitCeilingError, type MenuItemChanges, type NewMenuItem, type ScheduleChange } from '@/lib/menu/schemas';
import { DEFAULT_KITCHEN_LOAD, type MenuCategory, type MenuSchedule } from '@/lib/menu/types';
import { clockNow } from '@/lib/settings/clock';

/**
 * The one place the menu is written. Every write ends by marking the public pages built from
 * the menu for regeneration, so the next visitor of the home, menu and order pages (and the
 * sitemap) sees the change instead of the copy prerendered up to 5 minutes earlier. A count an
 * admin sets or changes is counted from then on (lib/menu/live.ts `recount`); what the kitchen
 * changes from hour to hour (86s, portions left) is not written here and renders no page again.
 */

/**
 * The public pages that read the menu. Order pages by their route pattern, which covers every
 * category and page, new ones included; the pattern names the route file, route group and all
 * (the cache tags pages carry are `/(site)/order/…/page`: without the group nothing matches).
 */
const ORDER_PAGES_ROUTE = '/(site)/order/[category]/[[...page]]';

function revalidateMenuPages(): void {
  revalidatePath('/');
  revalidatePath('/menu');
  revalidatePath(ORDER_PAGES_ROUTE, 'page');
  revalidatePath('/sitemap.xml');
}

function itemId(id: string): ObjectId {
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed menu item id.');
  return _id;
}

const notFound = () => new HttpError(404, 'No menu item has this id.');

/** Null in a change takes the field off. */
function splitNulls(changes: MenuItemChanges): { $set: Partial<MenuItemDoc>; $unset?: Record<string, ''> } {
  const nulls = Object.keys(changes).filter((key) => changes[key as keyof MenuItemChanges] === null);
  const $set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null)) as Partial<MenuItemDoc>;
  return nulls.length ? { $set, $unset: Object.fromEntries(nulls.map((key) => [key, ''])) } : { $set };
}

/** Sets the counts an admin gave or changed, as the dish now is. */
async function countFrom(admin: Admin, before: WithId<MenuItemDoc> | null, after: WithId<MenuItemDoc> | null): Promise<void> {
  if (!after) return;
  for (const { key, rule } of changedCounts(before, after)) await recount(key, rule, actorOf(admin));
}

export async function addMenuItem(admin: Admin, item: NewMenuItem): Promise<{ insertedId: string }> {
  authorize(admin, 'admin');
  const { menu } = await collections();
  const { schedule, stock, ...fields } = item;
  const doc: MenuItemDoc = {
    ...fields,
    recipe: item.recipe ?? '',
    available: item.available ?? true,
    allergens: item.allergens ?? [],
    dietary: item.dietary ?? [],
    options: item.options ?? [],
    kitchenLoad: item.kitchenLoad ?? DEFAULT_KITCHEN_LOAD,
    ...(schedule ? { schedule } : {}),
    ...(stock ? { stock } : {}),
    createdAt: clockNow(),
  };
  const { insertedId } = await menu.insertOne(doc);
  await countFrom(admin, null, { ...doc, _id: insertedId });
  revalidateMenuPages();
  return { insertedId: insertedId.toHexString() };
}

/** Sets the fields given (null takes a schedule or a count off); the others, the picture included, stay as they are. */
export async function updateMenuItem(admin: Admin, id: string, changes: MenuItemChanges): Promise<{ modifiedCount: number }> {
  authorize(admin, 'admin');
  const _id = itemId(id);
  const { menu } = await collections();
  const counted = changes.stock !== undefined || changes.options !== undefined;
  const stored = changes.price !== undefined || counted ? await menu.findOne({ _id }) : null;
  if ((changes.price !== undefined || counted) && !stored) throw notFound();
  if (stored && (changes.price !== undefined || changes.options !== undefined)) {
    // A new price or new options must still fit one card payment with the other as stored.
    const ceiling = unitCeilingError({ price: changes.price ?? stored.price, options: changes.options ?? stored.options });
    if (ceiling) throw new HttpError(400, `options: ${ceiling}`);
  }
  // The schema leaves out what was not sent (JSON has no undefined), so $set touches only those.
  const { matchedCount, modifiedCount } = await menu.updateOne({ _id }, splitNulls(changes));
  if (!matchedCount) throw notFound();
  if (counted) await countFrom(admin, stored, await menu.findOne({ _id }));
  if (modifiedCount) revalidateMenuPages();
  return { modifiedCount };
}

export async function deleteMenuItem(admin: Admin, id: string): Promise<{ deletedCount: number }> {
  authorize(admin, 'admin');
  const _id = itemId(id);
  const { menu } = await collections();
  const { deletedCount } = await menu.deleteOne({ _id });
  if (!deletedCount) throw notFound();
  revalidateMenuPages();
  return { deletedCount };
}

/**
 * PUT /api/menu/schedules (admins): the schedule of a section, a dish or one of its options, or
 * none. A dish or a choice the menu does not have is a 400: nothing is written. The pages mark
 * scheduled sections and dishes for crawlers, so they are made again.
 */
export async function setSchedule(admin: Admin, { category, menuId, option, schedule }: ScheduleChange, now = clockNow()): Promise<{ sections: Partial<Record<MenuCategory, MenuSchedule>> }> {
  authorize(admin, 'admin');
  const { menuSections, menu } = await collections();
  if (category) {
    if (schedule) await menuSections.updateOne({ _id: category }, { $set: { schedule, updatedAt: now, updatedBy: actorOf(admin) } }, { upsert: true });
    else await menuSections.deleteOne({ _id: category });
  } else {
    const _id = toObjectId(menuId!);
    const doc = _id ? await menu.findOne({ _id }, { projection: { name: 1, options: 1 } }) : null;
    if (!doc) throw new HttpError(400, 'There is no dish on the menu with this id.');
    let path = 'schedule';
    let where = {};
    if (option) {
      const g = doc.options.findIndex((group) => group.name === option.group);
      const c = doc.options[g]?.choices.findIndex((choice) => choice.name === option.choice) ?? -1;
      if (c < 0) throw new HttpError(400, `${doc.name} has no choice "${option.choice}" in "${option.group}".`);
      path = `options.${g}.choices.${c}.schedule`;
      // The options as read: an edit that moved them meanwhile is not written over.
      where = { [`options.${g}.name`]: option.group, [`options.${g}.choices.${c}.name`]: option.choice };
    }
    const { matchedCount } = await menu.updateOne({ _id: doc._id, ...where }, schedule ? { $set: { [path]: schedule } } : { $unset: { [path]: '' } });
    if (!matchedCount) throw new HttpError(409, `${doc.name} changed a moment ago. Reload it and try again.`);
  }
  menuStateChanged();
  revalidateMenuPages();
  return { sections: await sectionSchedules() };
}
