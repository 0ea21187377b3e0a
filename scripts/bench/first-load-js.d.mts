export const GZIP_LEVEL: number;
/** Script URLs a page's HTML loads (not its `nomodule` polyfills), other script URLs, and its inline script text. */
export function scriptsInHtml(html: string, pageUrl: string): { urls: string[]; other: string[]; nomodule: string[]; inline: string };
export function measureFirstLoadJs(baseUrl: string, paths: string[], options?: { headers?: Record<string, string> }): Promise<unknown>;
