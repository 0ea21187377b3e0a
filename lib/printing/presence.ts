import 'server-only';
import { clockMs, clockNow } from '@/lib/settings/clock';
import type { WithId } from 'mongodb';
import { authorize, type Staff } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import type { PrinterDoc } from '@/lib/db/documents';
import { isOpenAt, zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';
import { readPrintSetup } from './setup';
import type { CoverState, PaperState, PrinterAlert, PrinterAlerts } from './types';

/**
 * Whether printers are there: what each one last reported (paper, cover, when), the alerts of
 * printers gone silent or stuck, and whether any printer able to print has polled lately, which
 * safe failure counts like a kitchen display (lib/settings/ordering.ts).
 */

export interface Report {
  online: boolean;
  paper: PaperState;
  cover: CoverState;
  reported: string;
}

/** A poll that changes nothing writes its time at most this often. */
const SEEN_WRITE_MS = 30_000;

/** Records what the printer reported with its poll: only when it differs, or the time last written is old. */
export async function noteSeen(printer: WithId<PrinterDoc>, report: Report, now = clockNow()): Promise<void> {
  const was = printer.seen;
  const same = was && was.online === report.online && was.paper === report.paper && was.cover === report.cover && was.reported === report.reported;
  if (same && now.getTime() - was.at.getTime() < SEEN_WRITE_MS) return;
  const { printers } = await collections();
  await printers.updateOne({ _id: printer._id }, { $set: { seen: { at: now, ...report } } });
}

/** A CloudPRNT status code as paper and cover (2xx online, 211 paper low, 410 out, 420 cover open). */
export function starReport(code: number, text: string): Report {
  return {
    online: code < 300,
    paper: code === 210 || code === 211 ? 'low' : code === 410 ? 'out' : code === 411 ? 'unknown' : code < 300 ? 'ok' : 'unknown',
    cover: code === 420 ? 'open' : code < 300 || Math.floor(code / 10) === 41 ? 'closed' : 'unknown',
    reported: text,
  };
}

// ePOS-Print's status bits (the response's `status` attribute).
const ASB_OFF_LINE = 0x8;
const ASB_COVER_OPEN = 0x20;
const ASB_RECEIPT_NEAR_END = 0x20000;
const ASB_RECEIPT_END = 0x80000;

/** An ePOS-Print status bitmask as paper and cover. */
export function epsonReport(status: number, success: boolean, code: string): Report {
  return {
    online: success || !(status & ASB_OFF_LINE),
    paper: status & ASB_RECEIPT_END ? 'out' : status & ASB_RECEIPT_NEAR_END ? 'low' : 'ok',
    cover: status & ASB_COVER_OPEN ? 'open' : 'closed',
    reported: `${success ? 'printed' : `not printed${code ? ` (${code})` : ''}`}, status 0x${status.toString(16).padStart(8, '0')}`,
  };
}

/** A read of the printers' presence is trusted this long, as the kitchen display's is. */
const READ_TTL_MS = 5_000;
const g = globalThis as { __bistroPrinterSeen?: { seenAt: number; readAt: number } };
const known = (g.__bistroPrinterSeen ??= { seenAt: 0, readAt: 0 });

/** True when a printer able to print polled within the last `ms`, on any instance: one indexed read at most every few seconds. */
export async function printerSeenWithin(ms: number): Promise<boolean> {
  const now = clockMs();
  if (now - known.seenAt <= ms) return true;
  if (now - known.readAt > READ_TTL_MS) {
    known.readAt = now;
    const { printers } = await collections();
    const latest = await printers.findOne({ 'seen.at': { $gte: new Date(now - ms - SEEN_WRITE_MS) }, 'seen.online': true }, { projection: { seen: 1 } });
    if (latest?.seen) known.seenAt = Math.max(known.seenAt, latest.seen.at.getTime() + SEEN_WRITE_MS);
  }
  return now - known.seenAt <= ms;
}

const minutesAgo = (ms: number) => {
  const minutes = Math.floor(ms / 60_000);
  return minutes < 60 ? `${minutes} minutes` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

/**
 * During opening hours, each printer not seen for the setup's minutes (or never, that long after
 * it was added), and each one reporting no paper or an open cover.
 */
export function alertsOf(printers: readonly WithId<Pick<PrinterDoc, 'name' | 'seen' | 'createdAt'>>[], silentMinutes: number, open: boolean, now = clockNow()): PrinterAlert[] {
  if (!open) return [];
  return printers.flatMap((printer) => {
    const id = printer._id.toHexString();
    const last = printer.seen?.at ?? null;
    const since = now.getTime() - (last ?? printer.createdAt).getTime();
    if (since > silentMinutes * 60_000) {
      const message = last ? `${printer.name} has not been heard from for ${minutesAgo(since)}. Check that it is on and online.` : `${printer.name} has never connected. Follow its setup steps on the Printers page.`;
      return [{ printerId: id, name: printer.name, message }];
    }
    if (printer.seen?.paper === 'out') return [{ printerId: id, name: printer.name, message: `${printer.name} is out of paper.` }];
    if (printer.seen?.cover === 'open') return [{ printerId: id, name: printer.name, message: `${printer.name} has its cover open.` }];
    return [];
  });
}

/** GET /api/printers/alerts (staff), the kitchen display and the admin home: what is wrong with the printers now. */
export async function printerAlerts(staff: Staff, now = clockNow()): Promise<PrinterAlerts> {
  authorize(staff, 'staff');
  const { printers } = await collections();
  const [all, setup, settings] = await Promise.all([printers.find({}, { projection: { name: 1, seen: 1, createdAt: 1 } }).toArray(), readPrintSetup(), getSettings()]);
  const open = isOpenAt(settings.schedule, zonedClock(now, settings.schedule.timeZone));
  return { printers: all.length, alerts: alertsOf(all, setup.silentMinutes, open, now) };
}
