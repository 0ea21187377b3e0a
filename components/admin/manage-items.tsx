'use client';

import Link from 'next/link';
import useSWR from 'swr';
import type { MenuItem } from '@/lib/menu/types';
import { formatPrice } from '@/lib/menu/money';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, LoadError } from '@/components/ui/load-states';
import { DeleteButton } from './delete-button';
import { ACTION_BUTTON, Icon } from './icons';

export const MENU_KEY = '/api/menu';

/**
 * Every menu item with links to edit it and a delete button. The server renders the first list;
 * SWR keeps it fresh (after a delete, or when the tab regains focus).
 */
export function ManageItems({ initialItems }: { initialItems: MenuItem[] }) {
  const { data: items, error, mutate } = useSWR<MenuItem[]>(MENU_KEY, { fallbackData: initialItems });

  const columns: Column<MenuItem>[] = [
    {
      header: 'Image',
      cell: (item) => (
        // eslint-disable-next-line @next/next/no-img-element -- small thumbnails of local or hosted pictures
        <img src={item.image} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 rounded bg-cream object-cover" />
      ),
    },
    {
      header: 'Item Name',
      rowHeader: true,
      cell: (item) => (
        <>
          <span className="block font-semibold">{item.name}</span>
          <span className="text-xs text-gray-500 capitalize">{item.category}</span>
        </>
      ),
    },
    { header: 'Price', cell: (item) => formatPrice(item.price), className: 'text-right tabular-nums' },
    {
      header: 'Update',
      cell: (item) => (
        <Link href={`/dashboard/updateItem/${item._id}`} aria-label={`Update ${item.name}`} title={`Update ${item.name}`} className={`${ACTION_BUTTON} bg-[#d1a054] hover:bg-gold-dark`}>
          <Icon name="edit" />
        </Link>
      ),
      className: 'w-20 text-center',
    },
    {
      header: 'Delete',
      cell: (item) => <DeleteButton url={`/api/menu/${item._id}`} name={item.name} onDeleted={() => mutate()} />,
      className: 'w-20 text-center',
    },
  ];

  if (error && !items?.length) return <LoadError onRetry={() => void mutate()}>The menu could not be loaded.</LoadError>;
  if (!items?.length) {
    return (
      <EmptyState>
        The menu is empty. <Link href="/dashboard/additems" className="font-semibold text-gold underline">Add the first item</Link>.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="items-count">
      <h2 id="items-count" className="mb-4 font-display text-2xl uppercase">
        Total items: {items.length}
      </h2>
      <DataTable caption="Menu items" columns={columns} rows={items} />
    </section>
  );
}
