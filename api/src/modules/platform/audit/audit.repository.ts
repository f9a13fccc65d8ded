import { Inject, Injectable } from '@nestjs/common';
import type { Pagination } from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';

@Injectable()
export class AuditRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async listForEntity(entityId: string | undefined, { page, limit }: Pagination) {
    const where = entityId ? { entityId: { in: await this.withMergedInto(entityId) } } : {};
    const [items, total] = await Promise.all([
      this.prisma.auditLog.findMany({
        where,
        orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * limit,
        take: limit,
        select: {
          id: true,
          occurredAt: true,
          actorKind: true,
          actorId: true,
          action: true,
          entityType: true,
          entityId: true,
          before: true,
          after: true,
        },
      }),
      this.prisma.auditLog.count({ where }),
    ]);
    return { items, total };
  }

  /**
   * A contact's or household's history includes the records merged into it (step 10's merge),
   * and theirs: their entries stay under their own ids, and the history reads them with its own.
   */
  private async withMergedInto(entityId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
      `WITH RECURSIVE merged(id) AS (
         SELECT $2::text
         UNION
         SELECT record.id FROM merged
           JOIN (SELECT id, merged_into_id FROM contacts WHERE organization_id = $1
                 UNION ALL SELECT id, merged_into_id FROM households WHERE organization_id = $1) AS record
             ON record.merged_into_id = merged.id)
       SELECT id FROM merged`,
      currentOrganizationId(),
      entityId,
    );
    return rows.map((row) => row.id);
  }
}
