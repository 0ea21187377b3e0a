/**
 * The restaurant's settings as a test wants them, saved the way the Settings page saves them
 * (through lib/settings, by an admin), and the tokens of tables' QR codes. A file that saves
 * settings mocks next/cache (tests/support/mocks.ts): revalidateTag needs a Next.js server.
 */
import type { FulfilmentChoice } from '@/lib/fulfilment/types';
import { changeOrdering, saveSettings, settingsForAdmin } from '@/lib/settings/store';
import type { OrderingAction } from '@/lib/settings/schemas';
import type { RestaurantSettings, WeekHours } from '@/lib/settings/types';
import { WEEKDAYS } from '@/lib/settings/types';
import { rotateTableKey, scanTable, tableTokens } from '@/lib/tables/tokens';
import { adminOf, makeAdmin, staffOf } from './people';

let admin: ReturnType<typeof makeTestAdmin> | null = null;
const makeTestAdmin = async () => {
  const person = await makeAdmin();
  return { person, viewer: await adminOf(person) };
};
/** One admin per test file, made on first use. */
export const testAdmin = () => (admin ??= makeTestAdmin());

/** Changes the settings as `change` says (it edits a copy), saves them, and answers what was saved. */
export async function changeSettings(change: (settings: RestaurantSettings) => void): Promise<RestaurantSettings> {
  const { viewer } = await testAdmin();
  const { version, settings } = await settingsForAdmin(viewer);
  const next = structuredClone(settings);
  change(next);
  const result = await saveSettings(viewer, { version, settings: next });
  if (!result.saved) throw new Error('the settings changed meanwhile');
  return result.current.settings;
}

/** The same windows every day of the week. */
export function everyDay(...windows: [opens: string, closes: string][]): WeekHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, windows.map(([opens, closes]) => ({ opens, closes, overnight: false }))])) as WeekHours;
}

/** What the kitchen display sends, as a staff member of the test file's own. */
export async function kitchenDoes(action: OrderingAction, now = new Date()) {
  const { person } = await testAdmin();
  return changeOrdering(await staffOf(person), action, now);
}

/**
 * `{ kind: 'table', table, token }` with the token scanning table `table`'s QR code gives now (the
 * clock's now: a test on a fixed clock gets that day's, with codes made new when theirs had run out).
 */
export async function atTable(table = 1): Promise<Extract<FulfilmentChoice, { kind: 'table' }>> {
  const { viewer } = await testAdmin();
  const scan = async () => scanTable(table, (await tableTokens(viewer, table))[table - 1]!);
  let token = await scan();
  if (!token) {
    await rotateTableKey(viewer);
    token = await scan();
  }
  if (!token) throw new Error(`table ${table}'s printed code scanned to nothing`);
  return { kind: 'table', table, token };
}
