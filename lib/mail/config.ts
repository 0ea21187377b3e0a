/**
 * How mail leaves, read from the environment when used (see docs/email.md): the SMTP server
 * (`SMTP_URL`), the sender (`MAIL_FROM`), and the outbox's retry schedule and drain interval.
 * Browser-safe and free of server imports, so the start check and the scripts read it too.
 */

/** The variables read, as `process.env` has them or a test gives them. */
type Env = Readonly<Record<string, string | undefined>>;

export interface MailConfig {
  /** The SMTP server, as nodemailer takes it; null when none is configured (messages wait). */
  smtpUrl: string | null;
  /** The From address, when set; else the restaurant's own email in its name. */
  from: string | null;
  /** Seconds to wait after each failed attempt; one attempt more than entries, then the message fails. */
  retrySeconds: number[];
  /** How long a sender holds a claimed message before another may take it over. */
  leaseMs: number;
  /** How often a long-running server drains the outbox (not on Vercel: the cron does). */
  drainEveryMs: number;
}

const DEFAULT_RETRY_SECONDS = [60, 300, 900, 3600, 3 * 3600, 6 * 3600];

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value?.trim() && Number.isFinite(n) && n > 0 ? n : fallback;
}

function retrySchedule(value: string | undefined): number[] {
  const steps = (value ?? '').split(',').map((step) => Number(step.trim()));
  return value?.trim() && steps.every((s) => Number.isFinite(s) && s > 0) ? steps : DEFAULT_RETRY_SECONDS;
}

/**
 * Why `SMTP_URL` cannot be used, or null when it can (or is unset). Checked at start, so a typo
 * stops the server at once instead of leaving every message waiting.
 */
export function smtpUrlProblem(env: Env = process.env): string | null {
  const value = env.SMTP_URL?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'SMTP_URL is not a URL. Write it as smtp://user:password@host:587 or smtps://user:password@host:465 (percent-encode special characters in the user and password).';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//.`;
  }
  if (!url.hostname) return 'SMTP_URL names no host: smtp://user:password@host:587.';
  if (url.port && !(Number(url.port) >= 1 && Number(url.port) <= 65535)) return 'SMTP_URL has a port outside 1 to 65535.';
  return null;
}

export function mailConfig(env: Env = process.env): MailConfig {
  return {
    smtpUrl: env.SMTP_URL?.trim() && !smtpUrlProblem(env) ? env.SMTP_URL.trim() : null,
    from: env.MAIL_FROM?.trim() || null,
    retrySeconds: retrySchedule(env.MAIL_RETRY_SECONDS),
    leaseMs: positive(env.MAIL_LEASE_SECONDS, 300) * 1000,
    drainEveryMs: positive(env.MAIL_DRAIN_SECONDS, 30) * 1000,
  };
}

/** Where mail goes, for the admin's eyes: the scheme, host and port, never the credentials. */
export function smtpServerLabel(config: MailConfig = mailConfig()): string | null {
  if (!config.smtpUrl) return null;
  const url = new URL(config.smtpUrl);
  return `${url.protocol}//${url.host}`;
}
