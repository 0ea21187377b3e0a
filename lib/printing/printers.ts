import 'server-only';
import { clockMs, clockNow } from '@/lib/settings/clock';
import { randomBytes } from 'node:crypto';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import type { PrinterDoc } from '@/lib/db/documents';
import { actorOf } from '@/lib/orders/orders';
import { hashOf } from './queue';
import { MAX_PRINTERS, type PrinterInput } from './schemas';
import { readPrintSetup } from './setup';
import { PASS_STATION, type Printer, type PrinterConnection, type PrinterProtocol } from './types';

/**
 * The printers, for admins: add, change, remove, and a new secret for one. A printer's secret is
 * made here, shown once inside the URL its owner types into the printer, and stored only as its
 * hash, so neither the database nor the Printers page can give it away afterwards.
 */

const NOT_FOUND = 'No printer has this id.';

export function shapePrinter(doc: WithId<PrinterDoc>): Printer {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    protocol: doc.protocol,
    paperWidth: doc.paperWidth,
    copies: doc.copies,
    stations: doc.stations,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    ...(doc.seen ? { seen: { ...doc.seen, at: doc.seen.at.toISOString() } } : {}),
    waiting: doc.queue.length,
    refusedTypes: doc.refusedTypes ?? [],
  };
}

/** Where each protocol's printers are told to send their requests. */
const PATHS: Record<PrinterProtocol, string> = { 'star-cloudprnt': '/api/print/star', 'epson-sdp': '/api/print/epson' };

/**
 * The address the admin reached the site at: the page's own origin when the browser sent it,
 * else the host the request came to (through the hosting's proxy when it says so). The printer
 * is given the same, unless the site's public address is set.
 */
export function originOf(req: Request): string {
  const sent = req.headers.get('origin');
  if (sent && /^https?:\/\/[^/]+$/.test(sent)) return sent;
  const first = (name: string) => req.headers.get(name)?.split(',')[0]?.trim() || undefined;
  const url = new URL(req.url);
  const host = first('x-forwarded-host') ?? first('host');
  return host ? `${first('x-forwarded-proto') ?? url.protocol.replace(/:$/, '')}://${host}` : url.origin;
}

/** The URL the printer is given: the site's public address when it is set, else the one the admin's browser used. */
function connectionUrl(origin: string, protocol: PrinterProtocol, secret: string): string {
  const base = process.env.NEXT_PUBLIC_SITE_URL?.trim().replace(/\/+$/, '') || origin;
  return `${base}${PATHS[protocol]}/${secret}`;
}

/** 256 random bits, URL-safe: nobody guesses one, and it fits the 255 characters a printer's URL field takes. */
const newSecret = () => randomBytes(32).toString('base64url');

async function assertStationsExist(stations: readonly string[]): Promise<void> {
  const known = new Set([PASS_STATION, ...(await readPrintSetup()).stations.map((station) => station.id)]);
  const unknown = stations.find((id) => !known.has(id));
  if (unknown) throw new HttpError(400, `stations: ${unknown} is not a station. Choose among the stations on this page.`);
}

/** Admins: every printer, as added. */
export async function listPrinters(admin: Admin): Promise<Printer[]> {
  authorize(admin, 'admin');
  const { printers } = await collections();
  return (await printers.find({}, { projection: { tokenHash: 0 } }).sort({ _id: 1 }).limit(MAX_PRINTERS).toArray()).map(shapePrinter);
}

/** The Printers page's first read: the printers, and when they were read (the page counts "seen … ago" from then). */
export async function printersAsRead(admin: Admin): Promise<{ printers: Printer[]; readAt: number }> {
  return { printers: await listPrinters(admin), readAt: clockMs() };
}

/** Admins: a new printer (with its URL, shown this once). */
export async function createPrinter(admin: Admin, input: PrinterInput, origin: string, now = clockNow()): Promise<PrinterConnection> {
  authorize(admin, 'admin');
  await assertStationsExist(input.stations);
  const { printers } = await collections();
  if ((await printers.countDocuments({})) >= MAX_PRINTERS) throw new HttpError(409, `A restaurant has at most ${MAX_PRINTERS} printers here: remove one first.`);
  const secret = newSecret();
  const doc: PrinterDoc = { ...input, tokenHash: hashOf(secret), queue: [], createdAt: now, updatedAt: now, updatedBy: actorOf(admin) };
  const { insertedId } = await printers.insertOne(doc);
  return { printer: shapePrinter({ ...doc, _id: insertedId }), url: connectionUrl(origin, input.protocol, secret) };
}

/** Admins: a printer's name, protocol, paper, copies and stations, as they saw it (`updatedAt`): 409 when it changed since. */
export async function updatePrinter(admin: Admin, id: string, input: PrinterInput & { updatedAt: string }, now = clockNow()): Promise<Printer> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  const { printers } = await collections();
  if (!_id || !(await printers.findOne({ _id }, { projection: { _id: 1 } }))) throw new HttpError(404, NOT_FOUND);
  await assertStationsExist(input.stations);
  const { updatedAt, ...fields } = input;
  const updated = await printers.findOneAndUpdate(
    { _id, updatedAt: new Date(updatedAt) },
    // Its emulation may have been changed too: what it refused is offered again.
    { $set: { ...fields, updatedAt: now, updatedBy: actorOf(admin) }, $unset: { refusedTypes: '' } },
    { returnDocument: 'after', projection: { tokenHash: 0 } },
  );
  if (!updated) throw new HttpError(409, `Someone changed ${input.name} a moment ago. Reload the page and try again.`);
  return shapePrinter(updated);
}

/**
 * Admins: a new secret for the printer, so the URL it had stops working at once (a lost tablet
 * that showed it, a printer sold on). Its queue stays: typed into the printer, the new URL prints
 * what waited.
 */
export async function rotatePrinterSecret(admin: Admin, id: string, origin: string, now = clockNow()): Promise<PrinterConnection> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(404, NOT_FOUND);
  const { printers } = await collections();
  const secret = newSecret();
  const updated = await printers.findOneAndUpdate({ _id }, { $set: { tokenHash: hashOf(secret), updatedAt: now, updatedBy: actorOf(admin) } }, { returnDocument: 'after' });
  if (!updated) throw new HttpError(404, NOT_FOUND);
  return { printer: shapePrinter(updated), url: connectionUrl(origin, updated.protocol, secret) };
}

/** Admins: the printer goes; what it had still to print fails, as the ledger then says. */
export async function removePrinter(admin: Admin, id: string, now = clockNow()): Promise<{ removed: true }> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  const { printers, printJobs } = await collections();
  const removed = _id ? await printers.findOne({ _id }, { projection: { queue: 1 } }) : null;
  if (!removed || !_id) throw new HttpError(404, NOT_FOUND);
  // A ticket queued after this read finds no printer to join and fails by itself (./queue.ts).
  await printers.deleteOne({ _id });
  for (const jobId of removed.queue) {
    const job = toObjectId(jobId);
    if (job) await printJobs.updateOne({ _id: job, state: { $in: ['queued', 'fetched'] } }, { $set: { state: 'failed', doneAt: now, error: 'The printer was removed.', by: actorOf(admin) } });
  }
  return { removed: true };
}

/** A printer of the admin's, with its secret's hash left out (the preview). */
export async function printerFor(admin: Admin, id: string): Promise<WithId<PrinterDoc>> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  const { printers } = await collections();
  const doc = _id ? await printers.findOne({ _id }, { projection: { tokenHash: 0 } }) : null;
  if (!doc) throw new HttpError(404, NOT_FOUND);
  return doc;
}
