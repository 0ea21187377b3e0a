import 'server-only';
import { authorize, type Viewer } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import type { MailPreferences } from './types';

/** What a diner chose to be emailed: "ready" messages can be turned off; receipts and refund notices always go. */

export async function mailPreferences(viewer: Viewer): Promise<MailPreferences> {
  authorize(viewer);
  const { users } = await collections();
  const record = await users.findOne({ uid: viewer.uid }, { projection: { readyEmails: 1 } });
  return { ready: record?.readyEmails !== false };
}

export async function setMailPreferences(viewer: Viewer, preferences: MailPreferences): Promise<MailPreferences> {
  authorize(viewer);
  const { users } = await collections();
  await users.updateOne({ uid: viewer.uid }, { $set: { readyEmails: preferences.ready } });
  return preferences;
}
