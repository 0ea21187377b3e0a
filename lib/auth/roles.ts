/**
 * The roles a person can have, from least to most trusted. Each includes the powers of those
 * before it, so a check for one role passes everyone above it too. A new role is one entry here
 * (and its refusal message in viewer.ts). Client-safe.
 *
 * - guest: a Firebase anonymous account (Continue as guest): a cart, its checkout, and its own
 *   orders and receipts, nothing else (no reservations, reviews or account settings);
 * - diner: also books and reviews for themself;
 * - staff: also runs the kitchen (the kitchen display and Manage orders), and nothing of the
 *   shop's management (statistics, users, the menu, bookings, reviews);
 * - admin: everything.
 */
export const ROLES = ['guest', 'diner', 'staff', 'admin'] as const;

export type Role = (typeof ROLES)[number];

/**
 * The roles an admin can give a person with an account. A guest's role comes from their
 * anonymous account, never from anybody's say.
 */
export const ACCOUNT_ROLES = ['diner', 'staff', 'admin'] as const satisfies readonly Role[];

export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The roles a user record names; a record without one is a diner. */
export type GrantedRole = Exclude<AccountRole, 'diner'>;

export function hasRole(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** `R` and every role below it, as a union: what a person holding `R` may also act as. */
export type RolesUpTo<R extends Role, Rs extends readonly Role[] = typeof ROLES> = Rs extends readonly [
  infer First extends Role,
  ...infer Rest extends readonly Role[],
]
  ? First | (First extends R ? never : RolesUpTo<R, Rest>)
  : never;
