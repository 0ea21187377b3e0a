import 'server-only';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import type { PrinterDoc } from '@/lib/db/documents';
import { getSettings } from '@/lib/settings/store';
import { printerOf, readPrinterBody } from './cloudprnt';
import { epsonReport, noteSeen } from './presence';
import { headJob, markFetched, settleJob } from './queue';
import { renderEscPos } from './render';
import { epsonFormSchema } from './schemas';

/**
 * Epson Server Direct Print, at the URL the printer is given: it POSTs a form on every poll
 * (ConnectionType=GetRequest) and is answered ePOS-Print XML in a PrintRequestInfo envelope, or
 * nothing; after printing it POSTs the result (ConnectionType=SetResponse, the XML in
 * ResponseFile). The ticket travels as ESC/POS commands in ePOS-Print's <command> element, one
 * job per answer, its printjobid the job's id.
 */

/** The media type the ledger records for a ticket sent this way. */
export const EPOS_MEDIA_TYPE = 'ePOS-Print XML';

function formOf(body: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (key in form) throw new HttpError(400, `Field "${key}" is given more than once.`);
    form[key] = value;
  }
  return form;
}

const xmlEscape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function printRequestXml(jobId: string, commandsHex: string): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<PrintRequestInfo Version="2.00">',
    '<ePOSPrint>',
    '<Parameter><devid>local_printer</devid><timeout>60000</timeout>',
    `<printjobid>${xmlEscape(jobId)}</printjobid></Parameter>`,
    '<PrintData><epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">',
    `<command>${commandsHex}</command>`,
    '</epos-print></PrintData>',
    '</ePOSPrint>',
    '</PrintRequestInfo>',
  ].join('\n');
}

interface PrintResult {
  jobId: string;
  success: boolean;
  code: string;
  status: number;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false, isArray: (name) => name === 'ePOSPrint' });

/** The results in a ResponseFile: one per ePOSPrint it answers. Not XML, or not a PrintResponseInfo: 400. */
export function printResults(xml: string): PrintResult[] {
  if (XMLValidator.validate(xml) !== true) throw new HttpError(400, 'ResponseFile is not well-formed XML.');
  const doc = parser.parse(xml) as { PrintResponseInfo?: { ePOSPrint?: { Parameter?: { printjobid?: unknown }; PrintResponse?: { response?: Record<string, unknown> } }[] } };
  const info = doc.PrintResponseInfo;
  if (!info || typeof info !== 'object') throw new HttpError(400, 'ResponseFile is not a PrintResponseInfo.');
  return (info.ePOSPrint ?? []).flatMap((entry) => {
    const jobId = entry.Parameter?.printjobid;
    const response = entry.PrintResponse?.response;
    if (typeof jobId !== 'string' || !response) return [];
    const status = Number(response.status ?? 0);
    return [{ jobId: jobId.trim(), success: response.success === 'true', code: String(response.code ?? ''), status: Number.isFinite(status) ? status : 0 }];
  });
}

/** ePOS-Print's codes for what the printer itself stopped on: the ticket waits until it is put right. */
const PRINTER_CONDITIONS = /^(EPTR_COVER_OPEN|EPTR_REC_EMPTY|EX_TIMEOUT|EPTR_AUTOMATICAL|EPTR_MECHANICAL|EX_BADPORT|EPTR_UNRECOVERABLE|DeviceNotFound|EX_ENPC_TIMEOUT)$/;

async function answerPoll(printer: WithId<PrinterDoc>): Promise<string> {
  const was = printer.seen;
  await noteSeen(printer, { online: true, paper: was?.paper ?? 'unknown', cover: was?.cover ?? 'unknown', reported: was?.reported ?? 'polling' });
  if (!printer.queue.length) return '';
  let job = await headJob(printer);
  // Handed out before with no result back (the printer restarted mid-job): sent again, a few times at most.
  if (job?.state === 'fetched') {
    await settleJob(printer, job._id.toHexString(), { printed: false, error: 'No printing result came back for it.', retry: 'counted' });
    job = await headJob(printer);
  }
  if (!job) return '';
  const commands = renderEscPos(job.ticket, { kind: job.kind, paperWidth: printer.paperWidth, copies: job.copies, timeZone: (await getSettings()).schedule.timeZone });
  await markFetched(job, EPOS_MEDIA_TYPE);
  return printRequestXml(job._id.toHexString(), commands.toString('hex'));
}

async function takeResults(printer: WithId<PrinterDoc>, xml: string): Promise<void> {
  const results = printResults(xml);
  const last = results.at(-1);
  if (last) await noteSeen(printer, epsonReport(last.status, last.success, last.code));
  for (const result of results) {
    const outcome = result.success
      ? ({ printed: true } as const)
      : ({ printed: false, error: result.code || 'not printed', retry: PRINTER_CONDITIONS.test(result.code) ? 'always' : 'counted' } as const);
    await settleJob(printer, result.jobId, outcome);
  }
}

/** POST: a poll (answered with the next ticket's XML, or an empty body) or a printing result (answered empty). */
export async function epsonRequest(token: string, req: Request): Promise<string> {
  const printer = await printerOf(token);
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? '')) throw new HttpError(400, 'Server Direct Print sends a form (application/x-www-form-urlencoded).');
  const form = epsonFormSchema.safeParse(formOf(await readPrinterBody(req)));
  if (!form.success) throw new HttpError(400, form.error.issues[0]?.message ?? 'Not a Server Direct Print request.');
  if (form.data.ConnectionType === 'GetRequest') return answerPoll(printer);
  await takeResults(printer, form.data.ResponseFile);
  return '';
}
