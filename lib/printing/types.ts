import type { Fulfilment } from '@/lib/fulfilment/types';
import type { Allergen, MenuCategory, SelectedOption } from '@/lib/menu/types';

/** Kitchen printers, stations and tickets as the dashboard and the API exchange them (client-safe). */

/** The two cloud protocols a printer on the restaurant's network can reach a hosted server by. */
export const PRINTER_PROTOCOLS = ['star-cloudprnt', 'epson-sdp'] as const;
export type PrinterProtocol = (typeof PRINTER_PROTOCOLS)[number];

export const PROTOCOL_LABELS: Record<PrinterProtocol, string> = {
  'star-cloudprnt': 'Star CloudPRNT (TSP143IV, mC-Print3)',
  'epson-sdp': 'Epson Server Direct Print (TM-m30III)',
};

/** Roll widths: 58 mm prints 32 characters a line, 80 mm 48 (42 on Star's 72 mm print area is taken as 48: both fit). */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const MAX_COPIES = 3;

/** The station every printer may serve that prints the whole order, whatever its lines' stations. */
export const PASS_STATION = 'pass';
export const PASS_LABEL = 'Pass (the whole order)';

/** Where dishes are made: a category or a single dish routes its lines here (a dish named by a station wins over its category). */
export interface Station {
  /** Stable while the station is renamed: printers name their stations by it. */
  id: string;
  name: string;
  categories: MenuCategory[];
  /** Menu ids. */
  dishes: string[];
}

/** GET and PUT /api/printers/setup: the stations, and how long a printer may be silent before it is an alert. */
export interface PrintSetup {
  /** A save names the version it started from (0 before the first save). */
  version: number;
  stations: Station[];
  /** Minutes without a poll, during opening hours, before a printer is an alert on the admin home and the kitchen display. */
  silentMinutes: number;
}

/** A new order's ticket, a copy asked for again, or the slip that tells a station an order was cancelled. */
export const TICKET_KINDS = ['order', 'reprint', 'cancel'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** queued → fetched → printed, or failed; a job a printer could not print in the type it took goes back to queued. */
export const JOB_STATES = ['queued', 'fetched', 'printed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The paper and the cover as the printer last reported them. */
export type PaperState = 'ok' | 'low' | 'out' | 'unknown';
export type CoverState = 'closed' | 'open' | 'unknown';

export interface PrinterSeen {
  /** When it last polled (to within half a minute: a poll that changes nothing writes nothing). */
  at: string;
  /** It said it can print. */
  online: boolean;
  paper: PaperState;
  cover: CoverState;
  /** What it reported, in its own words ('200 OK', '420 Cover Open', a status bitmask). */
  reported: string;
}

/** A printer as the Printers page lists it. Its secret is never here: it is shown once, when made or changed. */
export interface Printer {
  _id: string;
  name: string;
  protocol: PrinterProtocol;
  paperWidth: PaperWidth;
  copies: number;
  stations: string[];
  createdAt: string;
  updatedAt: string;
  /** Absent until its first poll. */
  seen?: PrinterSeen;
  /** Tickets waiting for it, queued or being printed. */
  waiting: number;
  /** Media types it refused (Star printers answer 510 to a type they cannot print): never offered again. */
  refusedTypes: string[];
}

/** What the owner types into the printer: shown once, when the printer is added or its URL changed. */
export interface PrinterConnection {
  printer: Printer;
  /** The whole URL, secret included. */
  url: string;
}

/** A ticket as it prints: a snapshot taken when it was queued, so a later change to the menu or the order never rewrites it. */
export interface TicketContent {
  /** '#1042'. */
  label: string;
  fulfilment?: Fulfilment;
  name?: string;
  /** ISO instant of the payment. */
  paidAt: string;
  /** The stations' names, or the pass. */
  stations: string[];
  /** The whole order (the pass), or only the stations' lines. */
  whole: boolean;
  lines: TicketLine[];
  /** What the diner paid, in cents. */
  paidCents: number;
}

export interface TicketLine {
  quantity: number;
  name: string;
  options: SelectedOption[];
  note?: string;
  allergens: Allergen[];
}

/** One entry of the ledger: every ticket ever queued, and what became of it. */
export interface PrintJob {
  _id: string;
  printer: { id: string; name: string };
  order: { id: string; label: string };
  kind: TicketKind;
  stations: string[];
  state: JobState;
  createdAt: string;
  fetchedAt?: string;
  doneAt?: string;
  /** The media type the printer took it in. */
  mediaType?: string;
  /** Why it failed, or the last refusal before it printed. */
  error?: string;
  /** Who asked for a reprint or cancelled the order. */
  by?: string;
}

/** A printer the kitchen should look at: silent for too long, or reporting no paper or an open cover. */
export interface PrinterAlert {
  printerId: string;
  name: string;
  message: string;
}

/** GET /api/printers/alerts (staff): how many printers there are (the reprint buttons show when any), and what is wrong. */
export interface PrinterAlerts {
  printers: number;
  alerts: PrinterAlert[];
}
