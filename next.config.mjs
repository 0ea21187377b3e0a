/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The embedded database and firebase-admin are Node-only server code.
  serverExternalPackages: ['mingo', 'firebase-admin', 'mongodb'],
};

export default nextConfig;
