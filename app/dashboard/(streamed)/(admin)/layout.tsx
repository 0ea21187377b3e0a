import type { ReactNode } from 'react';
import { requirePageViewer } from '@/lib/auth/viewer';

/**
 * The admin pages. proxy.ts has already sent anybody else away; a layout does not re-run on
 * navigation between its pages and renders beside them, so each page that reads admin data asks
 * for the Admin itself (the data layer will not answer without one).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePageViewer('admin');
  return children;
}
