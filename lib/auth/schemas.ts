import { z } from 'zod';

/** The special characters a password may use to meet the rule. */
export const PASSWORD_SPECIALS = '!@#$&*';

const PASSWORD_RULE = 'Password must have one uppercase one lowercase, one number and one special character';

/** Sign up. The messages are the ones users and API clients know, kept word for word. */
export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be under 80 characters'),
  photoURL: z
    .string()
    .trim()
    .min(1, 'Photo URL is required')
    .max(2048, 'Photo URL is too long')
    .refine((v) => /^https?:\/\/\S+$/i.test(v), 'Photo URL must start with http:// or https://'),
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(6, 'Password must be 6 characters.')
    .max(20, 'Password must be under or equal in 20 characters')
    .refine((v) => /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && /[!@#$&*]/.test(v), PASSWORD_RULE),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/jwt: a Firebase ID token. An `email` may be sent (older clients) and is ignored. */
export const jwtBodySchema = z.object({
  idToken: z.string({ error: 'idToken is required' }).min(1, 'idToken is required').max(8192, 'idToken is too long'),
});

/** POST /api/logout: `?everywhere=1` ends every session of the caller, not only this one. */
export const logoutQuerySchema = z.strictObject({
  everywhere: z.literal('1', { error: 'everywhere must be 1' }).optional(),
});
