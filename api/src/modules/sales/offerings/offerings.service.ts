import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  notFound,
  OfferingMessage,
  PRICING_TYPE_BY_SERVICE_TYPE,
  type CreateOffering,
  type EditOffering,
  type ListPage,
  type OfferingListQuery,
  type OfferingResponse,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { AuditService } from '../../platform/audit/index.js';
import { OfferingsRepository, type OfferingRow } from './offerings.repository.js';
import { OfferingsWriter } from './offerings.writer.js';

/** The firm's offerings (crm §3, §7): created, edited, listed by name, deleted while no offer names them. */
@Injectable()
export class OfferingsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(OfferingsRepository) private readonly offerings: OfferingsRepository,
    @Inject(OfferingsWriter) private readonly writer: OfferingsWriter,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async create(details: CreateOffering): Promise<OfferingResponse> {
    const row = await this.prisma.$transaction(async (tx) => {
      const id = await this.writer.create(writeScope(tx), details);
      const created = (await this.offerings.find(id, tx))!;
      await this.audit.record(tx, { action: 'CREATE', entityType: EntityType.offering, entityId: id, after: created });
      return created;
    });
    return view(row);
  }

  async edit(id: string, changes: EditOffering): Promise<OfferingResponse> {
    const row = await this.prisma.$transaction(async (tx) => {
      const before = await this.offerings.find(id, tx);
      if (!before) throw notFound('Offering');
      await this.writer.edit(writeScope(tx), id, changes);
      const after = (await this.offerings.find(id, tx))!;
      await this.audit.record(tx, { action: 'UPDATE', entityType: EntityType.offering, entityId: id, before, after });
      return after;
    });
    return view(row);
  }

  /**
   * Deletes an offering no offer names. One that an offer names is refused (409) rather than
   * soft-deleted: an offer (a template's today, a proposal's a client has read tomorrow) must keep
   * saying what it sells, and a hidden offering still inside live templates would be copied into
   * new proposals unseen. The advisor removes it from those offers first; the foreign key is
   * RESTRICT for the same reason.
   */
  async remove(id: string): Promise<{ id: string }> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      if (!(await this.offerings.lock(scope.sql, scope.organizationId, id))) throw notFound('Offering');
      const before = (await this.offerings.find(id, tx))!;
      if ((await this.offerings.offersUsing(id, tx)) > 0) {
        throw new DomainError(ErrorCode.CONFLICT, OfferingMessage.inUse);
      }
      await this.writer.remove(scope, id);
      await this.audit.record(tx, { action: 'DELETE', entityType: EntityType.offering, entityId: id, before });
    });
    return { id };
  }

  async list(query: OfferingListQuery): Promise<ListPage<OfferingResponse>> {
    const { rows, total } = await this.offerings.page(query);
    return { items: rows.map(view), page: query.page, limit: query.limit, total };
  }
}

function view(row: OfferingRow): OfferingResponse {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    type: row.type,
    pricingType: PRICING_TYPE_BY_SERVICE_TYPE[row.type],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
