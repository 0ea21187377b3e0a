import { fulfilmentLabel } from '@/lib/fulfilment/labels';
import { ALLERGEN_LABELS } from '@/lib/menu/allergens';
import { formatCents } from '@/lib/menu/money';
import { describeSelection } from '@/lib/menu/pricing';
import type { TicketContent, TicketKind } from './types';

/**
 * The one ticket layout, as ReceiptLine markdown (receiptline renders it for every printer and
 * for the preview): the kind when it is not a new order, the order number large, pickup time or
 * table, the diner's name, the stations, then each line with its choices, the diner's note and its
 * allergens, and what was paid. Client-safe, so the preview and the printers share it.
 */

/** Characters a line holds on each roll width, in the printers' standard font. */
export const CHARACTERS_PER_LINE: Record<number, number> = { 58: 32, 80: 48 };

/**
 * Text from diners and the menu, made inert: ReceiptLine's markup characters become hexadecimal
 * escapes (which it prints as themselves), and control characters and line breaks go.
 */
export function inert(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/[\\|{}\-=_"`^~]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .trim();
}

const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));

const HEADLINE: Record<TicketKind, string | null> = { order: null, reprint: 'REPRINT', cancel: 'CANCELLED' };

export function ticketMarkdown(ticket: TicketContent, kind: TicketKind, timeZone: string): string {
  const out: string[] = ['{width:*; align:center}'];
  const headline = HEADLINE[kind];
  if (headline) out.push(`\`^^^${headline}\``, '');
  out.push(`^^^${inert(ticket.label)}`);
  if (ticket.fulfilment) out.push(`^^${inert(fulfilmentLabel(ticket.fulfilment))}`);
  if (ticket.name) out.push(`"${inert(ticket.name)}"`);
  out.push(inert(ticket.stations.join(' + ')), `Paid ${inert(when(ticket.paidAt, timeZone))}`, '---', '{width:4,*; align:left}');
  for (const line of ticket.lines) {
    out.push(`|^^${line.quantity}x |^^${inert(line.name)} |`);
    const chosen = line.options.filter((option) => option.choices.length);
    if (chosen.length) out.push(`| |${inert(describeSelection(chosen))} |`);
    if (line.note) out.push(`| |"Note: ${inert(line.note)}" |`);
    if (line.allergens.length) out.push(`| |\`ALLERGENS: ${inert(line.allergens.map((a) => ALLERGEN_LABELS[a]).join(', '))}\` |`);
  }
  out.push('---', '{width:*; align:center}');
  out.push(kind === 'cancel' ? '^^"DO NOT MAKE"' : `^^"PAID ${inert(formatCents(ticket.paidCents))}"`);
  return out.join('\n');
}

/** Copies of one ticket, each cut off the roll. */
export function withCopies(markdown: string, copies: number): string {
  return Array.from({ length: copies }, () => markdown).join('\n=\n');
}
