import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from '@/lib/security/headers.mjs';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('production: no unsafe-eval, HSTS on, framing refused, only the emulator opened by default', () => {
    const env = { NODE_ENV: 'production' } as NodeJS.ProcessEnv;
    const csp = contentSecurityPolicy(env);
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:9099");
    expect(directive(csp, 'script-src')).not.toContain('stripe');
    const names = securityHeaders(env).map((h) => h.key);
    expect(names).toEqual(expect.arrayContaining(['Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy']));
  });

  it('opens Firebase and Stripe hosts only when they are configured', () => {
    const env = {
      NODE_ENV: 'production',
      NEXT_PUBLIC_FIREBASE_API_KEY: 'key',
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'bistro.firebaseapp.com',
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    } as NodeJS.ProcessEnv;
    const csp = contentSecurityPolicy(env);
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('https://identitytoolkit.googleapis.com');
    expect(directive(csp, 'connect-src')).not.toContain('127.0.0.1');
    expect(directive(csp, 'frame-src')).toContain('https://bistro.firebaseapp.com');
  });

  it('loads pictures only from this site and the image hosts that are configured', () => {
    const bare = directive(contentSecurityPolicy({ NODE_ENV: 'production' } as NodeJS.ProcessEnv), 'img-src');
    expect(bare).toBe("img-src 'self' data: blob:");
    expect(bare).not.toMatch(/https:(?!\/\/)/);
    const configured = directive(
      contentSecurityPolicy({
        NODE_ENV: 'production',
        NEXT_PUBLIC_FIREBASE_API_KEY: 'key',
        BLOB_READ_WRITE_TOKEN: 'vercel_blob_rw_x',
        IMGBB_API_KEY: 'k',
        IMAGE_HOSTS: 'https://photos.example.com/any/path, http://insecure.example, not a url',
      } as NodeJS.ProcessEnv),
      'img-src',
    );
    expect(configured.split(' ').slice(1)).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.public.blob.vercel-storage.com',
      'https://i.ibb.co',
      'https://lh3.googleusercontent.com',
      'https://photos.example.com',
    ]);
  });

  it('development allows eval for React and sends no HSTS', () => {
    const env = { NODE_ENV: 'development' } as NodeJS.ProcessEnv;
    expect(directive(contentSecurityPolicy(env), 'script-src')).toContain("'unsafe-eval'");
    expect(securityHeaders(env).some((h) => h.key === 'Strict-Transport-Security')).toBe(false);
  });
});
