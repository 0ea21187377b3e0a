import type { Review } from '@/lib/reviews/types';
import { StarRating } from '@/components/ui/star-rating';

export function Testimonial({ review }: { review: Review }) {
  return (
    <figure className="mx-auto flex max-w-3xl flex-col items-center px-14 text-center md:px-20">
      <StarRating value={review.rating} />
      <svg viewBox="0 0 24 24" aria-hidden="true" className="my-6 h-14 w-14 fill-ink">
        <path d="M4.6 17.3C3.6 16.2 3 15 3 13c0-3.5 2.5-6.6 6-8.2l.9 1.4C6.6 8 5.9 10.3 5.7 11.8c.5-.3 1.3-.4 2-.3 1.8.2 3.2 1.6 3.2 3.5a3.5 3.5 0 0 1-6.3 2.3zm10 0c-1-1.1-1.6-2.3-1.6-4.3 0-3.5 2.5-6.6 6-8.2l.9 1.4c-3.3 1.8-4 4.1-4.2 5.6.5-.3 1.3-.4 2-.3 1.8.2 3.2 1.6 3.2 3.5a3.5 3.5 0 0 1-6.3 2.3z" />
      </svg>
      <blockquote className="text-gray-700">{review.details}</blockquote>
      <figcaption className="mt-4 font-display text-2xl text-gold uppercase">{review.name}</figcaption>
    </figure>
  );
}
