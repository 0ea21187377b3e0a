/** A review as the testimonials, the review form and GET /api/review show it (client-safe). */
export interface Review {
  _id: string;
  name: string;
  details: string;
  rating: number;
  /** An admin took it off the site: only admins and its author see it. */
  hidden?: true;
}

/** The guests' rating over every published review: how many there are and their mean. */
export interface RatingSummary {
  count: number;
  mean: number;
}
