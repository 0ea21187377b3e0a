import { HttpError } from '@/lib/api/http';

/**
 * Rate limits per client and per user. The counters live behind `RateLimitStore`: the memory
 * store below is right for one server process (`npm start`, one container). On Vercel each
 * instance has its own memory, so a deployment that scales out should plug in a shared store
 * (Upstash Redis or Vercel KV: INCR + PEXPIRE on the key give exactly `hit`).
 */
export interface RateLimitStore {
  /** Counts one hit on `key` in the current window and says how many there were. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

/** Fixed windows in a Map; expired keys are swept as the map grows, so memory stays bounded. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetAt: entry.resetAt };
  }

  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full of live keys (a flood of distinct clients): drop the oldest rather than grow.
    const excess = this.windows.size - Math.floor(this.maxKeys * 0.9);
    if (excess > 0) [...this.windows.keys()].slice(0, excess).forEach((key) => this.windows.delete(key));
  }
}

const g = globalThis as { __bistroRateLimitStore?: RateLimitStore };
let store: RateLimitStore = (g.__bistroRateLimitStore ??= new MemoryRateLimitStore());

/** Replaces the store (a shared one in production, a fresh one in tests). */
export function setRateLimitStore(next: RateLimitStore) {
  store = next;
  g.__bistroRateLimitStore = next;
}

export interface Limit {
  /** What is limited, e.g. 'jwt'; part of the key. */
  name: string;
  /** Allowed hits per window. */
  limit: number;
  windowMs: number;
}

/** Limits, in one place. RATE_LIMIT_SCALE multiplies them (a load test sets it high). */
export const LIMITS = {
  jwt: { name: 'jwt', limit: 20, windowMs: 60_000 },
  upload: { name: 'upload', limit: 30, windowMs: 10 * 60_000 },
  addToCart: { name: 'cart', limit: 120, windowMs: 60_000 },
  paymentIntent: { name: 'intent', limit: 30, windowMs: 60_000 },
  booking: { name: 'booking', limit: 20, windowMs: 60_000 },
} satisfies Record<string, Limit>;

function scale(): number {
  const value = Number(process.env.RATE_LIMIT_SCALE ?? '1');
  return Number.isFinite(value) && value > 0 ? value : 1;
}

/**
 * The client's address as the platform reports it. Vercel and most proxies put the caller
 * first in X-Forwarded-For; with no proxy in front, every caller shares one bucket per route.
 */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.headers.get('x-real-ip')?.trim() || 'direct';
}

/**
 * Counts this request against the client's bucket and, when a user is known, the user's; over
 * either limit it answers 429 with Retry-After (seconds).
 */
export async function enforceRateLimit(req: Request, limit: Limit, user?: { email: string } | null): Promise<void> {
  const allowed = Math.ceil(limit.limit * scale());
  const keys = [`${limit.name}:ip:${clientAddress(req)}`];
  if (user) keys.push(`${limit.name}:user:${user.email.toLowerCase()}`);
  for (const key of keys) {
    const { count, resetAt } = await store.hit(key, limit.windowMs);
    if (count > allowed) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      throw new HttpError(429, `Too many requests. Try again in ${retryAfter} seconds.`, { 'Retry-After': String(retryAfter) });
    }
  }
}
