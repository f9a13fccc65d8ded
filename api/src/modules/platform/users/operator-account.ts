import { EntityType, firstAdminUserSchema, type FirstAdminUserInput } from '@meridian/domain';
import type { PrismaClient } from '../../../generated/prisma/client.js';
import { runAsOrganization } from '../../../common/tenancy/request-context.js';
import { AuditService } from '../audit/index.js';
import { hashPassword } from '../auth/index.js';
import { insertFirm } from './users.service.js';

/** The organization the operator command puts a new operator in, unless told another name. */
export const OPERATOR_ORGANIZATION_NAME = 'Platform operations';

export type OperatorAccountResult =
  | { outcome: 'created'; userId: string; organizationId: string }
  /** An existing account, now recorded as holding its address. */
  | { outcome: 'verified'; userId: string }
  /** An existing account that had already proved its address. */
  | { outcome: 'unchanged'; userId: string };

/**
 * `npm run operator:create`, for an address that already has an account: records that it holds
 * the address (the person at the server vouches for it), which is what PLATFORM_OPERATOR_EMAILS
 * needs to make it the operator. Null when no account has the address.
 */
export async function verifyOperatorAccount(
  prisma: PrismaClient,
  email: string,
): Promise<OperatorAccountResult | null> {
  const user = await prisma.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, emailVerifiedAt: true },
  });
  if (!user) return null;
  if (user.emailVerifiedAt) return { outcome: 'unchanged', userId: user.id };
  // Only a row still unproved is changed: a second run at the same moment changes nothing more.
  await prisma.user.updateMany({
    where: { id: user.id, emailVerifiedAt: null },
    data: { emailVerifiedAt: new Date() },
  });
  return { outcome: 'verified', userId: user.id };
}

/**
 * `npm run operator:create`, for a new address: the operator's account, the ADMIN of an
 * organization of its own (the operator's new-firm invitations belong to it), its address proved.
 * The input goes through the first admin's rules (name, e-mail, password length, organization).
 */
export async function createOperatorAccount(
  prisma: PrismaClient,
  input: FirstAdminUserInput,
): Promise<OperatorAccountResult> {
  const founder = firstAdminUserSchema.parse(input);
  const email = founder.email.toLowerCase();
  const passwordHash = await hashPassword(founder.password);
  const audit = new AuditService();
  return prisma.$transaction(async (tx) => {
    const created = await insertFirm(tx, {
      organizationName: founder.organizationName,
      name: founder.name,
      email,
      passwordHash,
      emailVerifiedAt: new Date(),
    });
    // The organization's history starts with its founding by the operator command.
    await runAsOrganization({ userId: created.userId, organizationId: created.organizationId, role: 'ADMIN' }, () =>
      audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.organization,
        entityId: created.organizationId,
        after: { name: founder.organizationName, admin: { name: founder.name, email }, by: 'operator:create' },
      }),
    );
    return { outcome: 'created', userId: created.userId, organizationId: created.organizationId };
  });
}
