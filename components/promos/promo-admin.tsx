'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/load-states';
import { formatCents } from '@/lib/menu/money';
import type { Promo, PromoPage } from '@/lib/promos/types';
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
export function PromoAdmin({ page, dishes, before }: { page: PromoPage; dishes: PromoDish[]; before?: string }) {
  const router = useRouter();
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
    { header: 'Used', cell: (p) => `${p.uses}${p.maxUses !== undefined ? ` of ${p.maxUses}` : ''}${p.maxUsesPerDiner !== undefined ? ` (${p.maxUsesPerDiner} a diner)` : ''}` },
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
          router.refresh();
        }}
        onCancel={() => open(null)}
      />
      {page.promos.length ? (
        <DataTable caption="Promo codes, newest first" columns={columns} rows={page.promos} />
      ) : (
        <EmptyState>{before ? 'No older codes.' : 'No promo code yet: the form above makes the first.'}</EmptyState>
      )}
      {page.next ? (
        <Link href={`/dashboard/promos?before=${page.next}`} className="inline-flex min-h-11 items-center font-semibold text-gold-dark underline">
          Older codes
        </Link>
      ) : null}
    </div>
  );
}
