'use client';

import { useState } from 'react';
import { api } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { useSession } from '@/components/session/use-session';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { FilterSelect, listUrl } from '@/components/ui/filter-fields';
import { LoadMore } from '@/components/ui/load-more';
import { SearchField } from '@/components/ui/search-field';
import { usePagedList, type FirstPage } from '@/components/ui/use-paged-list';
import { ACCOUNT_ROLES } from '@/lib/auth/roles';
import type { AccountRole, Role } from '@/lib/auth/roles';
import { formatTotal } from '@/lib/pagination/link';
import type { UserRecord as UserRow } from '@/lib/users/types';
import { DeleteButton } from './delete-button';
import { ACTION_BUTTON, Icon } from './icons';
import { useAction } from './use-action';


const ROLE_LABEL: Record<AccountRole, string> = { diner: 'Diners', staff: 'Staff', admin: 'Admins' };

/** The one role-setting call: `PATCH /api/users/{id}`. Their sessions end, so the new role applies at their next sign-in. */
const setRole = (user: UserRow, role: Role) => api<{ modifiedCount: number }>(`/api/users/${user._id}`, { method: 'PATCH', json: { role } });

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
          const { modifiedCount } = await setRole(user, 'admin');
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

/** Diner or kitchen staff; admins are made with the button beside it. */
function StaffChoice({ user, onDone }: { user: UserRow; onDone: () => Promise<unknown> }) {
  const { busy, run } = useAction();
  const role = user.role ?? 'diner';
  return (
    <select
      aria-label={`Role of ${user.name}`}
      value={role}
      disabled={busy}
      onChange={(event) => {
        const next = event.target.value as Role;
        void run(async () => {
          await setRole(user, next);
          await onDone();
          void notify.toast(next === 'staff' ? `${user.name} is staff now` : `${user.name} is a diner now`);
        });
      }}
      className="min-h-11 rounded border border-gray-300 bg-white px-2 py-2 disabled:cursor-wait"
    >
      <option value="diner">Diner</option>
      <option value="staff">Staff</option>
    </select>
  );
}

/** Everybody with a user record, newest first, a page at a time: make them staff, a diner again or admin, or delete them. */
export function AllUsers({ first }: { first: FirstPage<UserRow> }) {
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<AccountRole | ''>('');
  const url = listUrl(first.url, { search, role: roleFilter });
  const { items: users, total, hasMore, loadingMore, loadMore, error, mutate } = usePagedList<UserRow>(url, first);

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
        u.role === 'admin' ? (
          <span className="font-semibold text-gold-dark">Admin</span>
        ) : (
          <div className="flex items-center gap-2">
            <StaffChoice user={u} onDone={() => mutate()} />
            <MakeAdminButton user={u} onDone={() => mutate()} />
          </div>
        ),
      className: 'w-48',
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

  let body;
  if (!users) body = <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading users…" failed="The users could not be loaded." />;
  else if (!users.length) body = <EmptyState>{url === first.url ? 'Nobody has signed up yet.' : 'Nobody matches this search.'}</EmptyState>;
  else
    body = (
      <>
        <DataTable caption="Users" columns={columns} rows={users} />
        <LoadMore shown={users.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} noun={['user', 'users']} />
      </>
    );

  return (
    <section aria-labelledby="users-count" className="space-y-4">
      <h2 id="users-count" className="font-display text-2xl uppercase">
        Total users: {total ? formatTotal(total) : (users?.length ?? '…')}
      </h2>
      <form role="search" aria-label="Find users" onSubmit={(event) => event.preventDefault()} className="flex flex-wrap items-end gap-4">
        <SearchField id="user-search" label="Search" placeholder="Name or email" value={search} onSearch={setSearch} />
        <FilterSelect id="user-role" label="Role" value={roleFilter} onChange={(value) => setRoleFilter(value as AccountRole | '')}>
          <option value="">Everybody</option>
          {ACCOUNT_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </FilterSelect>
      </form>
      {body}
    </section>
  );
}
