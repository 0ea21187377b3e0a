export function contentSecurityPolicy(env?: NodeJS.ProcessEnv): string;
export function securityHeaders(env?: NodeJS.ProcessEnv): { key: string; value: string }[];
