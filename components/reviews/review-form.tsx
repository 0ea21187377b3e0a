'use client';

import Link from 'next/link';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import useSWR from 'swr';
import { FORM_CARD, Field, FormError, INPUT, SUBMIT } from '@/components/ui/field';
import { LoadingOrError } from '@/components/ui/load-states';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import type { Review } from '@/lib/reviews/types';
import { DETAILS_MAX, DETAILS_MIN, reviewSchema, type ReviewInput } from '@/lib/reviews/schemas';
import { StarInput } from './star-input';

const OWN_REVIEW_KEY = '/api/review/mine';

/** Loads the diner's review, then edits it (or writes the first one). */
export function ReviewForm({ name }: { name: string }) {
  const { data, error, mutate } = useSWR<Review | null>(OWN_REVIEW_KEY);
  if (data === undefined) {
    return <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading your review…" failed="Your review could not be loaded." />;
  }
  // A new key once the first review is saved: the editor starts over from what was stored.
  return <ReviewEditor key={data?._id ?? 'new'} review={data} name={name} onSaved={(saved) => mutate(saved, { revalidate: false })} />;
}

interface EditorProps {
  review: Review | null;
  name: string;
  onSaved: (review: Review) => Promise<unknown>;
}

function ReviewEditor({ review, name, onSaved }: EditorProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ReviewInput>({
    resolver: zodResolver(reviewSchema),
    defaultValues: { rating: review?.rating ?? 0, details: review?.details ?? '' },
  });
  const length = watch('details').trim().length;
  const unchanged = review !== null && !isDirty;

  async function onSubmit(values: ReviewInput) {
    try {
      const saved = await api<Review>('/api/review', { method: 'POST', json: values });
      await onSaved(saved);
      reset({ rating: saved.rating, details: saved.details }); // what is stored is the new 'unchanged'
      void notify.success(review ? 'Review updated' : 'Thank you for your review', saved.hidden ? 'The restaurant has hidden it from the home page.' : 'It is on our home page now.');
    } catch (err) {
      setError('root', { message: err instanceof ApiError ? err.message : 'Your review could not be sent. Check your connection and try again.' });
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={FORM_CARD}>
      {review?.hidden ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          The restaurant has hidden your review from the home page. You can still change it here, and it stays hidden.
        </p>
      ) : (
        <p className="text-sm text-gray-600">
          {review ? 'You reviewed us already; saving replaces your review.' : 'How was your visit?'} It is shown on our{' '}
          <Link href="/" className="font-semibold text-gold underline">
            home page
          </Link>{' '}
          as written by <strong>{name}</strong>.
        </p>
      )}
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarInput label="Rating" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
        )}
      />
      <Field id="details" label="Your review" error={errors.details?.message} hint={`${length}/${DETAILS_MAX} characters, at least ${DETAILS_MIN}`}>
        {(described) => (
          <textarea {...described} rows={6} maxLength={DETAILS_MAX} placeholder="What did you eat? How was the service?" {...register('details')} className={INPUT} />
        )}
      </Field>
      <FormError message={errors.root?.message} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={isSubmitting || unchanged} aria-describedby={unchanged ? 'review-unchanged' : undefined} className={SUBMIT}>
          {isSubmitting ? 'Saving…' : review ? 'Update review' : 'Post review'}
        </button>
        {unchanged ? (
          <p id="review-unchanged" className="text-sm text-gray-500">
            Change your rating or text to update it.
          </p>
        ) : null}
      </div>
    </form>
  );
}
