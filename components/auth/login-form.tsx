'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { User } from 'firebase/auth';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@/lib/auth/schemas';
import { describeAuthError } from '@/lib/client/auth-flow';
import { Captcha } from './captcha';
import { GoogleButton } from './google-button';
import { useFinishSignIn } from './use-finish-sign-in';

export function LoginForm() {
  const params = useSearchParams();
  const finish = useFinishSignIn();
  const [captchaOk, setCaptchaOk] = useState(false);
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [restoring, setRestoring] = useState(true);
  const [guest, setGuest] = useState<User | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });

  // A user Firebase still remembers (the server session expired) is signed back in at once; a
  // guest is offered to go on as that guest, since they may have come to log in to an account.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const { getFirebaseAuth } = await import('@/lib/firebase/client');
        const auth = getFirebaseAuth();
        await auth.authStateReady();
        if (!cancelled && auth.currentUser?.isAnonymous) setGuest(auth.currentUser);
        else if (!cancelled && auth.currentUser) {
          await finish(auth.currentUser, { notice: 'User Login Successfull' });
          return;
        }
      } catch {
        // No remembered user, or the service is unreachable: the form is there.
      }
      if (!cancelled) setRestoring(false);
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  async function onSubmit({ email, password }: LoginInput) {
    setError('');
    setInfo('');
    try {
      const [{ signInWithEmailAndPassword }, { getFirebaseAuth }] = await Promise.all([
        import('firebase/auth'),
        import('@/lib/firebase/client'),
      ]);
      const { user } = await signInWithEmailAndPassword(getFirebaseAuth(), email, password);
      await finish(user, { notice: 'User Login Successfull' });
    } catch (err) {
      setError(describeAuthError(err));
    }
  }

  async function onForgot() {
    setError('');
    setInfo('');
    const email = getValues('email')?.trim();
    if (!email) {
      setError('Enter your email above first, then choose "Forgot password?" again.');
      return;
    }
    try {
      const [{ sendPasswordResetEmail }, { getFirebaseAuth }] = await Promise.all([
        import('firebase/auth'),
        import('@/lib/firebase/client'),
      ]);
      await sendPasswordResetEmail(getFirebaseAuth(), email);
      setInfo(`We sent a password reset link to ${email}. Check your inbox.`);
    } catch (err) {
      setError(describeAuthError(err));
    }
  }

  if (restoring) {
    return (
      <div role="status" className="flex items-center gap-3 py-16 text-gray-600">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-gold border-t-transparent" aria-hidden="true" />
        Checking your sign-in…
      </div>
    );
  }

  const signUpHref = params.get('from') ? `/signUp?from=${encodeURIComponent(params.get('from') ?? '')}` : '/signUp';

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div>
        <label htmlFor="email" className="block text-sm font-semibold">
          Email
        </label>
        <input id="email" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} aria-invalid={!!errors.email} className="mt-1 w-full rounded border border-gray-300 px-4 py-3" />
        {errors.email ? <p className="mt-1 text-sm text-red-600">{errors.email.message}</p> : null}
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-semibold">
          Password
        </label>
        <input id="password" type="password" autoComplete="current-password" {...register('password')} aria-invalid={!!errors.password} className="mt-1 w-full rounded border border-gray-300 px-4 py-3" />
        {errors.password ? <p className="mt-1 text-sm text-red-600">{errors.password.message}</p> : null}
        <button type="button" onClick={onForgot} className="mt-2 text-sm text-blue-700 underline hover:text-blue-900">
          Forgot password?
        </button>
      </div>
      <Captcha onMatchChange={setCaptchaOk} />
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-4 py-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {info ? (
        <p role="status" className="rounded bg-green-50 px-4 py-3 text-sm text-green-800">
          {info}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={!captchaOk || isSubmitting}
        className="w-full rounded bg-gold px-4 py-3 font-semibold text-white hover:bg-gold-dark disabled:cursor-not-allowed disabled:opacity-50"
      >
        {isSubmitting ? 'Logging in…' : 'Login'}
      </button>
      {!captchaOk ? <p className="text-center text-xs text-gray-500">Login unlocks when the captcha matches.</p> : null}
      <p className="text-center text-sm">
        New here?{' '}
        <Link href={signUpHref} className="font-semibold text-gold underline">
          Create an account
        </Link>
      </p>
      <GoogleButton onError={setError} divider="or sign in with" />
      {guest ? (
        <button
          type="button"
          onClick={() => void finish(guest, { notice: 'Welcome back' }).catch((err: unknown) => setError(describeAuthError(err)))}
          className="w-full rounded border border-gray-300 bg-white px-4 py-3 font-semibold hover:bg-gray-50"
        >
          Continue as guest
        </button>
      ) : null}
    </form>
  );
}
