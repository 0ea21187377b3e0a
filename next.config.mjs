import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import { securityHeaders } from './lib/security/headers.mjs';

/**
 * What a deployment on Vercel cannot run without: its functions have a read-only disk and no
 * memory between instances, so the embedded database and a generated session secret would fail
 * every request. `vercel build`, Vercel's own builds and `npm run build` all load this file.
 */
const REQUIRED_ON_VERCEL = {
  MONGODB_URI: 'the MongoDB (Atlas) connection string',
  SESSION_SECRET: 'signs session tokens, e.g. the output of `openssl rand -base64 48`',
};

/** Stops a Vercel build (VERCEL=1) that lacks a required variable, naming each one. */
export function checkVercelEnv(env = process.env) {
  if (env.VERCEL !== '1') return;
  const missing = Object.keys(REQUIRED_ON_VERCEL).filter((name) => !env[name]?.trim());
  if (!missing.length) return;
  throw new Error(
    `This Vercel build is missing ${missing.join(' and ')}:\n` +
      missing.map((name) => `  - ${name}: ${REQUIRED_ON_VERCEL[name]}\n`).join('') +
      'Set them in Vercel → Project Settings → Environment Variables, then redeploy.',
  );
}

/** @type {(phase: string) => import('next').NextConfig} */
export default function nextConfig(phase) {
  if (phase === PHASE_PRODUCTION_BUILD) checkVercelEnv();
  return {
    poweredByHeader: false,
    // server.mjs compresses (brotli, then gzip), and on Vercel the edge does.
    compress: false,
    reactStrictMode: true,
    // The embedded database and firebase-admin are Node-only server code.
    serverExternalPackages: ['mingo', 'firebase-admin', 'mongodb'],
    experimental: {
      // Script files carry integrity hashes, so a tampered chunk is refused by the browser.
      sri: { algorithm: 'sha256' },
      // `forbidden()`: a page of somebody else's data (another diner's receipt) answers 403.
      authInterrupts: true,
    },
    async headers() {
      return [{ source: '/:path*', headers: securityHeaders() }];
    },
  };
}
