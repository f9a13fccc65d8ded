import { Inject, Injectable } from '@nestjs/common';
import { notFound, type PackageTemplateListQuery } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Sql } from '../../../common/persistence/sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

export const OFFER_SELECT = {
  id: true,
  billingStartType: true,
  billingStartDate: true,
  pricingType: true,
  paymentMethod: true,
  oneTimeFeeAmount: true,
  oneTimeFeeAmountCurrency: true,
  oneTimeFeeIsUpfront: true,
  recurringAmount: true,
  recurringAmountCurrency: true,
  recurringFrequency: true,
  recurringDuration: true,
  feeTiers: { orderBy: { position: 'asc' }, select: { breakpoint: true, breakpointCurrency: true, fee: true } },
  offerings: {
    orderBy: { offering: { name: 'asc' } },
    select: { offering: { select: { id: true, name: true, category: true, type: true } } },
  },
} satisfies Prisma.OfferSelect;

const TEMPLATE_SELECT = {
  id: true,
  name: true,
  createdAt: true,
  updatedAt: true,
  offers: { orderBy: [{ position: 'asc' }, { id: 'asc' }], select: OFFER_SELECT },
} satisfies Prisma.PackageTemplateSelect;

export type OfferRow = Prisma.OfferGetPayload<{ select: typeof OFFER_SELECT }>;
export type PackageTemplateRow = Prisma.PackageTemplateGetPayload<{ select: typeof TEMPLATE_SELECT }>;

type Client = TenantPrismaClient | TenantTransaction;

/** Package templates are the firm's: the tenant client keeps them, and the offerings, to the caller's organization. */
@Injectable()
export class PackageTemplatesRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async find(id: string, client: Client = this.prisma): Promise<PackageTemplateRow | null> {
    return client.packageTemplate.findFirst({ where: { id }, select: TEMPLATE_SELECT });
  }

  /**
   * Locks the organization's template for the transaction (offers are added and positioned one
   * change at a time); false when the organization has no such template.
   */
  async lock(sql: Sql, organizationId: string, id: string): Promise<boolean> {
    const rows = await sql.query<{ id: string }>(
      'SELECT id FROM package_templates WHERE organization_id = $1 AND id = $2 FOR UPDATE',
      organizationId,
      id,
    );
    return rows.length > 0;
  }

  /** The template's offer, or null (another template's, a proposal's, or none). */
  async findOffer(templateId: string, offerId: string, client: Client = this.prisma): Promise<{ id: string } | null> {
    return client.offer.findFirst({ where: { id: offerId, packageTemplateId: templateId }, select: { id: true } });
  }

  /** A page of the firm's templates by name, with their count; `search` keeps names holding it, in any case. */
  async page(query: PackageTemplateListQuery): Promise<{ rows: PackageTemplateRow[]; total: number }> {
    const where: Prisma.PackageTemplateWhereInput = query.search
      ? { name: { contains: query.search, mode: 'insensitive' } }
      : {};
    const rows = await this.prisma.packageTemplate.findMany({
      where,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
      select: TEMPLATE_SELECT,
    });
    const total =
      query.page === 1 && rows.length < query.limit ? rows.length : await this.prisma.packageTemplate.count({ where });
    return { rows, total };
  }
}

/**
 * Every offering id an offer names (a template's or a proposal's) is one of the organization's,
 * else 404. Each is kept (FOR KEY SHARE) until the transaction ends: an offering deleted meanwhile
 * is either gone here (404) or waits for the offer naming it, then is refused as in use.
 */
export async function requireOfferings(sql: Sql, organizationId: string, offeringIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(offeringIds)];
  if (ids.length === 0) return;
  const rows = await sql.query<{ id: string }>(
    'SELECT id FROM offerings WHERE organization_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR KEY SHARE',
    organizationId,
    ids,
  );
  const found = new Set(rows.map((row) => row.id));
  if (ids.some((id) => !found.has(id))) throw notFound('Offering');
}
