// Who the client is, for rate limits. `next start` cannot say: it keeps an X-Forwarded-For the
// client sent and fills one from the socket only when there is none, so a client that sends
// its own gets a fresh address on every request. The production server (server.mjs) therefore
// works the address out from the socket itself and hands it to the app in CLIENT_ADDRESS_HEADER,
// replacing any copy the client sent. Plain JavaScript because server.mjs runs under plain Node.

/** The request header the production server writes the client's address into. */
export const CLIENT_ADDRESS_HEADER = 'x-bistro-client-address';

/** Set in the server's own process, so the app knows the header was written by the server. */
export const TRUSTED_ADDRESS_FLAG = 'BISTRO_CLIENT_ADDRESS_FROM_SERVER';

/**
 * TRUST_PROXY_HOPS: how many proxies in front of the server (a load balancer, a tunnel) append
 * the address they saw to X-Forwarded-For. 0, the default, trusts none of it.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {number}
 */
export function trustedProxyHops(env = process.env) {
  const hops = Number(env.TRUST_PROXY_HOPS ?? 0);
  return Number.isInteger(hops) && hops >= 0 ? hops : 0;
}

/**
 * The client's address: the socket's, or with `hops` trusted proxies, the address the farthest
 * of them saw, counted from the right of X-Forwarded-For. Entries further left were written by
 * the client or by proxies nobody vouches for, so they are never read.
 *
 * @param {{ socketAddress: string | undefined, forwardedFor: string | string[] | undefined, hops: number }} from
 * @returns {string}
 */
export function clientAddressOf({ socketAddress, forwardedFor, hops }) {
  const listed = [forwardedFor ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  const chain = [...listed, socketAddress ?? 'unknown'];
  return chain[Math.max(0, chain.length - 1 - hops)] ?? 'unknown';
}
