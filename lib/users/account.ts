import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { revokeFirebaseSessions } from '@/lib/auth/firebase-admin';
import { assertOwnEmail, authorize, type Shopper, type Viewer } from '@/lib/auth/viewer';
import { hasRole } from '@/lib/auth/roles';
import { collections } from '@/lib/db';

/** What a signed-in person does with their own account. */

/** `{ admin }` for the viewer's own email; another user's role is not the viewer's business. */
export function adminFlag(viewer: Viewer, email: string): { admin: boolean } {
  authorize(viewer);
  assertOwnEmail(viewer, email);
  return { admin: hasRole(viewer.role, 'admin') };
}

/** The name the site greets the viewer by (and signs their reviews and bookings with). */
export async function renameAccount(viewer: Viewer, name: string | undefined): Promise<{ modifiedCount: number }> {
  authorize(viewer);
  if (!name) return { modifiedCount: 0 };
  const { users } = await collections();
  const { modifiedCount } = await users.updateOne({ uid: viewer.uid }, { $set: { name } });
  return { modifiedCount };
}

/** Ends this session (a guest's too): its token stops working at once, wherever a copy of it is. */
export async function endSession(viewer: Shopper, now = clockNow()): Promise<void> {
  authorize(viewer, 'guest');
  const { users } = await collections();
  // Sessions past their expiry need no record of having ended: the list stays short.
  await users.updateOne({ uid: viewer.uid }, { $pull: { revokedSessions: { expiresAt: { $lte: now } } } });
  await users.updateOne({ uid: viewer.uid }, { $push: { revokedSessions: { id: viewer.sessionId, expiresAt: viewer.sessionExpiresAt } } });
}

/**
 * Ends every session of the viewer, on every device. Firebase forgets them first, or a browser
 * that still remembers the user would sign straight back in; should that fail, nothing changed
 * and the caller can try again. Then the session version goes up, so a token made before fails
 * however close in time it was made (a version, unlike a timestamp, has no one-second resolution
 * to fall through), and the next sign-in works at once.
 */
export async function endAllSessions(viewer: Shopper): Promise<void> {
  authorize(viewer, 'guest');
  await revokeFirebaseSessions(viewer.uid);
  const { users } = await collections();
  await users.updateOne({ uid: viewer.uid }, { $inc: { sessionVersion: 1 }, $set: { revokedSessions: [] } });
}
