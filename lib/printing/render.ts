import 'server-only';
import { transform, type Printer as ReceiptPrinter } from 'receiptline';
import { CHARACTERS_PER_LINE, ticketMarkdown, withCopies } from './layout';
import type { TicketContent, TicketKind } from './types';

/**
 * The ticket layout (./layout.ts) rendered by receiptline into what each printer takes: Star's
 * StarPRNT or Line Mode commands or plain text for CloudPRNT, ESC/POS inside ePOS-Print XML for
 * Epson, and SVG for the preview. No printer command is written here by hand.
 */

/**
 * What a Star printer is offered, in the order this server prefers: StarPRNT (mC-Print3,
 * TSP100IV), Line Mode (older Star printers on an IFBD-HI01X interface), then plain text, which
 * every CloudPRNT printer takes but prints without large type or a cut of our own.
 */
export const STAR_MEDIA_TYPES = ['application/vnd.star.starprnt', 'application/vnd.star.line', 'text/plain'] as const;
export type StarMediaType = (typeof STAR_MEDIA_TYPES)[number];

const STAR_COMMANDS: Record<StarMediaType, NonNullable<ReceiptPrinter['command']>> = {
  'application/vnd.star.starprnt': 'starsbcs',
  'application/vnd.star.line': 'starlinesbcs',
  'text/plain': 'text',
};

/**
 * Bytes receiptline opens a job with that a cloud printer's interface manages itself, taken off
 * as its own cloud examples do: ESC @ and the status-back switch (ESC RS a 0 on Star, GS a 0 on Epson).
 */
const STAR_PREAMBLE = '\x1b@\x1b\x1ea\x00';
const ESCPOS_PREAMBLE = '\x1b@\x1da\x00';

export interface RenderOptions {
  kind: TicketKind;
  paperWidth: number;
  copies: number;
  timeZone: string;
}

function markdownOf(ticket: TicketContent, { kind, copies, timeZone }: RenderOptions): string {
  return withCopies(ticketMarkdown(ticket, kind, timeZone), copies);
}

const base = (paperWidth: number): ReceiptPrinter => ({ cpl: CHARACTERS_PER_LINE[paperWidth] ?? 48, encoding: 'multilingual', spacing: true });

const withoutPreamble = (commands: string, preamble: string) => (commands.startsWith(preamble) ? commands.slice(preamble.length) : commands);

/** The ticket as a Star printer asked for it. */
export function renderForStar(ticket: TicketContent, type: StarMediaType, options: RenderOptions): Buffer {
  const command = STAR_COMMANDS[type];
  const out = transform(markdownOf(ticket, options), { ...base(options.paperWidth), command, ...(type === 'text/plain' ? { cutting: false } : {}) });
  return type === 'text/plain' ? Buffer.from(out, 'utf8') : Buffer.from(withoutPreamble(out, STAR_PREAMBLE), 'binary');
}

/** The ticket as ESC/POS commands, for ePOS-Print's <command> element. */
export function renderEscPos(ticket: TicketContent, options: RenderOptions): Buffer {
  return Buffer.from(withoutPreamble(transform(markdownOf(ticket, options), { ...base(options.paperWidth), command: 'epson' }), ESCPOS_PREAMBLE), 'binary');
}

/**
 * The ticket as an image, for the preview on the Printers page. receiptline's SVG imports a web
 * font from a font CDN; it is taken out, so the preview draws in the device's monospace font and
 * asks nothing of anybody else.
 */
export function renderSvg(ticket: TicketContent, options: RenderOptions): string {
  return transform(markdownOf(ticket, options), { ...base(options.paperWidth), command: 'svg' }).replace(/<style type="text\/css"><!\[CDATA\[@import url\([^)]*\);\]\]><\/style>/, '');
}
