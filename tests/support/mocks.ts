/**
 * `vi.mock` factories (vitest hoists the calls, so each file names them itself):
 * - next/cache: revalidatePath and revalidateTag need a Next.js server around them; the tests
 *   check what is asked. unstable_cache is the function itself: no cache outside a server.
 * - Firebase: the real deletion against the Auth Emulator when FIREBASE_AUTH_EMULATOR_HOST is
 *   set (as `npm test` does), else a no-op; either way the call is recorded.
 */
import { vi } from 'vitest';

export const mockNextCache = () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), unstable_cache: <F,>(fn: F) => fn });

export async function mockFirebaseAdmin(importOriginal: () => Promise<typeof import('@/lib/auth/firebase-admin')>) {
  const real = await importOriginal();
  return {
    ...real,
    deleteFirebaseUser: vi.fn(async (who: string) => (process.env.FIREBASE_AUTH_EMULATOR_HOST ? real.deleteFirebaseUser(who) : false)),
  };
}
