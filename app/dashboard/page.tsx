import { redirect } from 'next/navigation';
import { currentUser } from '@/lib/auth/current-user';

export default async function DashboardIndex() {
  const user = await currentUser();
  redirect(user?.admin ? '/dashboard/adminHome' : '/dashboard/userHome');
}
