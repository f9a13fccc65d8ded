// Small helpers around `pg`, shared by the migrator (prisma/migrate.ts) and the test-database
// support (test/support/). They exist so that every failure to reach PostgreSQL ends in one line
// that names the server and says how to start it, instead of a driver stack trace.
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/meridian';

/** The database every PostgreSQL cluster has; used to create and drop the others. */
export const MAINTENANCE_DATABASE = 'postgres';

/**
 * A failure whose message already says what is wrong and how to recover. Command-line entry
 * points print only the message of these; anything else is a bug and keeps its stack trace.
 */
export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError';
}

/** Connection failures that mean "nothing usable is listening there", by Node or SQLSTATE code. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ENOENT', // a Unix socket path that does not exist
  '57P03', // cannot_connect_now: the server is starting up or shutting down
]);
const LOGIN_REJECTED_CODES = new Set(['28000', '28P01']);

const CONNECT_TIMEOUT_MS = 5_000;

/** The SQLSTATE (or Node system error code) of an error thrown by `pg`, if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  // Node reports a failed connection to every address of a host name as an AggregateError.
  if (Array.isArray(errors)) return errorCode(errors[0]);
  return undefined;
}

export function quoteIdentifier(name: string): string {
  return pg.escapeIdentifier(name);
}

/** For the few statements that take no parameters (CREATE DATABASE, COMMENT ON ...). */
export function quoteLiteral(value: string): string {
  return pg.escapeLiteral(value);
}

export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new DatabaseSetupError(`The database URL ${redactUrl(url)} names no database (…/<database>).`);
  return name;
}

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** "host:port" for messages; libpq's `?host=` (a socket directory) wins over the URL's host. */
export function serverAddressOf(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? (parsed.hostname || 'localhost');
  return `${host}:${parsed.port || '5432'}`;
}

/** The URL without its password, safe for logs and error messages. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Opens a connection, translating "server not running" and "login refused" into a
 * DatabaseSetupError. `urlSource` names where the URL came from (an environment variable), so
 * the message can say what to change. Other errors (e.g. 3D000, database missing) pass through
 * untouched for the caller to handle.
 */
export async function connect(url: string, applicationName: string, urlSource: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // Without a listener, a server-side disconnect (e.g. DROP DATABASE ... WITH (FORCE) elsewhere)
  // would crash the process with an unhandled 'error' event; the next query reports it instead.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw translateConnectError(error, url, urlSource);
  }
  return client;
}

function translateConnectError(error: unknown, url: string, urlSource: string): unknown {
  const code = errorCode(error);
  const address = serverAddressOf(url);
  const reason = error instanceof Error ? error.message : String(error);
  if ((code && UNREACHABLE_CODES.has(code)) || /timeout/i.test(reason)) {
    return new DatabaseSetupError(
      `Cannot reach PostgreSQL at ${address} (${code ?? reason}). Start it (e.g. \`pg_ctlcluster 15 main start\`, ` +
        `or \`docker compose up -d postgres\`) or set ${urlSource} to a running server.`,
    );
  }
  if (code && LOGIN_REJECTED_CODES.has(code)) {
    return new DatabaseSetupError(
      `PostgreSQL at ${address} refused the login (${reason}). Fix the user or password in ${urlSource}.`,
    );
  }
  return error;
}

/** Closes a connection, ignoring errors: used in `finally` blocks where the first error matters. */
export async function disconnect(client: pg.Client): Promise<void> {
  await client.end().catch(() => undefined);
}
