'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signUpSchema, type SignUpInput } from '@/lib/auth/schemas';
import { describeAuthError } from '@/lib/client/auth-flow';
import { GoogleButton } from './google-button';
import { useFinishSignIn } from './use-finish-sign-in';

/** Each field with the keyboard (`inputMode`) and the autofill (`autoComplete`) a phone should offer. */
const fields: { name: keyof SignUpInput; label: string; type: string; inputMode?: 'email' | 'url'; autoComplete: string }[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'photoURL', label: 'Photo URL', type: 'url', inputMode: 'url', autoComplete: 'photo' },
  { name: 'email', label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];

export function SignUpForm() {
  const finish = useFinishSignIn();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema) });

  async function onSubmit({ name, photoURL, email, password }: SignUpInput) {
    setError('');
    try {
      const [{ EmailAuthProvider, createUserWithEmailAndPassword, linkWithCredential, updateProfile }, { getFirebaseAuth }] = await Promise.all([
        import('firebase/auth'),
        import('@/lib/firebase/client'),
      ]);
      const auth = getFirebaseAuth();
      await auth.authStateReady();
      const guest = auth.currentUser?.isAnonymous ? auth.currentUser : null;
      // A guest's anonymous account becomes the new account: the same uid, so their orders stay theirs.
      const { user } = guest
        ? await linkWithCredential(guest, EmailAuthProvider.credential(email, password))
        : await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName: name, photoURL });
      // A fresh token carries the new name and picture into the server session.
      await user.getIdToken(true);
      await finish(user, { notice: 'User successfully created!!!', name, to: '/' });
    } catch (err) {
      setError(describeAuthError(err));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      {fields.map((f) => (
        <div key={f.name}>
          <label htmlFor={f.name} className="block text-sm font-semibold">
            {f.label}
          </label>
          <input
            id={f.name}
            type={f.type}
            inputMode={f.inputMode}
            autoComplete={f.autoComplete}
            autoCapitalize={f.inputMode ? 'none' : undefined}
            spellCheck={f.inputMode ? false : undefined}
            {...register(f.name)}
            aria-invalid={!!errors[f.name]}
            aria-describedby={errors[f.name] ? `${f.name}-error` : undefined}
            className="mt-1 w-full rounded border border-gray-300 px-4 py-3"
          />
          {errors[f.name] ? (
            <p id={`${f.name}-error`} className="mt-1 text-sm text-red-600">
              {errors[f.name]?.message}
            </p>
          ) : null}
        </div>
      ))}
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-4 py-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={isSubmitting} className="w-full rounded bg-gold px-4 py-3 font-semibold text-white hover:bg-gold-dark disabled:opacity-50">
        {isSubmitting ? 'Creating your account…' : 'Sign Up'}
      </button>
      <p className="text-center text-sm">
        Already registered?{' '}
        <Link href="/login" className="font-semibold text-gold underline">
          Go to log in
        </Link>
      </p>
      <GoogleButton onError={setError} divider="or sign up with" />
    </form>
  );
}
