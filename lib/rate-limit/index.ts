import 'server-only';
import ipaddr from 'ipaddr.js';
import { HttpError } from '@/lib/api/http';
import { getDb, type AppCollection } from '@/lib/db';
import type { RateLimitDoc } from '@/lib/db/documents';
import { CLIENT_ADDRESS_HEADER, TRUSTED_ADDRESS_FLAG } from '@/lib/security/client-address.mjs';
import { deviceOf } from '@/lib/security/device';

/**
 * Rate limits per client address and per user, in fixed windows. The counters live behind
 * `RateLimitStore`: in process memory for one server on the embedded database, in MongoDB when
 * MONGODB_URI is set, so that every instance of a deployment (each Vercel function has its own
 * memory) counts against the same numbers.
 */
export interface RateLimitStore {
  /** Counts one hit on `key` in the current window and says how many there were. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

/** The window a moment falls in, the same on every instance: windows start at multiples of its length. */
function windowOf(windowMs: number, now: number): { start: number; resetAt: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, resetAt: start + windowMs };
}

/**
 * Counters in a Map. A counter that has not expired is never dropped to make room (that would
 * give a flood of new addresses a way to reset somebody's count); expired ones are swept at
 * most once a second, so memory follows the number of live windows.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    if (now >= this.nextSweep) this.sweep(now);
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: windowOf(windowMs, now).resetAt };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetAt: entry.resetAt };
  }

  /** Live counters (tests, health checks). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number) {
    this.nextSweep = now + 1000;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * One document per key and window, counted by one `$inc` that makes it when absent and answers
 * the count it reached: racing hits each get a count of their own. A TTL index deletes windows
 * once they are over.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private indexed: Promise<unknown> | undefined;

  constructor(private readonly counters: () => Promise<AppCollection<RateLimitDoc>>) {}

  async hit(key: string, windowMs: number) {
    const collection = await this.counters();
    this.indexed ??= collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }).catch((err: unknown) => {
      this.indexed = undefined;
      throw err;
    });
    await this.indexed;
    const { start, resetAt } = windowOf(windowMs, Date.now());
    const counter = await collection.findOneAndUpdate(
      { _id: `${key}@${start}` },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(resetAt) } },
      { upsert: true, returnDocument: 'after', projection: { count: 1 } },
    );
    return { count: counter?.count ?? 1, resetAt };
  }
}

const g = globalThis as { __bistroRateLimitStore?: RateLimitStore };

function defaultStore(): RateLimitStore {
  if (process.env.MONGODB_URI) return new MongoRateLimitStore(async () => (await getDb()).collection('rateLimits'));
  return new MemoryRateLimitStore();
}

/** Replaces the store (tests start each case from zero). */
export function setRateLimitStore(next: RateLimitStore) {
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
  /** Sign-ins whose Firebase token is refused, per client address: a valid sign-in is never counted here. */
  jwt: { name: 'jwt', limit: 20, windowMs: 60_000 },
  /** Sign-ins per person (the Firebase uid): one person cannot use up anybody else's. */
  signIn: { name: 'sign-in', limit: 20, windowMs: 60_000 },
  /** New guests (Continue as guest) per browser: each is a Firebase anonymous account and a record. */
  guestAccount: { name: 'guest', limit: 5, windowMs: 60 * 60_000 },
  /** New guests per client address, whatever the browsers: only a flood reaches it, as a restaurant's Wi-Fi serves many diners. */
  guestAddress: { name: 'guest-address', limit: 100, windowMs: 60 * 60_000 },
  upload: { name: 'upload', limit: 30, windowMs: 10 * 60_000 },
  addToCart: { name: 'cart', limit: 120, windowMs: 60_000 },
  paymentIntent: { name: 'intent', limit: 30, windowMs: 60_000 },
  /** Few enough that codes cannot be found by guessing. */
  promoCheck: { name: 'promo', limit: 10, windowMs: 60_000 },
  payment: { name: 'payment', limit: 30, windowMs: 60_000 },
  demoConfirm: { name: 'demo-confirm', limit: 20, windowMs: 60_000 },
  booking: { name: 'booking', limit: 20, windowMs: 60_000 },
  /** Confirming or cancelling bookings, per person: a loop of book and cancel is stopped here as well as at the mailer. */
  bookingChange: { name: 'booking-change', limit: 20, windowMs: 60_000 },
  review: { name: 'review', limit: 10, windowMs: 60_000 },
  account: { name: 'account', limit: 20, windowMs: 60_000 },
  /** Status changes and refunds, per person: one staff session cannot cancel every open order in a burst. */
  orderChange: { name: 'order-change', limit: 30, windowMs: 60_000 },
  /** Opening the order event stream: a browser reconnects every few minutes, a loop much faster. */
  orderStream: { name: 'order-stream', limit: 60, windowMs: 60_000 },
} satisfies Record<string, Limit>;

function scale(): number {
  const value = Number(process.env.RATE_LIMIT_SCALE ?? '1');
  return Number.isFinite(value) && value > 0 ? value : 1;
}

/**
 * The client's address, from a source the client cannot write: on Vercel its edge's header; under
 * the production server (server.mjs) the header that server wrote from the socket. Anything else
 * (`next dev`, `next start` run by hand) has no trustworthy address, and every caller shares one
 * bucket per route rather than each being able to claim a new one.
 */
export function clientAddress(req: Request, env: NodeJS.ProcessEnv = process.env): string {
  if (env.VERCEL === '1') {
    const vercel = req.headers.get('x-vercel-forwarded-for') ?? req.headers.get('x-real-ip');
    return vercel?.split(',')[0]?.trim() || 'unknown';
  }
  if (env[TRUSTED_ADDRESS_FLAG] === '1') return req.headers.get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown';
  return 'unknown';
}

/**
 * The bucket an address counts in: an IPv4 address itself (also when written as IPv4-mapped
 * IPv6), and for IPv6 its /64, the block one subscriber is given, so rotating through it gains
 * nothing. Anything else is counted as written.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

/** What a limit counts against: the client's address (its bucket), a user, or a browser. */
export type LimitKey = { address: Request } | { user: string } | { device: Request };

function keyOf(limit: Limit, on: LimitKey): string {
  if ('address' in on) return `${limit.name}:ip:${addressBucket(clientAddress(on.address))}`;
  if ('device' in on) {
    // Browsers without a mark share one bucket per address: dropping it gains nothing.
    const device = deviceOf(on.device);
    return device ? `${limit.name}:device:${device}` : `${limit.name}:nodevice:${addressBucket(clientAddress(on.device))}`;
  }
  return `${limit.name}:user:${on.user}`;
}

/** Counts one hit on each of `on` under `limit`; over it on any, 429 with Retry-After (seconds). */
export async function enforceLimit(limit: Limit, ...on: LimitKey[]): Promise<void> {
  const store = (g.__bistroRateLimitStore ??= defaultStore());
  const allowed = Math.ceil(limit.limit * scale());
  for (const key of on.map((target) => keyOf(limit, target))) {
    const { count, resetAt } = await store.hit(key, limit.windowMs);
    if (count > allowed) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      throw new HttpError(429, `Too many requests. Try again in ${retryAfter} seconds.`, { 'Retry-After': String(retryAfter) });
    }
  }
}

/**
 * Counts this request against the client's address bucket and, when a user is known, the
 * user's; over either limit it answers 429 with Retry-After (seconds).
 */
export async function enforceRateLimit(req: Request, limit: Limit, user?: { uid: string } | null): Promise<void> {
  await enforceLimit(limit, { address: req }, ...(user ? [{ user: user.uid }] : []));
}
