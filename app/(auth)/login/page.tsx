import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LoginForm } from '@/components/auth/login-form';

export const metadata: Metadata = { title: 'Login', alternates: { canonical: '/login' } };

export default function LoginPage() {
  return (
    <>
      <h1 className="mb-6 font-display text-3xl">Login</h1>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <LoginForm />
      </Suspense>
    </>
  );
}
