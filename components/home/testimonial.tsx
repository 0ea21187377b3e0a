import type { Review } from '@/lib/reviews/types';
import { StarRating } from '@/components/ui/star-rating';

export function Testimonial({ review }: { review: Review }) {
  return (
    <figure className="mx-auto flex max-w-3xl flex-col items-center px-14 text-center md:px-20">
      <StarRating value={review.rating} />
      <span aria-hidden="true" className="quote-mark my-6 block h-14 w-14 text-ink" />
      <blockquote className="text-gray-700">{review.details}</blockquote>
      <figcaption className="mt-4 font-display text-2xl text-gold uppercase">{review.name}</figcaption>
    </figure>
  );
}
