// `npm run operator:create -- EMAIL`: a new address gets the operator's account (its password
// printed once unless given), an existing account is marked as holding its address, and a bad
// command line changes nothing.
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/support/database.js';
import { createOrganization } from '#test/support/factories.js';
import { OperatorCommandError, operatorCreate } from '../operator-create.js';

let database: TestDatabase;
let prisma: PrismaClient;

beforeAll(async () => {
  database = await createTestDatabase();
  prisma = createPrismaClient(database.url);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await database?.drop();
});

async function run(argv: string[], listed: string[] = ['ops@host.test', 'admin@firm.test']): Promise<string[]> {
  const lines: string[] = [];
  await operatorCreate(argv, { DATABASE_URL: database.url, PLATFORM_OPERATOR_EMAILS: listed }, (line) =>
    lines.push(line),
  );
  return lines;
}

describe('operator:create', () => {
  it('creates the account of a new address, proved, with a generated password printed once', async () => {
    const lines = await run(['Ops@Host.test']);
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: 'ops@host.test' },
      select: { role: true, emailVerifiedAt: true, organization: { select: { name: true } } },
    });
    expect(user).toMatchObject({ role: 'ADMIN', organization: { name: 'Platform operations' } });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(lines[0]).toBe('Created ops@host.test, administrator of "Platform operations".');
    expect(lines[1]).toMatch(/^Its password \(shown only this once\): [\w-]{24}$/);
    expect(lines).toHaveLength(2);

    // Again: nothing to do, and no second account.
    expect(await run(['ops@host.test'])).toEqual([
      'ops@host.test already has an account that holds the address: nothing to do.',
    ]);
    expect(await prisma.user.count({ where: { email: 'ops@host.test' } })).toBe(1);
  });

  it('marks an existing account without touching its password, and says when the address is not listed', async () => {
    const existing = await createOrganization(prisma, { name: 'A Firm', role: 'ADMIN', email: 'admin@firm.test' });
    const hashBefore = (await prisma.user.findUniqueOrThrow({ where: { id: existing.userId } })).passwordHash;
    expect(await run(['admin@firm.test', '--password', 'ignored-password-1'], [])).toEqual([
      'admin@firm.test already had an account: it is now recorded as holding the address.',
      'Its password is unchanged (--password applies to new accounts).',
      'Note: admin@firm.test is not in PLATFORM_OPERATOR_EMAILS; add it there for the account to operate the platform.',
    ]);
    const after = await prisma.user.findUniqueOrThrow({ where: { id: existing.userId } });
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after.passwordHash).toBe(hashBefore);
  });

  it('refuses a bad command line or a short password, and creates nothing', async () => {
    const users = await prisma.user.count();
    await expect(run([])).rejects.toBeInstanceOf(OperatorCommandError);
    await expect(run(['not-an-address'])).rejects.toBeInstanceOf(OperatorCommandError);
    await expect(run(['a@host.test', 'b@host.test'])).rejects.toBeInstanceOf(OperatorCommandError);
    await expect(run(['a@host.test', '--colour', 'red'])).rejects.toBeInstanceOf(OperatorCommandError);
    await expect(run(['a@host.test', '--password', 'short'])).rejects.toMatchObject({
      issues: [expect.objectContaining({ message: 'Password must be at least 10 characters' })],
    });
    expect(await prisma.user.count()).toBe(users);
  });
});
