import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { collections, conditionalUpsert } from '@/lib/db';
import { getSettings, restaurantClockAt } from '@/lib/settings/store';

/**
 * The monthly cap on texts (Settings, "Texts per month"): each text takes one of the month's
 * places before it is sent, in one conditional write, so two senders at once never pass the cap
 * between them; a text that could not be sent gives its place back. Past the cap, the month's
 * other notices go by email. Months are the restaurant's calendar.
 */

export async function monthOf(now = clockNow()): Promise<string> {
  return (await restaurantClockAt(now)).today.slice(0, 7);
}

/** Takes a place for one text this month: the month, or null when the cap is reached. */
export async function takeTextPlace(now = clockNow()): Promise<string | null> {
  const cap = (await getSettings()).notices.textsPerMonth;
  if (cap <= 0) return null;
  const month = await monthOf(now);
  const { textMonths } = await collections();
  const taken = await conditionalUpsert(textMonths, { _id: month, sent: { $lt: cap } }, { $inc: { sent: 1 } });
  return taken ? month : null;
}

export async function giveTextPlaceBack(month: string): Promise<void> {
  const { textMonths } = await collections();
  await textMonths.updateOne({ _id: month, sent: { $gt: 0 } }, { $inc: { sent: -1 } });
}

export async function textsSentIn(month: string): Promise<number> {
  const { textMonths } = await collections();
  return (await textMonths.findOne({ _id: month }))?.sent ?? 0;
}
