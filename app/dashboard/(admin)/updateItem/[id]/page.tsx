import { notFound } from 'next/navigation';
import { ComingSoon } from '@/components/dashboard/coming-soon';
import { getMenuItem } from '@/lib/menu/queries';

export default async function UpdateItemPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const item = await getMenuItem(id);
  if (!item) notFound();
  return <ComingSoon title={`Update ${item.name}`} what="Editing menu items" />;
}
