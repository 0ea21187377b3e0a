import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { menuQuerySchema } from '@/lib/validation/menu';
import { getMenuItems } from '@/lib/menu/queries';

export const GET = route(async (req) => {
  const { category } = readQuery(req, menuQuerySchema);
  return NextResponse.json(await getMenuItems(category));
});
