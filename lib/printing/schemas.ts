import { z } from 'zod';
import { objectIdSchema } from '@/lib/db/object-id';
import { MENU_CATEGORIES } from '@/lib/menu/types';
import { pageParams } from '@/lib/pagination/schemas';
import { JOB_STATES, MAX_COPIES, PAPER_WIDTHS, PASS_STATION, PRINTER_PROTOCOLS } from './types';

/**
 * Printers' validation, written once: the Printers page's forms (zodResolver) and the route
 * handlers parse with these; the printers' own requests are checked by the schemas at the end.
 * Client-safe.
 */

export const MAX_PRINTERS = 20;
export const MAX_STATIONS = 8;
export const MAX_STATION_DISHES = 200;
export const SILENT_MINUTES = { min: 1, max: 240, default: 5 } as const;

const nameSchema = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `Give the ${what.toLowerCase()}`)
    .max(40, `${what} is at most 40 characters`)
    .regex(/^[^\u0000-\u001f\u007f]*$/, `${what} cannot hold control characters`);

const stationIdSchema = z.string().regex(/^[a-z0-9-]{1,24}$/, 'A station id is 1 to 24 lower-case letters, digits and -');

/** The Printers page's printer form, and the body of POST /api/printers and PATCH /api/printers/{id}. */
export const printerInputSchema = z.object({
  name: nameSchema('Name'),
  protocol: z.enum(PRINTER_PROTOCOLS, { error: 'Choose Star CloudPRNT or Epson Server Direct Print' }),
  paperWidth: z.union(PAPER_WIDTHS.map((width) => z.literal(width)) as [z.ZodLiteral<58>, z.ZodLiteral<80>], { error: 'The paper is 58 or 80 mm wide' }),
  copies: z.number({ error: 'Copies must be a number' }).int('Copies must be a whole number').min(1, 'At least 1 copy').max(MAX_COPIES, `At most ${MAX_COPIES} copies`),
  stations: z
    .array(stationIdSchema, { error: 'Stations must be a list' })
    .min(1, 'Choose at least one station for it')
    .max(MAX_STATIONS + 1, 'Too many stations')
    .transform((ids) => [...new Set(ids)]),
});
export type PrinterInput = z.infer<typeof printerInputSchema>;
export type PrinterFormValues = z.input<typeof printerInputSchema>;

/** PATCH /api/printers/{id}: the new values, and `updatedAt` as the admin saw the printer last (409 when it changed since). */
export const printerUpdateSchema = printerInputSchema.extend({ updatedAt: z.iso.datetime({ error: 'updatedAt must be the time the printer was read' }) });

const stationSchema = z.object({
  id: stationIdSchema.refine((id) => id !== PASS_STATION, 'pass is the whole-order station every printer may serve: name this one otherwise'),
  name: nameSchema('Station name'),
  categories: z
    .array(z.enum(MENU_CATEGORIES, { error: `Categories must be among ${MENU_CATEGORIES.join(', ')}` }), { error: 'Categories must be a list' })
    .max(MENU_CATEGORIES.length)
    .default([])
    .transform((given) => MENU_CATEGORIES.filter((category) => given.includes(category))),
  dishes: z
    .array(objectIdSchema, { error: 'Dishes must be a list of ids' })
    .max(MAX_STATION_DISHES, `At most ${MAX_STATION_DISHES} dishes a station`)
    .default([])
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

/** The Printers page's stations form, and the body of PUT /api/printers/setup. */
export const printSetupSchema = z
  .object({
    stations: z.array(stationSchema, { error: 'Stations must be a list' }).min(1, 'Keep at least one station').max(MAX_STATIONS, `At most ${MAX_STATIONS} stations`),
    silentMinutes: z
      .number({ error: 'Minutes must be a number' })
      .int('Minutes must be a whole number')
      .min(SILENT_MINUTES.min, `At least ${SILENT_MINUTES.min} minute`)
      .max(SILENT_MINUTES.max, `At most ${SILENT_MINUTES.max} minutes`),
  })
  .superRefine(({ stations }, ctx) => {
    const seen = new Map<string, number>();
    stations.forEach((station, i) => {
      if (seen.has(station.id)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'id'], message: 'Two stations have the same id' });
      seen.set(station.id, i);
    });
    const names = new Set<string>();
    stations.forEach((station, i) => {
      const key = station.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'name'], message: 'Two stations have the same name' });
      names.add(key);
    });
    const owner = new Map<string, string>();
    for (const station of stations) {
      for (const dish of station.dishes) {
        if (owner.has(dish)) ctx.addIssue({ code: 'custom', path: ['stations'], message: `A dish is named by both ${owner.get(dish)} and ${station.name}: keep it at one` });
        owner.set(dish, station.name);
      }
    }
  });
export type PrintSetupInput = z.infer<typeof printSetupSchema>;
export type PrintSetupFormValues = z.input<typeof printSetupSchema>;

export const printSetupBodySchema = printSetupSchema.and(z.object({ version: z.number().int().min(0) }));

export const PRINT_JOBS_URL = '/api/printers/jobs';

/** GET /api/printers/jobs: the ledger, newest first, a page at a time; `?printer=` and `?state=` narrow it. */
export const printJobsQuerySchema = z.strictObject({
  printer: objectIdSchema.optional(),
  state: z.enum(JOB_STATES, { error: `state must be one of ${JOB_STATES.join(', ')}` }).optional(),
  ...pageParams,
});
export type PrintJobsQuery = z.infer<typeof printJobsQuerySchema>;

/** A query a route takes none of: anything given is refused. */
export const noQuerySchema = z.strictObject({});

// ---- what printers send ----

/** A printer's message, never more: past it the body is refused without being read further. */
export const MAX_PRINTER_BODY_BYTES = 16 * 1024;

/**
 * A CloudPRNT status code as the printer sends it, URL-encoded in the poll ('200%20OK') and
 * decoded in a query string ('200 OK'): three digits, then optionally a description for logs.
 */
export const starStatusCodeSchema = z
  .string({ error: 'statusCode must be text' })
  .max(200, 'statusCode is too long')
  .transform((raw, ctx) => {
    let text = raw;
    try {
      text = decodeURIComponent(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'statusCode is not URL-encoded text' });
      return z.NEVER;
    }
    const match = /^([245]\d{2})(?: (.*))?$/.exec(text.trim());
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'statusCode must start with a CloudPRNT status code (2xx, 4xx or 5xx)' });
      return z.NEVER;
    }
    return { code: Number(match[1]), text: text.trim() };
  });

/**
 * The CloudPRNT poll (POST): `statusCode` is the one field every printer sends; the others are
 * optional and may be null. Fields this server does not use (barcode readers, displays, client
 * actions) are let through untouched, as a printer with them attached sends them.
 */
export const starPollSchema = z.looseObject({
  statusCode: starStatusCodeSchema,
  status: z.string().max(200).nullish(),
  printerMAC: z.string().max(64).nullish(),
  uniqueID: z.string().max(64).nullish(),
  printingInProgress: z.boolean().nullish(),
  jobToken: z.string().max(64).nullish(),
});

const macSchema = z.string().max(64, 'mac is too long');
const jobTokenSchema = objectIdSchema;

/**
 * The CloudPRNT job request (GET): the media type the printer chose of those offered, and the
 * job's token. Parameters a later firmware adds are let through, as the manual adds them.
 */
export const starFetchSchema = z.looseObject({
  uid: z.string().max(64).optional(),
  mac: macSchema.optional(),
  type: z.string().max(200, 'type is too long').optional(),
  token: jobTokenSchema.optional(),
  mono_len: z.string().max(10).optional(),
  '24bpp_len': z.string().max(10).optional(),
});

/**
 * The CloudPRNT confirmation (DELETE): `code` is 'OK' or a status code ('200 OK', '510 ...');
 * `token` the job's, on printers that have tokens. The firmware extras are accepted and unused.
 */
export const starConfirmSchema = z.looseObject({
  uid: z.string().max(64).optional(),
  mac: macSchema.optional(),
  token: jobTokenSchema.optional(),
  code: z
    .string({ error: 'code is required' })
    .max(200)
    .transform((raw, ctx) => {
      const text = raw.trim();
      if (/^OK$/i.test(text)) return { code: 200, text };
      const match = /^([245]\d{2})(?:\s.*)?$/.exec(text);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'code must be OK or a CloudPRNT status code' });
        return z.NEVER;
      }
      return { code: Number(match[1]), text };
    }),
  retry: z.string().max(10).optional(),
  skip: z.string().max(10).optional(),
  error: z.string().max(10).optional(),
  firmware: z.string().max(200).optional(),
});

/** An ID or Name as Epson's Web Config takes them: up to 30 letters, digits, _ . and -, or nothing. */
const epsonIdSchema = z.string().max(30, 'ID is at most 30 characters').regex(/^[A-Za-z0-9_.-]*$/, 'ID is letters, digits, _ . and -');

/** Server Direct Print's form (POST, application/x-www-form-urlencoded): a poll, or a printing result; fields a later firmware adds are let through. */
export const epsonFormSchema = z.discriminatedUnion(
  'ConnectionType',
  [
    z.looseObject({ ConnectionType: z.literal('GetRequest'), ID: epsonIdSchema.optional(), Name: z.string().max(64).optional() }),
    z.looseObject({
      ConnectionType: z.literal('SetResponse'),
      ID: epsonIdSchema.optional(),
      Name: z.string().max(64).optional(),
      ResponseFile: z.string({ error: 'ResponseFile is required' }).min(1, 'ResponseFile is empty').max(MAX_PRINTER_BODY_BYTES),
    }),
  ],
  { error: 'ConnectionType must be GetRequest or SetResponse' },
);
export type EpsonForm = z.infer<typeof epsonFormSchema>;
