// The platform operator's account, made on the server:
//
//   npm run operator:create -- EMAIL [--name NAME] [--organization NAME] [--password PASSWORD]
//
// Being listed in PLATFORM_OPERATOR_EMAILS makes an account the operator only once it has proved
// it holds the address (docs/DECISIONS.md). Running this command on the server is one such proof:
// an address without an account gets one (the ADMIN of an organization of its own, with the
// password given, or one generated and printed once); an existing account is recorded as holding
// its address, its password untouched. The database is migrated first, as `npm run seed` does.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import {
  ConfigError,
  OPERATOR_ORGANIZATION_NAME,
  createOperatorAccount,
  createPrismaClient,
  loadConfig,
  verifyOperatorAccount,
  type AppConfig,
} from '@meridian/api';
import { isValidEmail } from '@meridian/domain';
import { migrateDatabase } from '../prisma/migrate.js';
import { DatabaseSetupError } from '../prisma/postgres.js';
import { isEntryPoint } from './lib/entry-point.js';

const USAGE = 'usage: npm run operator:create -- EMAIL [--name NAME] [--organization NAME] [--password PASSWORD]';

/** What went wrong in words the person at the terminal can act on. */
export class OperatorCommandError extends Error {}

/** Makes or marks the operator's account for `argv`; `log` receives each line to print. */
export async function operatorCreate(
  argv: readonly string[],
  config: Pick<AppConfig, 'DATABASE_URL' | 'PLATFORM_OPERATOR_EMAILS'>,
  log: (line: string) => void,
): Promise<void> {
  const { values, positionals } = parseOptions(argv);
  const email = positionals[0]?.trim().toLowerCase() ?? '';
  if (positionals.length !== 1 || !isValidEmail(email)) throw new OperatorCommandError(USAGE);
  await migrateDatabase(config.DATABASE_URL, { log: () => undefined });
  const prisma = createPrismaClient(config.DATABASE_URL);
  try {
    const existing = await verifyOperatorAccount(prisma, email);
    if (existing?.outcome === 'verified')
      log(`${email} already had an account: it is now recorded as holding the address.`);
    if (existing?.outcome === 'unchanged')
      log(`${email} already has an account that holds the address: nothing to do.`);
    if (existing && values.password !== undefined)
      log('Its password is unchanged (--password applies to new accounts).');
    if (!existing) {
      // Printed once, never stored: the operator changes nothing else to sign in.
      const password = values.password ?? randomBytes(18).toString('base64url');
      const organizationName = values.organization ?? OPERATOR_ORGANIZATION_NAME;
      await createOperatorAccount(prisma, {
        email,
        name: values.name ?? 'Platform operator',
        password,
        organizationName,
      });
      log(`Created ${email}, administrator of "${organizationName}".`);
      if (values.password === undefined) log(`Its password (shown only this once): ${password}`);
    }
    if (!config.PLATFORM_OPERATOR_EMAILS.includes(email)) {
      log(`Note: ${email} is not in PLATFORM_OPERATOR_EMAILS; add it there for the account to operate the platform.`);
    }
  } finally {
    await prisma.$disconnect();
  }
}

function parseOptions(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { name: { type: 'string' }, organization: { type: 'string' }, password: { type: 'string' } },
    });
  } catch {
    throw new OperatorCommandError(USAGE);
  }
}

async function main(): Promise<void> {
  try {
    await operatorCreate(process.argv.slice(2), loadConfig(), (line) => console.log(line));
  } catch (error) {
    if (error instanceof ZodError) {
      console.error(`error: ${error.issues.map((issue) => issue.message).join('; ')}`);
    } else if (
      error instanceof OperatorCommandError ||
      error instanceof ConfigError ||
      error instanceof DatabaseSetupError
    ) {
      console.error(`error: ${error.message}`);
    } else {
      throw error;
    }
    process.exitCode = 1;
  }
}

if (isEntryPoint(import.meta.url)) await main();
