import { z } from 'zod';

const DEV_TOKEN_SECRET = 'development-only-token-secret-change-me-0123456789';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every setting the platform reads, with its default. The README's settings table mirrors this
 * schema; defaults point at the local PostgreSQL and Redis so a newcomer needs no .env at all.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.string().url().optional(),
    DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/meridian'),
    REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default('meridian'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_TOKEN_SECRET: z.string().min(32, 'AUTH_TOKEN_SECRET must be at least 32 characters').optional(),
    AUTH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(12 * 60 * 60),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60),
    DASHBOARD_DIST: z.string().default('dashboard/dist'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Meridian <no-reply@meridian.local>'),
    MAIL_FILE_DIR: z.string().default('.data/mail'),
    SEED_DEMO: booleanFromEnv.default(true),
    DEMO_ADMIN_EMAIL: z.string().default('demo@advisor.test'),
    DEMO_ADMIN_PASSWORD: z.string().min(10).default('demo-password-1'),
  })
  .transform((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_TOKEN_SECRET'],
        message: 'AUTH_TOKEN_SECRET is required in production',
      });
      return z.NEVER;
    }
    return {
      ...env,
      AUTH_TOKEN_SECRET: env.AUTH_TOKEN_SECRET ?? DEV_TOKEN_SECRET,
      usesDevelopmentTokenSecret: !env.AUTH_TOKEN_SECRET,
    };
  });

export type AppConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and validates the environment once at start; a bad value stops the process with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`SMTP_URL=` in a compose file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Injection token for the AppConfig value. */
export const APP_CONFIG = Symbol('APP_CONFIG');
