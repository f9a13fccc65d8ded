import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const DEV_TOKEN_SECRET = 'development-only-token-secret-change-me-0123456789';
/** `dev:` + 32 bytes: encrypts connection credentials outside production when no key is set. */
const DEV_CREDENTIALS_KEYS = 'dev:ZGV2ZWxvcG1lbnQtb25seS1rZXktY2hhbmdlLW1lISE=';

/** `kid:base64key` entries separated by commas; each key 32 bytes (AES-256). */
const credentialKeysFromEnv = z.string().transform((value, ctx) => {
  const keys: { id: string; key: Buffer }[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator);
    const key = Buffer.from(entry.slice(separator + 1), 'base64');
    if (separator < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'each entry must be <key id>:<32 bytes in base64>' });
      return z.NEVER;
    }
    if (keys.some((known) => known.id === id)) {
      ctx.addIssue({ code: 'custom', message: `key id "${id}" appears twice` });
      return z.NEVER;
    }
    keys.push({ id, key });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'at least one key is required' });
    return z.NEVER;
  }
  return keys;
});

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Express's names for address ranges a proxy may sit in. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** A number of proxy hops. */
const PROXY_HOPS = /^\d{1,2}$/;

/** `a.b.c.d`, `a.b.c.d/bits` or an IPv6 address with optional bits. */
function isAddressOrSubnet(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For the API believes (Express's `trust proxy`): the client address
 * that rate limits and login throttling count by. A number of hops, or a comma-separated list of
 * addresses, subnets and the names above.
 */
const trustProxySchema = z
  .string()
  .trim()
  .refine(
    (value) =>
      PROXY_HOPS.test(value) ||
      value.split(',').every((entry) => PROXY_RANGES.has(entry.trim()) || isAddressOrSubnet(entry.trim())),
    'TRUST_PROXY is a number of proxy hops, or a comma-separated list of addresses, subnets (10.0.0.0/8), loopback, linklocal or uniquelocal',
  )
  .transform((value): number | string => (PROXY_HOPS.test(value) ? Number(value) : value));

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
    TRUST_PROXY: trustProxySchema.default('loopback'),
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
    /** How long an invitation's code can be used; 7 days unless told. */
    INVITATION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(7 * 24 * 60 * 60),
    /** How long a proposal's e-mailed link can be opened (unless the proposal is revoked first); 30 days unless told. */
    PROPOSAL_LINK_TTL_DAYS: z.coerce.number().int().positive().max(365).default(30),
    /** Unknown invitation codes one client may try inside the window before it must wait (brute force). */
    INVITATION_CODE_MAX_FAILURES: z.coerce.number().int().positive().default(20),
    INVITATION_CODE_FAILURE_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60),
    /** Messages one client (IP address) may send through links-profile contact forms inside the window. */
    LINKS_CONTACT_MAX_PER_CLIENT: z.coerce.number().int().positive().default(5),
    LINKS_CONTACT_CLIENT_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(60 * 60),
    /** Messages one links profile may receive inside the window, whoever sends them. */
    LINKS_CONTACT_MAX_PER_PROFILE: z.coerce.number().int().positive().default(30),
    LINKS_CONTACT_PROFILE_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(60 * 60),
    /** A contact form sent sooner than this after its page was loaded is refused (a robot); 0 turns it off. */
    LINKS_CONTACT_MIN_SECONDS: z.coerce.number().int().min(0).default(3),
    /** How long a loaded page's contact form can be sent. */
    LINKS_CONTACT_FORM_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 60 * 60),
    /**
     * The platform operators (foundations' SUPER_ADMIN kind): comma-separated e-mails of existing
     * users who may invite new firms (CREATE_ORG invitations). None unless told.
     */
    PLATFORM_OPERATOR_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email !== ''),
      ),
    DASHBOARD_DIST: z.string().default('dashboard/dist'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Meridian <no-reply@meridian.local>'),
    MAIL_FILE_DIR: z.string().default('.data/mail'),
    /** SMS through Twilio when the three are set; otherwise each SMS is written as a file to SMS_FILE_DIR. */
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits')
      .optional(),
    /** A secret: never logged. */
    TWILIO_AUTH_TOKEN: z.string().optional(),
    /** The sending number, E.164 (+ then digits). */
    TWILIO_FROM_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +15005550006')
      .optional(),
    /** Overrides Twilio's address (https://api.twilio.com): a fake in tests, a proxy. */
    TWILIO_BASE_URL: z.string().url().optional(),
    SMS_FILE_DIR: z.string().default('.data/sms'),
    /** Address completion in the address forms through Loqate when set (a secret: never logged); none without. */
    LOQATE_API_KEY: z.string().trim().min(1, 'must not be blank (leave it unset for no address completion)').optional(),
    /** Overrides Loqate's address (https://api.addressy.com): a fake in tests, a proxy. */
    LOQATE_BASE_URL: z.string().url().optional(),
    /** Tries of one SMS before it is given up (FAILED), and the first wait between them (doubling). */
    SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
    SMS_RETRY_DELAY_MS: z.coerce.number().int().min(1).default(2000),
    SEED_DEMO: booleanFromEnv.default(true),
    DEMO_ADMIN_EMAIL: z.string().default('demo@advisor.test'),
    DEMO_ADMIN_PASSWORD: z.string().min(10).default('demo-password-1'),
    /** Keys that encrypt connection credentials (AES-256-GCM); the active one encrypts, all decrypt. */
    CREDENTIALS_KEYS: credentialKeysFromEnv.optional(),
    /** Which of CREDENTIALS_KEYS encrypts new credentials; default the first. */
    CREDENTIALS_ACTIVE_KEY_ID: z.string().optional(),
    /**
     * `fake` (default outside production): the local fake Plaid that `npm start` runs, with its
     * sandbox page; `sandbox`, `development`, `production`: Plaid itself.
     */
    PLAID_ENV: z.enum(['fake', 'sandbox', 'development', 'production']).optional(),
    /** Overrides Plaid's address (the fake, or prism in front of it in tests). */
    PLAID_BASE_URL: z.string().url().optional(),
    PLAID_CLIENT_ID: z.string().optional(),
    PLAID_SECRET: z.string().optional(),
    /** Where Plaid sends webhooks: `<public URL>/api/webhooks/plaid`. */
    PLAID_WEBHOOK_URL: z.string().url().optional(),
    /** How long one call to Plaid may take before it fails as a (retried) timeout. */
    PLAID_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Port of the fake Plaid that `npm start` runs when PLAID_ENV is fake. */
    FAKE_PLAID_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    /** Overrides Stripe's API address (the fake Stripe in tests and the demo). */
    STRIPE_BASE_URL: z.string().url().optional(),
    /** How long one call to Stripe may take before it fails as a (retried) timeout. */
    STRIPE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /**
     * Nylas (calendars and e-mail threads): the application's API key (a secret: never logged) and
     * client id. Optional: without them the Nylas routes answer 409 saying what to set.
     */
    NYLAS_API_KEY: z.string().trim().min(1, 'must not be blank (leave it unset for no Nylas)').optional(),
    NYLAS_CLIENT_ID: z.string().trim().min(1, 'must not be blank (leave it unset for no Nylas)').optional(),
    /** Nylas's API (its US region by default; the EU one, or the fake Nylas in tests and the demo). */
    NYLAS_API_URI: z.string().url().default('https://api.us.nylas.com'),
    /** Where Nylas's hosted authentication sends the user back with `code` and `state` (the dashboard's page). */
    NYLAS_REDIRECT_URI: z.string().url().optional(),
    /** The webhook destination's secret: `x-nylas-signature` is checked with it (a secret: never logged). */
    NYLAS_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Minutes between scheduled syncs of a new connection. */
    SYNC_INTERVAL_MINUTES: z.coerce.number().int().positive().default(360),
    /** Provider calls per minute per service, shared by every worker process. */
    SYNC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** Sync job lock: a worker that dies loses its job after this long (BullMQ stalled-job check). */
    SYNC_LOCK_DURATION_MS: z.coerce.number().int().min(1000).default(30_000),
    /** Attempts of a sync run before it fails (temporary errors and rate limits). */
    SYNC_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
    /** Where uploaded import files are kept, one per batch under its organization (for the dry run and commit). */
    IMPORT_DIR: z.string().default('.data/imports'),
    /** Largest import upload accepted, in bytes (100 MiB); a larger one answers 413 and nothing is kept. */
    IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(104_857_600),
    /**
     * Drop folders (scheduled imports) must lie inside `<root>/<organization id>/`, so a tenant can
     * neither read server files nor another organization's drops; default `<IMPORT_DIR>/drop`.
     */
    IMPORT_DROP_ROOT: z.string().optional(),
    /** Where uploaded files (logos, avatars, vault documents) are kept when no S3 bucket is configured. */
    FILE_STORAGE_DIR: z.string().default('.data/files'),
    /** Largest upload through `POST /upload/request`, in bytes (10 MiB). */
    FILE_MAX_BYTES: z.coerce.number().int().positive().default(10_485_760),
    /** How long a signed upload or download address stays valid. */
    FILE_URL_TTL_SECONDS: z.coerce.number().int().positive().default(900),
    /** Largest logo accepted by the image job, in pixels (width x height); a larger one fails with a reason. */
    LOGO_MAX_PIXELS: z.coerce.number().int().positive().default(25_000_000),
    /** Any S3-compatible store instead of the local folder: set the bucket (and region, endpoint, keys as needed). */
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  })
  .transform((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    if (production && !env.AUTH_TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_TOKEN_SECRET'],
        message: 'AUTH_TOKEN_SECRET is required in production',
      });
    }
    if (production && !env.CREDENTIALS_KEYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['CREDENTIALS_KEYS'],
        message: 'CREDENTIALS_KEYS is required in production',
      });
    }
    const credentialKeys = env.CREDENTIALS_KEYS ?? credentialKeysFromEnv.parse(DEV_CREDENTIALS_KEYS);
    const activeKeyId = env.CREDENTIALS_ACTIVE_KEY_ID ?? credentialKeys[0]!.id;
    if (!credentialKeys.some((key) => key.id === activeKeyId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['CREDENTIALS_ACTIVE_KEY_ID'],
        message: `no key "${activeKeyId}" in CREDENTIALS_KEYS`,
      });
    }
    const plaidEnv = env.PLAID_ENV ?? (production ? 'production' : 'fake');
    const twilioSettings = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM_NUMBER];
    if (twilioSettings.some(Boolean) && !twilioSettings.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER go together: set all three or none',
      });
    }
    if (ctx.issues.length > 0) return z.NEVER;
    return {
      ...env,
      AUTH_TOKEN_SECRET: env.AUTH_TOKEN_SECRET ?? DEV_TOKEN_SECRET,
      usesDevelopmentTokenSecret: !env.AUTH_TOKEN_SECRET,
      CREDENTIALS_KEYS: credentialKeys,
      CREDENTIALS_ACTIVE_KEY_ID: activeKeyId,
      usesDevelopmentCredentialsKey: !env.CREDENTIALS_KEYS,
      IMPORT_DROP_ROOT: resolve(env.IMPORT_DROP_ROOT ?? join(env.IMPORT_DIR, 'drop')),
      PLAID_ENV: plaidEnv,
      PLAID_BASE_URL:
        env.PLAID_BASE_URL ?? (plaidEnv === 'fake' ? `http://127.0.0.1:${env.FAKE_PLAID_PORT}` : undefined),
      PLAID_CLIENT_ID: env.PLAID_CLIENT_ID ?? (plaidEnv === 'fake' ? 'fake-client-id' : undefined),
      PLAID_SECRET: env.PLAID_SECRET ?? (plaidEnv === 'fake' ? 'fake-secret' : undefined),
      /** False when Plaid itself is chosen without credentials: the Plaid calls then answer so. */
      plaidConfigured: plaidEnv === 'fake' || Boolean(env.PLAID_CLIENT_ID && env.PLAID_SECRET),
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
