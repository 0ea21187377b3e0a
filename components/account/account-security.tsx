'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { SESSION_KEY } from '@/components/session/use-session';
import { describeAuthError, startServerSession } from '@/lib/client/auth-flow';
import { logout } from '@/lib/client/logout';
import { notify } from '@/lib/client/notify';

const BUTTON = 'min-h-11 rounded bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-gold disabled:opacity-60';

async function firebaseUser() {
  const { getFirebaseAuth } = await import('@/lib/firebase/client');
  const auth = getFirebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) throw new Error('Please log in again first.');
  return auth.currentUser;
}

/**
 * The signed-in person's own account: a way to end every session they have (a lost phone, a
 * shared computer), and for an email/password account whose address Firebase has not verified,
 * the verification mail. A verified address is what lets ADMIN_EMAILS make its owner an admin.
 */
export function AccountSecurity({ email, emailVerified }: { email: string; emailVerified: boolean }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [message, setMessage] = useState('');

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setMessage('');
    try {
      await action();
    } catch (err) {
      setMessage(describeAuthError(err));
    } finally {
      setBusy(false);
    }
  }

  const sendVerification = () =>
    run(async () => {
      const { sendEmailVerification } = await import('firebase/auth');
      await sendEmailVerification(await firebaseUser());
      setSent(true);
    });

  // A sign-in with a fresh ID token tells the server the address is verified now.
  const confirmVerified = () =>
    run(async () => {
      const user = await firebaseUser();
      await user.reload();
      if (!user.emailVerified) {
        setMessage('Firebase has not seen the link followed yet. Open the mail we sent and follow its link first.');
        return;
      }
      await user.getIdToken(true);
      await startServerSession(user);
      await mutate(SESSION_KEY);
      router.refresh();
    });

  const signOutEverywhere = () =>
    run(async () => {
      const confirmed = await notify.confirm({
        icon: 'warning',
        title: 'Sign out everywhere?',
        text: 'Every device signed in to your account, this one included, will have to log in again.',
        confirmButtonText: 'Yes, sign out everywhere',
      });
      if (!confirmed) return;
      await logout({ everywhere: true });
      await mutate(SESSION_KEY, { user: null }, { revalidate: false });
      router.push('/');
      router.refresh();
    });

  return (
    <section aria-labelledby="account-security" className="max-w-2xl space-y-4 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="account-security" className="font-display text-2xl uppercase">
        Your account
      </h2>
      {emailVerified ? null : (
        <div className="space-y-3 rounded bg-amber-50 p-4 text-amber-900">
          <p>
            Your email address <strong className="break-all">{email}</strong> is not verified yet.
            {sent ? ' We sent you a link: follow it, then come back here.' : null}
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={sendVerification} disabled={busy} className={BUTTON}>
              {sent ? 'Send the email again' : 'Send verification email'}
            </button>
            {sent ? (
              <button type="button" onClick={confirmVerified} disabled={busy} className={BUTTON}>
                I have verified my email
              </button>
            ) : null}
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <button type="button" onClick={signOutEverywhere} disabled={busy} className={BUTTON}>
          Sign out everywhere
        </button>
        <span className="text-sm text-gray-600">Ends every session of this account, on every device.</span>
      </div>
      {message ? (
        <p role="alert" className="rounded bg-red-50 px-4 py-3 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </section>
  );
}
