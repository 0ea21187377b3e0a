// Security headers for every response, built from the environment so the Content-Security-Policy
// opens exactly the hosts of the services that are configured (Firebase, Stripe) and no more.
// Plain JavaScript because next.config.mjs imports it.

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
export function contentSecurityPolicy(env = process.env) {
  const production = env.NODE_ENV === 'production';
  const firebaseReal = Boolean(env.NEXT_PUBLIC_FIREBASE_API_KEY) && !env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR;
  const emulator = firebaseReal ? null : env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR || '127.0.0.1:9099';
  const stripe = Boolean(env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY);

  const script = ["'self'", "'unsafe-inline'"];
  const connect = ["'self'"];
  const frame = [];
  if (!production) script.push("'unsafe-eval'"); // React's development build needs eval; production never gets it.
  if (firebaseReal) {
    script.push('https://apis.google.com');
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com');
    frame.push(`https://${env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || `${env.NEXT_PUBLIC_FIREBASE_PROJECT_ID}.firebaseapp.com`}`);
  }
  if (emulator) connect.push(`http://${emulator}`);
  const images = ["'self'", 'data:', 'blob:', ...imageHosts(env, firebaseReal)];
  if (stripe) {
    script.push('https://js.stripe.com');
    connect.push('https://api.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }

  const directives = {
    'default-src': ["'self'"],
    'script-src': script,
    // sweetalert2 and Next.js set inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': images,
    'font-src': ["'self'"],
    'connect-src': connect,
    'frame-src': frame.length ? frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Where pictures may load from besides this site: the image host uploads go to (lib/images),
 * Google's profile pictures when Firebase is real, and IMAGE_HOSTS for any other (profile photos
 * people link to at sign-up, say). Anything else a page shows is not loaded.
 *
 * @param {NodeJS.ProcessEnv} env
 * @param {boolean} firebaseReal
 * @returns {string[]}
 */
function imageHosts(env, firebaseReal) {
  const hosts = [];
  if (env.BLOB_READ_WRITE_TOKEN) hosts.push('https://*.public.blob.vercel-storage.com');
  if (env.IMGBB_API_KEY) hosts.push('https://i.ibb.co');
  if (firebaseReal) hosts.push('https://lh3.googleusercontent.com');
  for (const host of (env.IMAGE_HOSTS ?? '').split(',')) {
    const origin = host.trim() && URL.canParse(host.trim()) ? new URL(host.trim()).origin : null;
    if (origin?.startsWith('https://')) hosts.push(origin);
  }
  return hosts;
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ key: string, value: string }[]}
 */
export function securityHeaders(env = process.env) {
  const headers = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(env) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
  ];
  if (env.NODE_ENV === 'production') {
    headers.push({ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' });
  }
  return headers;
}
