import { currentUser } from '@/lib/auth/current-user';

export default async function AdminHome() {
  const user = await currentUser();
  return (
    <h1 className="font-display text-3xl">
      <span>Hi, Welcome </span>
      {user?.name ? user.name : 'Back'}
    </h1>
  );
}
