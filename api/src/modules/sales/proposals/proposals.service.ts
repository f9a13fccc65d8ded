import { Inject, Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import {
  DomainError,
  EntityType,
  ErrorCode,
  notFound,
  offerFeeSummary,
  ProposalTransitionMessage,
  proposalTransition,
  toIsoDate,
  type CurrencyCode,
  type OfferFeeSummaryResponse,
  type OfferResponse,
  type PackageOffer,
  type ProposalAction,
  type ProposalPackageView,
  type ProposalResponse,
  type ProposalTransition,
} from '@meridian/domain';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { BillingJobs, HouseholdServicesWriter } from '../billing/index.js';
import { OpportunitiesRepository, OpportunitiesService } from '../opportunities/index.js';
import { offerView, PackageTemplatesWriter, requireOfferings, type OfferRow } from '../package-templates/index.js';
import { ProposalsRepository, type ProposalRow } from './proposals.repository.js';
import { ProposalsWriter, type ProposalColumns } from './proposals.writer.js';

/** The lifecycle's refusal as the API answers it: 409 with its sentence. */
function allowed(transition: ProposalTransition): Extract<ProposalTransition, { ok: true }> {
  if (!transition.ok) throw new DomainError(ErrorCode.CONFLICT, transition.message);
  return transition;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const text = (value: Decimal.Value) => new Decimal(value).toFixed();

function proposalView(row: ProposalRow, offers: readonly OfferRow[]): ProposalResponse {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    teamId: row.teamId,
    status: row.status,
    modificationRequest: row.modificationRequest,
    modificationRequestedAt: iso(row.modificationRequestedAt),
    sentAt: iso(row.sentAt),
    acceptedAt: iso(row.acceptedAt),
    revokedAt: iso(row.revokedAt),
    offers: offers.map(offerView),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What an offer costs in its first year, from the fee engine. The household's investable assets
 * are not computed anywhere the API can reach yet, so the AUM fee is not priced (`aumFee` null; the
 * offer's tiers are its schedule) and the first year counts the one-time fee and the recurring
 * charges. Billing on the engagement's start is dated today, the day the page is read. Null when
 * the stored plan cannot be priced (its amounts in two currencies).
 */
function feeSummaryOf(offer: OfferResponse, today: string): OfferFeeSummaryResponse | null {
  const plan = offer.pricingPlan;
  // The fee engine takes the schema's numbers; stored amounts have 8 decimals, well within a double's digits.
  const amount = (value: { currency: CurrencyCode; value: string } | null) =>
    value ? { currency: value.currency, value: Number(value.value) } : { currency: null, value: null };
  try {
    const summary = offerFeeSummary(
      {
        oneTimeFee: plan.oneTimeFee
          ? { amount: amount(plan.oneTimeFee.amount), isUpfront: plan.oneTimeFee.isUpfront }
          : undefined,
        recurringPayment: plan.recurringPayment
          ? {
              amount: amount(plan.recurringPayment.amount),
              frequency: {
                common: plan.recurringPayment.frequency.common,
                duration: plan.recurringPayment.frequency.duration ?? undefined,
              },
            }
          : undefined,
      },
      0,
      { type: offer.billingStartType, date: offer.billingStartDate ?? today },
    );
    return {
      currency: summary.currency,
      firstYear: summary.firstYear,
      aumFee: null,
      oneTimeFee: summary.oneTimeFee
        ? { value: text(summary.oneTimeFee.value), chargedOn: summary.oneTimeFee.date }
        : null,
      recurringPayment: summary.recurringPayment
        ? { listedTotal: text(summary.recurringPayment.listedTotal), charges: summary.recurringPayment.charges.length }
        : null,
      firstYearTotals: {
        aumFee: text(summary.firstYearTotals.aumFee),
        oneTimeFee: text(summary.firstYearTotals.oneTimeFee),
        recurringPayment: text(summary.firstYearTotals.recurringPayment),
        total: text(summary.firstYearTotals.total),
      },
    };
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * Proposals (crm §4, §7; Foundations §7's acceptance): made for an opportunity in discovery or at
 * its proposal stage, offers changed while DRAFT or MODIFICATION_REQUESTED, then revoked, sent
 * back for changes or accepted. Every change is one transaction with its audit entry, the
 * proposal locked; a refusal changes nothing. Ids out of the caller's firm or teams answer 404.
 */
@Injectable()
export class ProposalsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(ProposalsRepository) private readonly proposals: ProposalsRepository,
    @Inject(ProposalsWriter) private readonly writer: ProposalsWriter,
    @Inject(PackageTemplatesWriter) private readonly offers: PackageTemplatesWriter,
    @Inject(OpportunitiesRepository) private readonly opportunities: OpportunitiesRepository,
    @Inject(OpportunitiesService) private readonly opportunityStages: OpportunitiesService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(HouseholdServicesWriter) private readonly services: HouseholdServicesWriter,
    @Inject(BillingJobs) private readonly billing: BillingJobs,
  ) {}

  /** A DRAFT for an opportunity in DISCOVERY (whose proposal stage it initiates) or PROPOSAL. */
  async create(opportunityId: string): Promise<ProposalResponse> {
    const id = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const opportunity = await this.opportunities.find(opportunityId, { sql: scope.sql, forUpdate: true });
      if (!opportunity) throw notFound('Opportunity');
      if (opportunity.stage === 'NEW') throw new DomainError(ErrorCode.CONFLICT, ProposalTransitionMessage.createAtNew);
      if (opportunity.stage === 'WON' || opportunity.stage === 'LOST') {
        throw new DomainError(ErrorCode.CONFLICT, ProposalTransitionMessage.createWhenClosed);
      }
      if (opportunity.stage === 'DISCOVERY') await this.opportunityStages.initiateProposalIn(scope, opportunityId);
      const proposalId = await this.writer.create(scope, opportunity);
      const created = (await this.proposals.find(proposalId, { sql: scope.sql }))!;
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.proposal,
        entityId: proposalId,
        after: proposalView(created, []),
      });
      return proposalId;
    });
    return this.get(id);
  }

  async get(proposalId: string): Promise<ProposalResponse> {
    const row = await this.proposals.find(proposalId);
    if (!row) throw notFound('Proposal');
    return proposalView(row, await this.proposals.offers([proposalId]));
  }

  addOffer(proposalId: string, offer: PackageOffer): Promise<ProposalResponse> {
    return this.change(proposalId, 'editOffers', async (scope) => {
      await this.requireOfferings(offer, scope);
      const position = await this.proposals.nextPosition(proposalId, scope.tx);
      await this.offers.addProposalOffers(scope, proposalId, [offer], position);
      return {};
    });
  }

  editOffer(proposalId: string, offerId: string, offer: PackageOffer): Promise<ProposalResponse> {
    return this.change(proposalId, 'editOffers', async (scope) => {
      if (!(await this.proposals.findOffer(proposalId, offerId, scope.tx))) throw notFound('Offer');
      await this.requireOfferings(offer, scope);
      await this.offers.replaceProposalOffer(scope, offerId, offer);
      return {};
    });
  }

  removeOffer(proposalId: string, offerId: string): Promise<ProposalResponse> {
    return this.change(proposalId, 'editOffers', async (scope) => {
      if (!(await this.proposals.findOffer(proposalId, offerId, scope.tx))) throw notFound('Offer');
      await this.offers.removeProposalOffer(scope, proposalId, offerId);
      return {};
    });
  }

  revoke(proposalId: string): Promise<ProposalResponse> {
    return this.change(proposalId, 'revoke', async (scope) => ({ status: 'REVOKED', revokedAt: scope.now }));
  }

  requestModification(proposalId: string, comment: string): Promise<ProposalResponse> {
    return this.change(proposalId, 'requestModification', async (scope) => ({
      status: 'MODIFICATION_REQUESTED',
      modificationRequest: comment,
      modificationRequestedAt: scope.now,
    }));
  }

  /** Each offer becomes a service of the household in the same transaction; billing starts after the commit. */
  async accept(proposalId: string): Promise<ProposalResponse> {
    let toBill: { organizationId: string; ids: string[] } | null = null;
    const accepted = await this.change(proposalId, 'accept', async (scope) => {
      toBill = {
        organizationId: scope.organizationId,
        ids: await this.services.createForAcceptedProposal(scope, proposalId),
      };
      return { status: 'ACCEPTED', acceptedAt: scope.now };
    });
    const { organizationId, ids } = toBill!;
    await this.billing.enqueueSetUp(organizationId, ids);
    return accepted;
  }

  /** The opportunity's proposals, newest first, each offer with what it costs. */
  async packageView(opportunityId: string): Promise<ProposalPackageView> {
    const opportunity = await this.opportunities.find(opportunityId);
    if (!opportunity) throw notFound('Opportunity');
    const rows = await this.proposals.byOpportunity(opportunityId);
    const offers = await this.proposals.offers(rows.map((row) => row.id));
    const today = toIsoDate(new Date());
    return {
      opportunityId,
      householdId: opportunity.householdId,
      investableAssets: null,
      proposals: rows.map((row) => {
        const view = proposalView(
          row,
          offers.filter((offer) => offer.proposalId === row.id),
        );
        return { ...view, offers: view.offers.map((offer) => ({ ...offer, feeSummary: feeSummaryOf(offer, today) })) };
      }),
    };
  }

  /**
   * One call on one proposal: the row locked (two calls take turns, the second meets the first's
   * status), the status rule, the change, the audit entry of the proposal as it was and is.
   */
  private async change(
    proposalId: string,
    action: ProposalAction,
    apply: (scope: WriteScope) => Promise<ProposalColumns>,
  ): Promise<ProposalResponse> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const before = await this.proposals.find(proposalId, { sql: scope.sql, forUpdate: true });
      if (!before) throw notFound('Proposal');
      const beforeOffers = await this.proposals.offers([proposalId], tx);
      allowed(proposalTransition(before.status, action, beforeOffers.length));
      const fields = await apply(scope);
      await this.writer.update(scope, proposalId, fields);
      const after = (await this.proposals.find(proposalId, { sql: scope.sql }))!;
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.proposal,
        entityId: proposalId,
        before: proposalView(before, beforeOffers),
        after: proposalView(after, await this.proposals.offers([proposalId], tx)),
      });
    });
    return this.get(proposalId);
  }

  /** Every offering the offer names is one of the organization's; else 404. */
  private requireOfferings(offer: PackageOffer, scope: WriteScope): Promise<void> {
    return requireOfferings(scope.sql, scope.organizationId, offer.offerings);
  }
}
