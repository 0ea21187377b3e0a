/** People as the admin's user list shows them (client-safe). */
import type { GrantedRole } from '@/lib/auth/roles';

/** A user as GET /api/users answers it. */
export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  /** Absent for a diner. */
  role?: GrantedRole;
}
