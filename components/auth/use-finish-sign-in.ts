'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useSWRConfig } from 'swr';
import type { User } from 'firebase/auth';
import { startServerSession, safeReturnPath } from '@/lib/client/auth-flow';
import { SESSION_KEY } from '@/components/session/use-session';
import { notify } from '@/lib/client/notify';

/** What every sign-in path does once Firebase has a user: server session, record, notice, redirect. */
export function useFinishSignIn() {
  const router = useRouter();
  const params = useSearchParams();
  const { mutate } = useSWRConfig();

  return async function finish(user: User, { notice, name, to }: { notice: string; name?: string | null; to?: string }) {
    await startServerSession(user, name);
    await mutate(SESSION_KEY);
    void notify.success(notice);
    router.replace(to ?? safeReturnPath(params.get('from')));
    router.refresh();
  };
}
