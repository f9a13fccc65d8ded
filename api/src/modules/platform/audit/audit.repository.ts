import { Inject, Injectable } from '@nestjs/common';
import type { Pagination } from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

@Injectable()
export class AuditRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async listForEntity(entityId: string | undefined, { page, limit }: Pagination) {
    const where = entityId ? { entityId } : {};
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
}
