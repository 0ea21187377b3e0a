import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { starConfirm, starFetch, starPoll } from '@/lib/printing/cloudprnt';

type Ctx = { params: Promise<{ token: string }> };

/** Star CloudPRNT: the printer's poll, with its status; answers whether a job is ready, and in which media types. */
export const POST = route<Ctx>(async (req, { params }) => NextResponse.json(await starPoll((await params).token, req)));

/** The job, in the media type the printer chose (`?type=`), for the token it was offered (`?token=`). */
export const GET = route<Ctx>(async (req, { params }) => starFetch((await params).token, req));

/** The printer's word on the job it fetched (`?code=`, `?token=`). */
export const DELETE = route<Ctx>(async (req, { params }) => {
  await starConfirm((await params).token, req);
  return NextResponse.json({ confirmed: true });
});
