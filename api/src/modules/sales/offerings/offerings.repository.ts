import { Inject, Injectable } from '@nestjs/common';
import type { OfferingListQuery } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Sql } from '../../../common/persistence/sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

const OFFERING_SELECT = {
  id: true,
  name: true,
  description: true,
  category: true,
  type: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.OfferingSelect;

export type OfferingRow = Prisma.OfferingGetPayload<{ select: typeof OFFERING_SELECT }>;

/** Offerings are the firm's, not a team's: the tenant client keeps them to the caller's organization. */
@Injectable()
export class OfferingsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async find(id: string, client: TenantPrismaClient | TenantTransaction = this.prisma): Promise<OfferingRow | null> {
    return client.offering.findFirst({ where: { id }, select: OFFERING_SELECT });
  }

  /**
   * Locks the organization's offering for the transaction (FOR UPDATE: an offer being written that
   * names it holds it FOR KEY SHARE, so a delete waits for it and then sees it in use); false when
   * there is no such offering.
   */
  async lock(sql: Sql, organizationId: string, id: string): Promise<boolean> {
    const rows = await sql.query<{ id: string }>(
      'SELECT id FROM offerings WHERE organization_id = $1 AND id = $2 FOR UPDATE',
      organizationId,
      id,
    );
    return rows.length > 0;
  }

  /** How many offers name the offering. */
  async offersUsing(id: string, client: TenantTransaction): Promise<number> {
    return client.offerOffering.count({ where: { offeringId: id } });
  }

  /** A page of the firm's offerings by name, with their count; `search` keeps names holding it, in any case. */
  async page(query: OfferingListQuery): Promise<{ rows: OfferingRow[]; total: number }> {
    const where: Prisma.OfferingWhereInput = query.search
      ? { name: { contains: query.search, mode: 'insensitive' } }
      : {};
    const rows = await this.prisma.offering.findMany({
      where,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
      select: OFFERING_SELECT,
    });
    const total =
      query.page === 1 && rows.length < query.limit ? rows.length : await this.prisma.offering.count({ where });
    return { rows, total };
  }
}
