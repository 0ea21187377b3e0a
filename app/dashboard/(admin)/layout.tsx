import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { currentUser } from '@/lib/auth/current-user';

/**
 * The admin guard, on the server, against the role in the database on every request: a
 * role change takes effect at once. Non-admins go to / (spec §2). This covers manageItems too,
 * which the original left unguarded.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user?.admin) redirect('/');
  return children;
}
