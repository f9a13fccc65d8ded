import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  notFound,
  type CreatePackageTemplate,
  type ListPage,
  type OfferResponse,
  type PackageOffer,
  type PackageTemplateListQuery,
  type PackageTemplateResponse,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { AuditService } from '../../platform/audit/index.js';
import {
  PackageTemplatesRepository,
  requireOfferings,
  type OfferRow,
  type PackageTemplateRow,
} from './package-templates.repository.js';
import { PackageTemplatesWriter } from './package-templates.writer.js';

/**
 * Package templates (crm §3, §7): a name and priced offers a firm starts its proposals from. Every
 * change is one transaction with its audit entry (the template as it was and as it is); offering
 * ids must be the caller's firm's (another firm's answer 404, as a missing one does).
 */
@Injectable()
export class PackageTemplatesService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(PackageTemplatesRepository) private readonly templates: PackageTemplatesRepository,
    @Inject(PackageTemplatesWriter) private readonly writer: PackageTemplatesWriter,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async create(input: CreatePackageTemplate): Promise<PackageTemplateResponse> {
    const row = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      await this.requireOfferings(input.offers, scope);
      const id = await this.writer.createTemplate(scope, input.name);
      await this.writer.addOffers(scope, id, input.offers);
      const created = (await this.templates.find(id, tx))!;
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.packageTemplate,
        entityId: id,
        after: view(created),
      });
      return created;
    });
    return view(row);
  }

  async addOffer(templateId: string, offer: PackageOffer): Promise<PackageTemplateResponse> {
    return this.change(templateId, async (scope) => {
      await this.requireOfferings([offer], scope);
      await this.writer.addOffers(scope, templateId, [offer]);
    });
  }

  async editOffer(templateId: string, offerId: string, offer: PackageOffer): Promise<PackageTemplateResponse> {
    return this.change(templateId, async (scope) => {
      if (!(await this.templates.findOffer(templateId, offerId, scope.tx))) throw notFound('Offer');
      await this.requireOfferings([offer], scope);
      await this.writer.replaceOffer(scope, templateId, offerId, offer);
    });
  }

  async removeOffer(templateId: string, offerId: string): Promise<PackageTemplateResponse> {
    return this.change(templateId, async (scope) => {
      if (!(await this.templates.findOffer(templateId, offerId, scope.tx))) throw notFound('Offer');
      await this.writer.removeOffer(scope, templateId, offerId);
    });
  }

  async remove(templateId: string): Promise<{ id: string }> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      if (!(await this.templates.lock(scope.sql, scope.organizationId, templateId))) throw notFound('Package template');
      const before = (await this.templates.find(templateId, tx))!;
      await this.writer.removeTemplate(scope, templateId);
      await this.audit.record(tx, {
        action: 'DELETE',
        entityType: EntityType.packageTemplate,
        entityId: templateId,
        before: view(before),
      });
    });
    return { id: templateId };
  }

  async get(templateId: string): Promise<PackageTemplateResponse> {
    const row = await this.templates.find(templateId);
    if (!row) throw notFound('Package template');
    return view(row);
  }

  async list(query: PackageTemplateListQuery): Promise<ListPage<PackageTemplateResponse>> {
    const { rows, total } = await this.templates.page(query);
    return { items: rows.map(view), page: query.page, limit: query.limit, total };
  }

  /** One change of a template, its row locked, audited as an update of the whole template. */
  private async change(
    templateId: string,
    apply: (scope: WriteScope & { tx: TenantTransaction }) => Promise<void>,
  ): Promise<PackageTemplateResponse> {
    const row = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      if (!(await this.templates.lock(scope.sql, scope.organizationId, templateId))) throw notFound('Package template');
      const before = (await this.templates.find(templateId, tx))!;
      await apply({ ...scope, tx });
      const after = (await this.templates.find(templateId, tx))!;
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.packageTemplate,
        entityId: templateId,
        before: view(before),
        after: view(after),
      });
      return after;
    });
    return view(row);
  }

  /** Every offering the offers name is one of the organization's; else 404, as for a template out of reach. */
  private requireOfferings(offers: readonly PackageOffer[], scope: WriteScope): Promise<void> {
    return requireOfferings(
      scope.sql,
      scope.organizationId,
      offers.flatMap((offer) => offer.offerings),
    );
  }
}

/** A numeric column as a decimal string, never through a float. */

export function offerView(row: OfferRow): OfferResponse {
  return {
    id: row.id,
    billingStartType: row.billingStartType,
    billingStartDate: row.billingStartDate ? row.billingStartDate.toISOString().slice(0, 10) : null,
    offerings: row.offerings.map(({ offering }) => offering),
    pricingPlan: {
      type: row.pricingType,
      paymentMethod: row.paymentMethod,
      aumFee:
        row.feeTiers.length === 0
          ? null
          : {
              feeRubric: {
                tiers: row.feeTiers.map((tier) => ({
                  breakpoint: tier.breakpoint.toFixed(),
                  currency: tier.breakpointCurrency,
                  fee: tier.fee.toFixed(),
                })),
              },
            },
      oneTimeFee:
        row.oneTimeFeeAmount === null || row.oneTimeFeeAmountCurrency === null
          ? null
          : {
              amount: { currency: row.oneTimeFeeAmountCurrency, value: row.oneTimeFeeAmount.toFixed() },
              isUpfront: row.oneTimeFeeIsUpfront ?? false,
            },
      recurringPayment:
        row.recurringAmount === null || row.recurringAmountCurrency === null || row.recurringFrequency === null
          ? null
          : {
              amount: { currency: row.recurringAmountCurrency, value: row.recurringAmount.toFixed() },
              frequency: { common: row.recurringFrequency, duration: row.recurringDuration },
            },
    },
  };
}

function view(row: PackageTemplateRow): PackageTemplateResponse {
  return {
    id: row.id,
    name: row.name,
    offers: row.offers.map(offerView),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
