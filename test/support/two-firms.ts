import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { UserRole } from '@meridian/domain';
import { createTestEnvironment, startTestApi, type TestApi } from './app.js';
import { addUser, createOrganization, type CreatedOrganization } from './factories.js';
import { login } from './http.js';

/** A firm of the test, its administrator signed in. */
export interface SignedInFirm extends CreatedOrganization {
  /** The administrator's bearer token. */
  token: string;
}

/** An API of its own, its database, and two firms (the second to show one firm cannot see the other). */
export interface TwoFirms {
  api: TestApi;
  prisma: PrismaClient;
  firms: [SignedInFirm, SignedInFirm];
  /** Disconnects, stops the API and drops its environment. */
  close(): Promise<void>;
}

/**
 * The usual start of a module's API test: the API without the demo organization (`environment`:
 * settings of its own), and two firms named `names`, each with an ADMIN signed in.
 */
export async function startWithTwoFirms(
  options: { environment?: Partial<Record<string, string>>; names?: readonly [string, string] } = {},
): Promise<TwoFirms> {
  const environment = await createTestEnvironment(options.environment);
  const api = await startTestApi({ seedDemo: false, environment });
  const prisma = createPrismaClient(api.databaseUrl);
  const [first, second] = options.names ?? ['North Wealth', 'South Wealth'];
  const firm = async (name: string): Promise<SignedInFirm> => {
    const organization = await createOrganization(prisma, { name, role: 'ADMIN' });
    return { ...organization, token: await login(api.baseUrl, organization.email, organization.password) };
  };
  return {
    api,
    prisma,
    firms: [await firm(first), await firm(second)],
    async close() {
      await prisma.$disconnect();
      await api.close();
      await environment.dispose();
    },
  };
}

/** Another user of `firm` with `role`, in its team, signed in. */
export async function signedInUser(
  world: Pick<TwoFirms, 'api' | 'prisma'>,
  firm: CreatedOrganization,
  role: UserRole,
): Promise<{ userId: string; token: string }> {
  const user = await addUser(world.prisma, firm, role);
  return { userId: user.userId, token: await login(world.api.baseUrl, user.email, user.password) };
}
