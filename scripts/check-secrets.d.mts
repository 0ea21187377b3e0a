export const SERVER_SECRETS: string[];
export function findSecretLeaks(options?: { env?: NodeJS.ProcessEnv; staticDir?: string; dataDir?: string }): string[];
