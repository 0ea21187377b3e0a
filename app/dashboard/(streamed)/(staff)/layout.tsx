import type { ReactNode } from 'react';
import { requirePageViewer } from '@/lib/auth/viewer';

/**
 * The kitchen's pages, for staff and admins. proxy.ts has already sent anybody else away; each
 * page asks for Staff itself too (the data layer will not answer without it), since a layout does
 * not re-run on navigation between its pages.
 */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  await requirePageViewer('staff');
  return children;
}
