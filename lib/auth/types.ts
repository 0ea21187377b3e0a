/** What the browser learns about the signed-in user (client-safe). */
import type { Role } from './roles';

/** The signed-in user as GET /api/session answers it, with the role from the database. */
export interface SessionUser {
  email: string;
  name: string;
  photoURL: string | null;
  role: Role;
  /** The same as `role === 'admin'`, for API clients that read only this. */
  admin: boolean;
  /** False for an email/password account whose owner has not answered Firebase's verification mail. */
  emailVerified: boolean;
}

export interface SessionResponse {
  user: SessionUser | null;
}
