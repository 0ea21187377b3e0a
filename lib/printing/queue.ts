import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { createHash } from 'node:crypto';
import type { WithId } from 'mongodb';
import { collections, isDuplicateKeyError, toObjectId } from '@/lib/db';
import type { PrintJobDoc, PrinterDoc } from '@/lib/db/documents';

/**
 * Each printer's queue: its jobs in `printJobs` (the ledger), and their ids on the printer's own
 * document in the order they were queued, so a poll reads one document. A job is inserted under
 * its unique key first, then added to the queue with `$addToSet`; run again (a retried payment, a
 * crash between the two), the insert finds the job there and the add changes nothing. A job is
 * taken off the queue once printed or failed; an id left on it by a crash is dropped by the next
 * poll that finds its job done.
 */

/** How a printer's URL secret is stored and looked up: its SHA-256, never the secret. */
export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The printer a request's URL secret names, or null: one indexed read. */
export async function printerByToken(token: string): Promise<WithId<PrinterDoc> | null> {
  const { printers } = await collections();
  return printers.findOne({ tokenHash: hashOf(token) });
}

/** Past this many failed tries of one job (the printer timed out, could not decode it) it fails for good. */
const MAX_ATTEMPTS = 3;

/** Queues each job once (by its key), and answers how many were queued now. */
export async function queueJobs(jobs: Omit<PrintJobDoc, 'state' | 'createdAt'>[], now = clockNow()): Promise<number> {
  const { printJobs, printers } = await collections();
  let queued = 0;
  for (const job of jobs) {
    let id: string;
    try {
      const { insertedId } = await printJobs.insertOne({ ...job, state: 'queued', createdAt: now });
      id = insertedId.toHexString();
      queued += 1;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      const existing = await printJobs.findOne({ key: job.key });
      // Already printed or failed: nothing to put back.
      if (!existing || (existing.state !== 'queued' && existing.state !== 'fetched')) continue;
      id = existing._id.toHexString();
    }
    const { matchedCount } = await printers.updateOne({ _id: job.printerId }, { $addToSet: { queue: id } });
    // Its printer was removed meanwhile: nobody will ever fetch it.
    if (!matchedCount) await printJobs.updateOne({ _id: toObjectId(id)!, state: 'queued' }, { $set: { state: 'failed', doneAt: now, error: 'The printer was removed.' } });
  }
  return queued;
}

/**
 * The job at the head of the printer's queue, still to print; ids whose jobs are done (a crash
 * after the job was confirmed) are dropped on the way. Null when nothing waits.
 */
export async function headJob(printer: WithId<PrinterDoc>): Promise<WithId<PrintJobDoc> | null> {
  const { printJobs, printers } = await collections();
  for (const id of printer.queue.slice(0, 5)) {
    const _id = toObjectId(id);
    const job = _id ? await printJobs.findOne({ _id }) : null;
    if (job && job.printerId.equals(printer._id) && (job.state === 'queued' || job.state === 'fetched')) return job;
    await printers.updateOne({ _id: printer._id }, { $pull: { queue: id } });
  }
  return null;
}

/** One of this printer's waiting jobs by its id (the token it was offered under), or null. */
export async function waitingJob(printer: WithId<PrinterDoc>, id: string | undefined): Promise<WithId<PrintJobDoc> | null> {
  if (id === undefined) return headJob(printer);
  const _id = toObjectId(id);
  if (!_id || !printer.queue.includes(_id.toHexString())) return null;
  const { printJobs } = await collections();
  return printJobs.findOne({ _id, printerId: printer._id, state: { $in: ['queued', 'fetched'] } });
}

/** The printer took the job in `mediaType`: fetched, until it confirms. */
export async function markFetched(job: WithId<PrintJobDoc>, mediaType: string, now = clockNow()): Promise<void> {
  const { printJobs } = await collections();
  await printJobs.updateOne(
    { _id: job._id, printerId: job.printerId, state: { $in: ['queued', 'fetched'] } },
    { $set: { state: 'fetched', fetchedAt: job.fetchedAt ?? now, mediaType } },
  );
}

/**
 * What became of a fetched job: printed; or not, and then whether it goes back to the queue
 * always (the printer's own state stopped it: no paper, an open cover), for a few tries (a
 * download timeout, data it could not decode), or never.
 */
export type Outcome = { printed: true } | { printed: false; error: string; retry: 'always' | 'counted' | 'never' };

/**
 * What the printer said of a job it fetched. Only a job of this printer that it fetched changes
 * (anything else answers false and changes nothing).
 */
export async function settleJob(printer: WithId<PrinterDoc>, jobId: string, outcome: Outcome, now = clockNow()): Promise<boolean> {
  const _id = toObjectId(jobId);
  if (!_id) return false;
  const { printJobs, printers } = await collections();
  const mine = { _id, printerId: printer._id, state: 'fetched' as const };
  let done: boolean;
  if (outcome.printed) {
    done = (await printJobs.updateOne(mine, { $set: { state: 'printed', doneAt: now } })).modifiedCount === 1;
  } else {
    const job = await printJobs.findOne(mine);
    if (!job) return false;
    const attempts = (job.attempts ?? 0) + (outcome.retry === 'always' ? 0 : 1);
    const again = outcome.retry === 'always' || (outcome.retry === 'counted' && attempts < MAX_ATTEMPTS);
    const { modifiedCount } = await printJobs.updateOne(
      { ...mine, ...(job.attempts === undefined ? { attempts: { $exists: false } } : { attempts: job.attempts }) },
      again ? { $set: { state: 'queued', attempts, error: outcome.error } } : { $set: { state: 'failed', attempts, doneAt: now, error: outcome.error } },
    );
    if (!modifiedCount) return false;
    done = !again;
  }
  if (done) await printers.updateOne({ _id: printer._id }, { $pull: { queue: jobId } });
  return true;
}

/** A media type the printer cannot print (it answered 510): never offered to it again. */
export async function refuseMediaType(printer: WithId<PrinterDoc>, mediaType: string): Promise<void> {
  const { printers } = await collections();
  await printers.updateOne({ _id: printer._id }, { $addToSet: { refusedTypes: mediaType } });
}
