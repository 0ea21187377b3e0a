import 'server-only';

/**
 * The order event stream's settings, read from the environment when used (see docs/operations.md,
 * "Configuration"). GET /api/orders/stream declares `maxDuration = 300`, the longest a Vercel
 * function runs on every plan; a stream ends a little before, and the browser reconnects.
 */

const ROUTE_MAX_DURATION_S = 300;

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value?.trim() && Number.isFinite(n) && n > 0 ? n : fallback;
}

export interface StreamConfig {
  /** A comment every this often keeps proxies from closing a quiet stream; the session is checked again then too. */
  heartbeatMs: number;
  /** A stream ends after this long, before the hosting limit ends it mid-write. */
  maxMs: number;
  /** Streams one person may hold open at once on one server (times RATE_LIMIT_SCALE). */
  perViewer: number;
  /** How often a MongoDB without change streams is asked for changed orders. */
  pollMs: number;
  /** Recent events each server keeps for clients that reconnect. */
  bufferSize: number;
  /** How long the source keeps running once nobody is connected. */
  idleMs: number;
}

export function streamConfig(env: NodeJS.ProcessEnv = process.env): StreamConfig {
  const scale = positive(env.RATE_LIMIT_SCALE, 1);
  return {
    heartbeatMs: positive(env.ORDER_STREAM_HEARTBEAT_SECONDS, 15) * 1000,
    maxMs: Math.min(positive(env.ORDER_STREAM_MAX_SECONDS, 270), ROUTE_MAX_DURATION_S - 10) * 1000,
    perViewer: Math.ceil(positive(env.ORDER_STREAM_LIMIT_PER_VIEWER, 6) * scale),
    pollMs: positive(env.ORDER_POLL_MS, 1000),
    bufferSize: 500,
    idleMs: 30_000,
  };
}
