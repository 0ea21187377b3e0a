/** What the browser learns about the signed-in user (client-safe). */
import type { Role } from './roles';

/** The signed-in user as GET /api/session answers it, with the role from the database. */
export interface SessionUser {
  email: string;
  name: string;
  photoURL: string | null;
  /** 'guest' for a guest (a Firebase anonymous account), whose `email` is a stand-in nobody reads. */
  role: Role;
  /** The same as `role === 'admin'`, for API clients that read only this. */
  admin: boolean;
  /** False for an email/password account whose owner has not answered Firebase's verification mail. */
  emailVerified: boolean;
}

export interface SessionResponse {
  user: SessionUser | null;
  /** Whether a visitor may order as a guest (the restaurant's setting): Add To Cart offers it. */
  guests: boolean;
}
