import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { HttpError } from '@/lib/api/http';
import { authorize, type Shopper, type Viewer } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import type { OrderTextsDoc, TextConsentDoc } from '@/lib/db/documents';
import type { AccountTextsInput, TextsChoice } from './schemas';
import { smsConfig } from './sms/config';
import { TEXT_CONSENT_WORDING, type TextPreferences } from './types';

/**
 * Consent to texts, and its withdrawal. A diner agrees by ticking a box whose exact wording
 * (TEXT_CONSENT_WORDING), the time and the address it came from are kept: on the checkout's
 * record (`orderTexts`, keyed by its provider intent) and, for a person with an account, on their
 * record so the next checkout starts from it. A number that replied STOP is in `smsOptOuts` until
 * it replies START: nothing is texted to it, and a new opt-in to it is refused with the way back.
 */

const STOPPED = 'This number replied STOP to our texts, so we cannot text it. Text START to our number to get texts again, or leave the number out.';

function consentNow(address: string): TextConsentDoc {
  return { wording: TEXT_CONSENT_WORDING, at: clockNow(), address };
}

export async function hasOptedOut(phone: string): Promise<boolean> {
  const { smsOptOuts } = await collections();
  return (await smsOptOuts.findOne({ _id: phone }, { projection: { _id: 1 } })) !== null;
}

/** Refuses a choice to be texted that cannot be honoured: texts are off, or the number said STOP. Before anything is written. */
export async function assertTextsPossible(choice: TextsChoice | undefined): Promise<void> {
  if (!choice) return;
  if (!smsConfig().provider) throw new HttpError(400, 'This restaurant does not send texts: leave the number out.');
  if (await hasOptedOut(choice.phone)) throw new HttpError(400, STOPPED);
}

/**
 * Keeps the texting choice of a checkout just opened (its provider intent): the order it becomes
 * is texted at that number. A person with an account keeps the number and the choice for next
 * time; a guest's account is left alone.
 */
export async function keepCheckoutTexts(viewer: Shopper, transactionId: string, choice: TextsChoice | undefined, address: string): Promise<void> {
  authorize(viewer, 'guest');
  const { orderTexts, users } = await collections();
  if (!choice) {
    // A checkout resumed without the box ticked takes its choice back (read first: most checkouts never had one, and write nothing).
    if (await orderTexts.findOne({ _id: transactionId }, { projection: { _id: 1 } })) await orderTexts.deleteOne({ _id: transactionId, ownerUid: viewer.uid });
    return;
  }
  const consent = consentNow(address);
  const doc: OrderTextsDoc = { _id: transactionId, ownerUid: viewer.uid, phone: choice.phone, consent };
  await orderTexts.updateOne({ _id: transactionId }, { $set: doc }, { upsert: true });
  if (viewer.role !== 'guest') await users.updateOne({ uid: viewer.uid }, { $set: { textPreferences: { phone: choice.phone, consent } } });
}

/** The texting choice the order paid by this intent was made with, if any, unless its number has said STOP since. */
export async function textsForOrder(transactionId: string): Promise<OrderTextsDoc | null> {
  const { orderTexts } = await collections();
  const texts = await orderTexts.findOne({ _id: transactionId });
  return texts && !(await hasOptedOut(texts.phone)) ? texts : null;
}

export async function textPreferences(viewer: Viewer): Promise<TextPreferences> {
  authorize(viewer);
  const { users } = await collections();
  const saved = (await users.findOne({ uid: viewer.uid }, { projection: { textPreferences: 1 } }))?.textPreferences;
  if (!saved) return { phone: null, texts: false, stopped: false };
  return { phone: saved.phone, texts: saved.consent !== null, stopped: await hasOptedOut(saved.phone) };
}

/** The account's number and choice, as the diner sets them; ticking the box there is consent, kept as at checkout. */
export async function setTextPreferences(viewer: Viewer, input: AccountTextsInput, address: string): Promise<TextPreferences> {
  authorize(viewer);
  const { users } = await collections();
  if (input.texts) await assertTextsPossible({ phone: input.phone!, consent: true });
  if (input.phone === null) {
    await users.updateOne({ uid: viewer.uid }, { $unset: { textPreferences: '' } });
  } else {
    await users.updateOne({ uid: viewer.uid }, { $set: { textPreferences: { phone: input.phone, consent: input.texts ? consentNow(address) : null } } });
  }
  return textPreferences(viewer);
}

/** STOP (and its synonyms) from a number: recorded once, kept until START. */
export async function recordOptOut(phone: string, keyword: string): Promise<void> {
  const { smsOptOuts } = await collections();
  await smsOptOuts.updateOne({ _id: phone }, { $setOnInsert: { _id: phone, at: clockNow(), keyword } }, { upsert: true });
}

export async function clearOptOut(phone: string): Promise<void> {
  const { smsOptOuts } = await collections();
  await smsOptOuts.deleteOne({ _id: phone });
}
