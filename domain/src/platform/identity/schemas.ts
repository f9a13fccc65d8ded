import { z } from 'zod';
import { emailSchema } from '../../shared/input/email.js';
import { requiredString } from '../../shared/input/text.js';
import { UserRole } from '../users/enums.js';

export const PASSWORD_MIN_LENGTH = 10;

export const firstAdminUserSchema = z.object({
  name: requiredString('Name is required'),
  email: emailSchema(),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200),
  organizationName: requiredString('Organization name is required'),
});
export type FirstAdminUserInput = z.infer<typeof firstAdminUserSchema>;

export const loginSchema = z.object({
  email: requiredString('Email is required', { kind: 'email' }),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in user as the API returns it: never the password hash. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(UserRole),
  organizationId: z.string(),
  organizationName: z.string(),
  teamIds: z.array(z.string()),
  /** The hosting platform's operator (PLATFORM_OPERATOR_EMAILS), who may invite new firms. */
  platformOperator: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ accessToken: z.string(), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * The demo organization's sign-in, shown on the login page while the organization exists and the
 * seed's password still opens it (GET /auth/demo-login; 404 otherwise).
 */
export const demoLoginSchema = z.object({ email: z.string(), password: z.string() });
export type DemoLogin = z.infer<typeof demoLoginSchema>;

export const teamIdParamsSchema = z.object({
  teamId: z.string().regex(/^team-[A-Za-z0-9_-]{21}$/, 'Invalid team id'),
});

export const teamResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  members: z.array(
    z.object({ id: z.string(), userId: z.string(), name: z.string(), email: z.string(), role: z.enum(UserRole) }),
  ),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;
