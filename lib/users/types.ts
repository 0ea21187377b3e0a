/** People as the admin's user list shows them (client-safe). */

/** A user as GET /api/users answers it. */
export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  role?: 'admin';
}
