import 'server-only';
import { smtpUrlProblem } from './config';
import { startPeriodicDrain } from './drain';

/**
 * At server start: a malformed SMTP_URL stops the server, naming the variable, rather than leave
 * every message waiting. A long-running server then drains the outbox every MAIL_DRAIN_SECONDS;
 * on Vercel, where nothing runs between requests, the cron route does instead.
 */
export function startMail(env: Readonly<Record<string, string | undefined>> = process.env): void {
  const problem = smtpUrlProblem(env);
  if (problem) {
    console.error(`\n[bistro] Cannot start: ${problem}\n`);
    process.exit(1);
  }
  if (!env.VERCEL) startPeriodicDrain();
}
