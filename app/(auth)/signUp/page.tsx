import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignUpForm } from '@/components/auth/sign-up-form';

export const metadata: Metadata = { title: 'Sign Up', alternates: { canonical: '/signUp' } };

export default function SignUpPage() {
  return (
    <>
      <h1 className="mb-6 font-display text-3xl">Sign Up</h1>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <SignUpForm />
      </Suspense>
    </>
  );
}
