export const CLIENT_ADDRESS_HEADER: string;
export const TRUSTED_ADDRESS_FLAG: string;
export function trustedProxyHops(env?: NodeJS.ProcessEnv): number;
export function clientAddressOf(from: { socketAddress: string | undefined; forwardedFor: string | string[] | undefined; hops: number }): string;
