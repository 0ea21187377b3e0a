import { securityHeaders } from './lib/security/headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The embedded database and firebase-admin are Node-only server code.
  serverExternalPackages: ['mingo', 'firebase-admin', 'mongodb'],
  // Script files carry integrity hashes, so a tampered chunk is refused by the browser.
  experimental: { sri: { algorithm: 'sha256' } },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders() }];
  },
};

export default nextConfig;
