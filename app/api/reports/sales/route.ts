import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { exportOrders } from '@/lib/exports/exports';
import { csvResponse } from '@/lib/exports/response';
import { getSalesReport } from '@/lib/reports/sales';
import { salesReportQuerySchema } from '@/lib/reports/schemas';

/** The sales of `from` to `to` (both days included, the restaurant's calendar), admins only; `format=csv` streams the orders of those days with their lines. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const { from, to, format } = readQuery(req, salesReportQuerySchema);
  if (format === 'csv') return csvResponse(await exportOrders(admin, { from, to }), `orders-${from}-to-${to}`);
  return NextResponse.json(await getSalesReport(admin, { from, to }));
});
