'use client';

import useSWR from 'swr';
import { api } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { useSession } from '@/components/session/use-session';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import type { UserRecord as UserRow } from '@/lib/users/types';
import { DeleteButton } from './delete-button';
import { ACTION_BUTTON, Icon } from './icons';
import { useAction } from './use-action';

const USERS_KEY = '/api/users';

function MakeAdminButton({ user, onDone }: { user: UserRow; onDone: () => Promise<unknown> }) {
  const { busy, run } = useAction();
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={`Make ${user.name} admin`}
      title={`Make ${user.name} admin`}
      onClick={() =>
        run(async () => {
          const { modifiedCount } = await api<{ modifiedCount: number }>(`/api/users/admin/${user._id}`, { method: 'PATCH' });
          await onDone();
          if (modifiedCount > 0) void notify.success(`${user.name} is admin now!!!!`);
        })
      }
      className={`${ACTION_BUTTON} bg-[#d1a054] hover:bg-gold-dark`}
    >
      <Icon name="users" />
    </button>
  );
}

/** Everybody with a user record: make them admin or delete them. */
export function AllUsers() {
  const { user: me } = useSession();
  const { data: users, error, mutate } = useSWR<UserRow[]>(USERS_KEY);

  if (!users) return <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading users…" failed="The users could not be loaded." />;

  const columns: Column<UserRow>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (u) => (
        <>
          <span className="font-semibold">{u.name}</span>
          {u.email === me?.email ? <span className="ml-2 rounded bg-cream px-2 py-0.5 text-xs text-gray-600">you</span> : null}
        </>
      ),
    },
    { header: 'Email', cell: (u) => <span className="break-all">{u.email}</span> },
    {
      header: 'Role',
      cell: (u) =>
        u.role === 'admin' ? <span className="font-semibold text-gold-dark">Admin</span> : <MakeAdminButton user={u} onDone={() => mutate()} />,
      className: 'w-24',
    },
    {
      header: 'Action',
      cell: (u) => (
        <DeleteButton
          url={`/api/users/${u._id}`}
          name={u.name}
          onDeleted={() => mutate()}
          disabledReason={u.email === me?.email ? 'You cannot delete your own account.' : undefined}
        />
      ),
      className: 'w-20 text-center',
    },
  ];

  return (
    <section aria-labelledby="users-count">
      <h2 id="users-count" className="mb-4 font-display text-2xl uppercase">
        Total users: {users.length}
      </h2>
      {users.length ? <DataTable caption="Users" columns={columns} rows={users} /> : <EmptyState>Nobody has signed up yet.</EmptyState>}
    </section>
  );
}
