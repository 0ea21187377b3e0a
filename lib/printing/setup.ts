import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, isDuplicateKeyError } from '@/lib/db';
import type { PrintSetupDoc } from '@/lib/db/documents';
import { SILENT_MINUTES, type PrintSetupInput } from './schemas';
import { PASS_STATION, type PrintSetup, type Station } from './types';

/**
 * The stations and the silent-printer alert's minutes: one document, read when an order's tickets
 * are queued and saved from the Printers page naming the version it started from.
 */

/** Until an owner saves their own: the bar makes the drinks, the kitchen everything else. */
export const DEFAULT_STATIONS: Station[] = [
  { id: 'kitchen', name: 'Kitchen', categories: ['salad', 'pizza', 'soup', 'dessert', 'offered', 'popular'], dishes: [] },
  { id: 'bar', name: 'Bar', categories: ['drinks'], dishes: [] },
];

export async function readPrintSetup(): Promise<PrintSetup> {
  const { printSetup } = await collections();
  const doc = await printSetup.findOne({ _id: 'setup' });
  return doc ? { version: doc.version, stations: doc.stations, silentMinutes: doc.silentMinutes } : { version: 0, stations: DEFAULT_STATIONS, silentMinutes: SILENT_MINUTES.default };
}

/** GET /api/printers/setup (admins). */
export async function printSetupFor(admin: Admin): Promise<PrintSetup> {
  authorize(admin, 'admin');
  return readPrintSetup();
}

/**
 * PUT /api/printers/setup (admins): saved in one conditional write when nobody saved since
 * `version`, else 409. A station a printer still serves cannot be taken away (its tickets would
 * silently stop): the printer is changed first.
 */
export async function savePrintSetup(admin: Admin, { version, ...input }: PrintSetupInput & { version: number }): Promise<PrintSetup> {
  authorize(admin, 'admin');
  const { printSetup, printers } = await collections();
  const kept = new Set([PASS_STATION, ...input.stations.map((station) => station.id)]);
  const orphaned = (await printers.find({}, { projection: { name: 1, stations: 1 } }).toArray()).find((printer) => printer.stations.some((id) => !kept.has(id)));
  if (orphaned) throw new HttpError(409, `${orphaned.name} still prints for a station taken away here: change its stations first.`);
  const stamp = { updatedAt: clockNow(), updatedBy: admin.uid };
  const fields: Omit<PrintSetupDoc, '_id' | 'version'> = { stations: input.stations, silentMinutes: input.silentMinutes, ...stamp };
  let saved: boolean;
  if (version === 0) {
    try {
      await printSetup.insertOne({ _id: 'setup', version: 1, ...fields });
      saved = true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      saved = false;
    }
  } else {
    saved = (await printSetup.updateOne({ _id: 'setup', version }, { $set: fields, $inc: { version: 1 } })).modifiedCount === 1;
  }
  if (!saved) throw new HttpError(409, 'Someone else saved the stations while you were editing. Reload the page to see them.');
  return { version: version + 1, stations: input.stations, silentMinutes: input.silentMinutes };
}
