'use client';

import { useState } from 'react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { usePagedList, type FirstPage } from '@/components/ui/use-paged-list';
import { formatCents } from '@/lib/menu/money';
import type { Promo } from '@/lib/promos/types';
import { PromoForm, type PromoDish } from './promo-form';

const offOf = (promo: Promo) => (promo.kind === 'percent' ? `${promo.percent}% off` : `${formatCents(promo.amountCents ?? 0)} off`);

function appliesTo(promo: Promo, dishes: Map<string, string>): string {
  const named = [...promo.categories, ...promo.menuIds.map((id) => dishes.get(id) ?? 'a dish no longer on the menu')];
  return named.length ? named.join(', ') : 'The whole order';
}

function validity(promo: Promo): string {
  if (promo.validFrom && promo.validUntil) return `${promo.validFrom} to ${promo.validUntil}`;
  if (promo.validFrom) return `From ${promo.validFrom}`;
  if (promo.validUntil) return `Until ${promo.validUntil}`;
  return 'Always';
}

/** The Promo codes page: the form (a new code, or the one being changed) and the codes, a page at a time. */
export function PromoAdmin({ first, dishes }: { first: FirstPage<Promo>; dishes: PromoDish[] }) {
  const { items: promos, total, hasMore, loadingMore, loadMore, error, mutate } = usePagedList<Promo>(first.url, first);
  const [editing, setEditing] = useState<Promo | null>(null);
  // A new form (cleared, or filled with the code to change) each time it is opened.
  const [formKey, setFormKey] = useState(0);
  const names = new Map(dishes.map((dish) => [dish._id, dish.name]));

  function open(promo: Promo | null) {
    setEditing(promo);
    setFormKey((key) => key + 1);
  }

  const columns: Column<Promo>[] = [
    { header: 'Code', rowHeader: true, cell: (p) => <span className="font-mono font-semibold">{p.code}</span> },
    { header: 'Discount', cell: (p) => `${offOf(p)}${p.minSubtotalCents ? `, from ${formatCents(p.minSubtotalCents)}` : ''}` },
    { header: 'Applies to', cell: (p) => <span className="capitalize">{appliesTo(p, names)}</span> },
    { header: 'Valid', cell: validity },
    { header: 'Used', cell: (p) => `${p.uses}${p.maxUses !== undefined ? ` of ${p.maxUses}` : ''}${p.maxUsesPerDiner !== undefined ? ` (${p.maxUsesPerDiner} a diner)` : ''}${p.verifiedOnly ? ', verified diners only' : ''}` },
    { header: 'Active', cell: (p) => (p.active ? 'Yes' : 'No') },
    {
      header: 'Change',
      cell: (p) => (
        <button type="button" onClick={() => open(p)} className="inline-flex min-h-11 items-center font-semibold text-gold-dark underline">
          Change<span className="sr-only"> {p.code}</span>
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-8">
      <PromoForm
        key={formKey}
        promo={editing}
        dishes={dishes}
        onSaved={() => {
          open(null);
          void mutate();
        }}
        onCancel={() => open(null)}
      />
      {!promos ? (
        <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading promo codes…" failed="The promo codes could not be loaded." />
      ) : promos.length ? (
        <>
          <DataTable caption="Promo codes, newest first" columns={columns} rows={promos} />
          <LoadMore shown={promos.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} noun={['code', 'codes']} />
        </>
      ) : (
        <EmptyState>No promo code yet: the form above makes the first.</EmptyState>
      )}
    </div>
  );
}
