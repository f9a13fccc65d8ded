import type { PrimaryCandidate } from '@meridian/domain';
import { Prisma } from '../../generated/prisma/client.js';
import { currentOrganizationId } from '../tenancy/request-context.js';
import type { TenantTransaction } from '../tenancy/tenant-transaction.js';

/** Tables whose rows carry the "exactly one primary" flag, and the column naming their owner. */
const PRIMARY_TABLES = {
  contact_emails: 'contact_id',
  contact_phone_numbers: 'contact_id',
  contact_addresses: 'contact_id',
  contact_employments: 'contact_id',
  family_addresses: 'family_id',
} as const;
export type PrimaryTable = keyof typeof PRIMARY_TABLES;

export function candidates(rows: readonly { id: string; isPrimary: boolean }[]): PrimaryCandidate[] {
  return rows.map((row) => ({ id: row.id, primary: row.isPrimary }));
}

/**
 * Makes `primaryId` the one primary row of its owner (none when null). The old primary is cleared
 * first: the partial unique index (one primary per owner) is checked row by row, so a single
 * statement flipping both could trip it. Raw SQL is not rewritten by the tenant scope, so the
 * organization is named here.
 */
export async function applyPrimary(
  tx: TenantTransaction,
  table: PrimaryTable,
  ownerId: string,
  primaryId: string | null,
): Promise<void> {
  const organizationId = currentOrganizationId();
  const tableSql = Prisma.raw(`"${table}"`);
  const ownerSql = Prisma.raw(`"${PRIMARY_TABLES[table]}"`);
  await tx.$executeRaw`
    UPDATE ${tableSql} SET is_primary = false, updated_at = now()
    WHERE organization_id = ${organizationId} AND ${ownerSql} = ${ownerId} AND is_primary
      AND id IS DISTINCT FROM ${primaryId}`;
  if (primaryId === null) return;
  await tx.$executeRaw`
    UPDATE ${tableSql} SET is_primary = true, updated_at = now()
    WHERE organization_id = ${organizationId} AND ${ownerSql} = ${ownerId} AND id = ${primaryId} AND NOT is_primary`;
}
