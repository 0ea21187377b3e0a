import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { removePrinter, updatePrinter } from '@/lib/printing/printers';
import { printerUpdateSchema } from '@/lib/printing/schemas';

type Ctx = { params: Promise<{ id: string }> };

/** Admins: a printer's new name, protocol, paper, copies and stations, with `updatedAt` as last seen (409 when changed since). */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await updatePrinter(admin, (await params).id, await readJson(req, printerUpdateSchema)));
});

/** Admins: removes the printer; the tickets it had still to print fail. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await removePrinter(admin, (await params).id));
});
