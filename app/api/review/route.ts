import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { getReviews } from '@/lib/menu/queries';

export const GET = route(async () => NextResponse.json(await getReviews()));
