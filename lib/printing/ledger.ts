import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import type { WithId } from 'mongodb';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, toObjectId, type Filter } from '@/lib/db';
import type { PrintJobDoc } from '@/lib/db/documents';
import { mapPage, readPage, type Paged } from '@/lib/pagination/page';
import { printerFor } from './printers';
import { renderSvg } from './render';
import type { PrintJobsQuery } from './schemas';
import { readPrintSetup } from './setup';
import { ticketsFor } from './route-lines';
import { PASS_STATION, type PrintJob } from './types';
import { getSettings } from '@/lib/settings/store';

/** Every ticket ever queued, for admins: the ledger, and a preview of what a printer prints. */

function shapeJob(doc: WithId<PrintJobDoc>, names: Map<string, string>): PrintJob {
  const printerId = doc.printerId.toHexString();
  return {
    _id: doc._id.toHexString(),
    printer: { id: printerId, name: names.get(printerId) ?? 'A removed printer' },
    order: { id: doc.orderId.toHexString(), label: doc.ticket.label },
    kind: doc.kind,
    stations: doc.ticket.stations,
    state: doc.state,
    createdAt: doc.createdAt.toISOString(),
    ...(doc.fetchedAt ? { fetchedAt: doc.fetchedAt.toISOString() } : {}),
    ...(doc.doneAt ? { doneAt: doc.doneAt.toISOString() } : {}),
    ...(doc.mediaType ? { mediaType: doc.mediaType } : {}),
    ...(doc.error ? { error: doc.error } : {}),
    ...(doc.by ? { by: doc.by.name } : {}),
  };
}

/** GET /api/printers/jobs (admins): newest first, a page at a time, of one printer or in one state when asked. */
export async function listPrintJobs(admin: Admin, { limit, cursor, printer, state }: PrintJobsQuery): Promise<Paged<PrintJob>> {
  authorize(admin, 'admin');
  const { printJobs, printers } = await collections();
  const filter: Filter<PrintJobDoc> = { ...(printer ? { printerId: toObjectId(printer)! } : {}), ...(state ? { state } : {}) };
  // Both filters at once are served by the printer's index, its state checked row by row.
  const [page, all] = await Promise.all([
    readPage(printJobs, { list: 'printJobs', scope: { printer, state }, filter }, { limit, cursor }),
    printers.find({}, { projection: { name: 1 } }).toArray(),
  ]);
  const names = new Map(all.map((p) => [p._id.toHexString(), p.name]));
  return mapPage(page, (docs) => docs.map((doc) => shapeJob(doc, names)));
}

/** A sample order, as the kitchen would see it: the preview of a printer before any order has come. */
const SAMPLE = {
  label: '#1042',
  fulfilment: { kind: 'table' as const, table: 7 },
  name: 'Dana',
  paidCents: 3150,
  lines: [
    { menuId: 'sample-pizza', category: 'pizza' as const, quantity: 2, name: 'Margherita', options: [{ group: 'Size', choices: ['Large'] }], note: 'Well done, please' },
    { menuId: 'sample-salad', category: 'salad' as const, quantity: 1, name: 'Caesar salad', options: [] },
    { menuId: 'sample-drink', category: 'drinks' as const, quantity: 2, name: 'Lemonade', options: [] },
  ],
};
const SAMPLE_ALLERGENS: Record<string, ('gluten' | 'milk' | 'eggs' | 'fish')[]> = { 'sample-pizza': ['gluten', 'milk'], 'sample-salad': ['eggs', 'fish', 'milk'] };

/** GET /api/printers/{id}/preview (admins): a sample order's ticket as this printer prints it, as SVG. */
export async function previewTicket(admin: Admin, id: string, now = clockNow()): Promise<string> {
  const printer = await printerFor(admin, id);
  const [setup, settings] = await Promise.all([readPrintSetup(), getSettings()]);
  const allergens = (menuId: string) => SAMPLE_ALLERGENS[menuId] ?? [];
  const sample = { ...SAMPLE, paidAt: now };
  // A printer whose stations make none of the sample's dishes is shown the whole sample under its stations' names.
  const [routed] = ticketsFor(sample, setup.stations, [{ id, stations: printer.stations }], allergens);
  const [whole] = ticketsFor(sample, setup.stations, [{ id, stations: [PASS_STATION] }], allergens);
  const names = setup.stations.filter((station) => printer.stations.includes(station.id)).map((station) => station.name);
  const ticket = routed?.ticket ?? { ...whole!.ticket, stations: names, whole: false };
  return renderSvg(ticket, { kind: 'order', paperWidth: printer.paperWidth, copies: 1, timeZone: settings.schedule.timeZone });
}
