import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { HttpError } from '@/lib/api/http';

/**
 * Vercel Cron calls its routes with `Authorization: Bearer <CRON_SECRET>`. Without the variable
 * set, the route answers nobody: a drain anybody could start is a way to load the SMTP server.
 */
export function requireCronSecret(req: Request, env: NodeJS.ProcessEnv = process.env): void {
  const secret = env.CRON_SECRET?.trim();
  if (!secret) throw new HttpError(404, 'CRON_SECRET is not set, so the cron routes are off.');
  const sent = Buffer.from(req.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw new HttpError(401, 'This route is for the scheduler.');
}
