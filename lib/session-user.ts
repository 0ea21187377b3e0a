/** What the browser learns about the signed-in user from GET /api/session. */
export interface SessionUser {
  email: string;
  name: string;
  photoURL: string | null;
  admin: boolean;
}

export interface SessionResponse {
  user: SessionUser | null;
}
