import { Inject, Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import {
  DomainError,
  EntityType,
  ErrorCode,
  isValidEmail,
  notFound,
  offerFeeSummary,
  ProposalMessage,
  ProposalTransitionMessage,
  proposalTransition,
  ReferenceUse,
  toIsoDate,
  type CurrencyCode,
  type OfferFeeSummaryResponse,
  type OfferResponse,
  type PackageOffer,
  type ProposalAction,
  type ProposalPackageView,
  type ProposalResponse,
  type ProposalTransition,
  PortfolioPdfMessage,
  type SendProposal,
  type UpdatePortfolioPdf,
  validationError,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { retryOnDeadlock } from '../../../infra/prisma/deadlock-retry.js';
import { AuditService } from '../../platform/audit/index.js';
import { OutboxService } from '../../platform/email/index.js';
import { EntityResolver } from '../../platform/entity-resolver/index.js';
import { FilesService } from '../../platform/files/index.js';
import { FinancialViewService } from '../../financials/financial-view/index.js';
import { BillingJobs, HouseholdServicesWriter } from '../billing/index.js';
import { OpportunitiesRepository, OpportunitiesService } from '../opportunities/index.js';
import { offerView, PackageTemplatesWriter, requireOfferings, type OfferRow } from '../package-templates/index.js';
import { proposalEmail, proposalLink } from './proposal-email.js';
import { ProposalLinkSigner } from './proposal-link-token.js';
import { ProposalsRepository, type ProposalRow, type RecipientRow } from './proposals.repository.js';
import { ProposalsWriter, type ProposalColumns, type RecipientColumns } from './proposals.writer.js';

/** A recipient acting through their link: named in the audit entry of what they did. */
export interface ProposalLinkActor {
  recipientId: string;
  personId: string;
  email: string;
}

/** The lifecycle's refusal as the API answers it: 409 with its sentence. */
function allowed(transition: ProposalTransition): Extract<ProposalTransition, { ok: true }> {
  if (!transition.ok) throw new DomainError(ErrorCode.CONFLICT, transition.message);
  return transition;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function proposalView(
  row: ProposalRow,
  offers: readonly OfferRow[],
  recipients: readonly RecipientRow[],
): ProposalResponse {
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
    recipients: recipients.map((recipient) => ({
      personId: recipient.personId,
      email: recipient.email,
      sentAt: iso(recipient.sentAt),
    })),
    portfolioPdf:
      row.portfolioPdfFilePath && row.portfolioPdfFileType && row.portfolioPdfFileSize
        ? { fileType: row.portfolioPdfFileType, fileSize: row.portfolioPdfFileSize }
        : null,
    offers: offers.map(offerView),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What an offer costs in its first year, from the fee engine. An AUM fee is priced on `assets`,
 * the household's investable assets in the currency of the offer's tiers (null when unknown: no
 * investment on record, a sale without a household, or a missing rate; the tiers are then the
 * schedule). Billing on the engagement's start is dated today, the day the page is read. Null
 * when the stored plan cannot be priced (its amounts in two currencies).
 */
export function feeSummaryOf(
  offer: OfferResponse,
  today: string,
  assets: string | null = null,
): OfferFeeSummaryResponse | null {
  const plan = offer.pricingPlan;
  // The fee engine takes the schema's numbers; stored amounts have 8 decimals, well within a double's digits.
  const amount = (value: { currency: CurrencyCode; value: string } | null) =>
    value ? { currency: value.currency, value: Number(value.value) } : { currency: null, value: null };
  try {
    const tiers = plan.aumFee?.feeRubric.tiers;
    const summary = offerFeeSummary(
      {
        aumFee:
          tiers && assets !== null
            ? { feeRubric: { tiers: tiers.map((tier) => ({ breakpoint: tier.breakpoint, fee: tier.fee })) } }
            : undefined,
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
      assets ?? 0,
      { type: offer.billingStartType, date: offer.billingStartDate ?? today },
    );
    const aum = summary.aumFee;
    return {
      currency: summary.currency,
      firstYear: summary.firstYear,
      aumFee: aum
        ? {
            assets: aum.calculation.assets.toFixed(),
            annual: aum.annual.toFixed(),
            effectiveRate: aum.effectiveRate.toFixed(),
            tiers: aum.calculation.breakdown.map((line) => ({
              from: line.from.toFixed(),
              to: line.to === null ? null : line.to.toFixed(),
              fee: line.rate.toFixed(),
              amount: line.fee.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(),
            })),
          }
        : null,
      oneTimeFee: summary.oneTimeFee
        ? { value: summary.oneTimeFee.value.toFixed(), chargedOn: summary.oneTimeFee.date }
        : null,
      recurringPayment: summary.recurringPayment
        ? {
            listedTotal: summary.recurringPayment.listedTotal.toFixed(),
            charges: summary.recurringPayment.charges.length,
          }
        : null,
      firstYearTotals: {
        aumFee: summary.firstYearTotals.aumFee.toFixed(),
        oneTimeFee: summary.firstYearTotals.oneTimeFee.toFixed(),
        recurringPayment: summary.firstYearTotals.recurringPayment.toFixed(),
        total: summary.firstYearTotals.total.toFixed(),
      },
    };
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** The currency of the first AUM offer's tiers, if any offer has an AUM fee. */
function aumCurrencyOf(offers: readonly OfferResponse[]): CurrencyCode | undefined {
  return offers.find((offer) => offer.pricingPlan.aumFee)?.pricingPlan.aumFee?.feeRubric.tiers[0]?.currency;
}

/** The assets an offer's AUM fee is priced on: the household's, in the currency of its tiers. */
export function assetsFor(offer: OfferResponse, assets: ReadonlyMap<CurrencyCode, string>): string | null {
  const currency = offer.pricingPlan.aumFee?.feeRubric.tiers[0]?.currency;
  return currency ? (assets.get(currency) ?? null) : null;
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
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(ProposalLinkSigner) private readonly links: ProposalLinkSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(HouseholdServicesWriter) private readonly services: HouseholdServicesWriter,
    @Inject(BillingJobs) private readonly billing: BillingJobs,
    @Inject(FinancialViewService) private readonly financialView: FinancialViewService,
  ) {}

  /** A DRAFT for an opportunity in DISCOVERY (whose proposal stage it initiates) or PROPOSAL. */
  async create(opportunityId: string): Promise<ProposalResponse> {
    const id = await retryOnDeadlock(() =>
      this.prisma.$transaction(async (tx) => {
        const scope = writeScope(tx);
        const opportunity = await this.opportunities.find(opportunityId, { sql: scope.sql, forUpdate: true });
        if (!opportunity) throw notFound('Opportunity');
        if (opportunity.stage === 'NEW')
          throw new DomainError(ErrorCode.CONFLICT, ProposalTransitionMessage.createAtNew);
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
          after: proposalView(created, [], []),
        });
        return proposalId;
      }),
    );
    return this.get(id);
  }

  async get(proposalId: string): Promise<ProposalResponse> {
    const row = await this.proposals.find(proposalId);
    if (!row) throw notFound('Proposal');
    return proposalView(row, await this.proposals.offers([proposalId]), await this.proposals.recipients([proposalId]));
  }

  addOffer(proposalId: string, offer: PackageOffer): Promise<ProposalResponse> {
    return this.change(proposalId, 'editOffers', async (scope) => {
      await this.requireOfferings(offer, scope);
      await this.offers.addProposalOffers(scope, proposalId, [offer]);
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

  /** Sent back for changes, by the advisor or (`by`) a recipient through their link. */
  requestModification(proposalId: string, comment: string, by?: ProposalLinkActor): Promise<ProposalResponse> {
    return this.change(
      proposalId,
      'requestModification',
      async (scope) => ({
        status: 'MODIFICATION_REQUESTED',
        modificationRequest: comment,
        modificationRequestedAt: scope.now,
      }),
      by,
    );
  }

  /**
   * `PATCH /proposals/{id}/send` (crm §7): a send (from DRAFT, or MODIFICATION_REQUESTED once
   * reworked) records its recipients, replacing an earlier send's, and moves the proposal to SENT;
   * a resend (SENT) writes again to the recorded recipients and to any it names besides. Each
   * recipient is e-mailed (through the outbox, in the same transaction) a link with a new signed
   * token; earlier links keep working until they expire or the proposal is revoked. Recipients
   * are persons of the opportunity's household (of its contact, for a sale without one) within
   * the caller's reach, else 404.
   */
  async send(proposalId: string, body: SendProposal): Promise<ProposalResponse> {
    const written: string[] = [];
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const before = await this.proposals.find(proposalId, { sql: scope.sql, forUpdate: true });
      if (!before) throw notFound('Proposal');
      const beforeOffers = await this.proposals.offers([proposalId], tx);
      const beforeRecipients = await this.proposals.recipients([proposalId], tx);
      allowed(proposalTransition(before.status, body.resend ? 'resend' : 'send', beforeOffers.length));
      const opportunity = (await this.opportunities.find(before.opportunityId, { sql: scope.sql }))!;
      const named = await this.namedRecipients(body.recipients ?? [], opportunity, scope);
      const recipients = body.resend ? mergeRecipients(beforeRecipients, named) : named;
      const ids = await this.writer.recordRecipients(scope, proposalId, recipients, { only: !body.resend });
      await this.writer.update(scope, proposalId, body.resend ? {} : { status: 'SENT', sentAt: scope.now });

      const context = await this.proposals.linkContext(opportunity.id, scope.sql);
      const people = new Map(
        (
          await this.proposals.candidates(
            recipients.map((recipient) => recipient.personId),
            scope.sql,
          )
        ).map((person) => [person.id, person]),
      );
      for (const recipient of recipients) {
        const issued = this.links.issue(
          { organizationId: scope.organizationId, proposalId, recipientId: ids.get(recipient.personId)! },
          scope.now,
        );
        const message = proposalEmail({
          firstName: people.get(recipient.personId)?.firstName ?? '',
          organizationName: context.organizationName,
          householdName: context.householdName,
          link: proposalLink(this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`, issued.token),
          expiresAt: issued.expiresAt,
          resend: body.resend,
        });
        written.push(
          await this.outbox.write(tx, { organizationId: scope.organizationId, to: recipient.email, ...message }),
        );
      }
      const after = (await this.proposals.find(proposalId, { sql: scope.sql }))!;
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.proposal,
        entityId: proposalId,
        before: proposalView(before, beforeOffers, beforeRecipients),
        after: proposalView(after, beforeOffers, await this.proposals.recipients([proposalId], tx)),
      });
    });
    for (const id of written) await this.outbox.dispatch(id);
    return this.get(proposalId);
  }

  /**
   * `PATCH /proposals/{id}/update-portfolio-pdf`: a PDF of the organization's files (uploaded
   * through `POST /upload/request`), which the recipients' page offers for download. Allowed while
   * the proposal is not accepted or revoked, as its offers' changes are not: the portfolio is
   * context, not terms.
   */
  async updatePortfolioPdf(proposalId: string, input: UpdatePortfolioPdf): Promise<ProposalResponse> {
    const key = this.files.ownKey(input.filePath);
    if (!key.toLowerCase().endsWith('.pdf')) {
      throw validationError([{ path: 'filePath', message: PortfolioPdfMessage.notPdf }]);
    }
    if ((await this.files.read(key)) === null) throw notFound('File');
    return this.change(proposalId, 'updatePortfolio', async () => ({
      portfolioPdfFilePath: key,
      portfolioPdfFileType: input.fileType,
      portfolioPdfFileSize: input.fileSize,
    }));
  }

  /**
   * Accepted by the advisor or (`by`) a recipient through their link. Each offer becomes a service
   * of the household in the same transaction, and the opportunity, when it is at its proposal
   * stage, is closed as won (the opportunities' own rule and audit entry); billing starts after the
   * commit.
   */
  async accept(proposalId: string, by?: ProposalLinkActor): Promise<ProposalResponse> {
    let toBill: { organizationId: string; ids: string[] } | null = null;
    const accepted = await this.change(
      proposalId,
      'accept',
      async (scope, before) => {
        const opportunity = await this.opportunities.find(before.opportunityId, { sql: scope.sql });
        if (opportunity?.stage === 'PROPOSAL') await this.opportunityStages.closeWonIn(scope, opportunity.id);
        toBill = {
          organizationId: scope.organizationId,
          ids: await this.services.createForAcceptedProposal(scope, proposalId),
        };
        return { status: 'ACCEPTED', acceptedAt: scope.now };
      },
      by,
    );
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
    const recipients = await this.proposals.recipients(rows.map((row) => row.id));
    const today = toIsoDate(new Date());
    const priced = offers.map(offerView);
    const assets = await this.investableAssets(opportunity.householdId, priced);
    const aumCurrency = aumCurrencyOf(priced);
    return {
      opportunityId,
      householdId: opportunity.householdId,
      investableAssets: aumCurrency ? (assets.get(aumCurrency) ?? null) : null,
      proposals: rows.map((row) => {
        const view = proposalView(
          row,
          offers.filter((offer) => offer.proposalId === row.id),
          recipients.filter((recipient) => recipient.proposalId === row.id),
        );
        return {
          ...view,
          offers: view.offers.map((offer) => ({
            ...offer,
            feeSummary: feeSummaryOf(offer, today, assetsFor(offer, assets)),
          })),
        };
      }),
    };
  }

  /** `investableAssets` of the household a sale is for (none for a lead's). */
  async investableAssetsOfSale(
    opportunityId: string,
    offers: readonly OfferResponse[],
  ): Promise<Map<CurrencyCode, string>> {
    const opportunity = await this.opportunities.find(opportunityId);
    return this.investableAssets(opportunity?.householdId ?? null, offers);
  }

  /**
   * The household's investable assets (the financial view's investments), once in each currency
   * the offers' AUM tiers are in. A currency the firm has no rate for is left out, so its offers
   * are shown with their tiers only.
   */
  async investableAssets(
    householdId: string | null,
    offers: readonly OfferResponse[],
  ): Promise<Map<CurrencyCode, string>> {
    const assets = new Map<CurrencyCode, string>();
    if (!householdId) return assets;
    const currencies = new Set(offers.map((offer) => offer.pricingPlan.aumFee?.feeRubric.tiers[0]?.currency));
    for (const currency of currencies) {
      if (!currency) continue;
      try {
        const view = await this.financialView.view(householdId, currency);
        // No investment on record reads as unknown, not as a fee of zero.
        const investments = view.accountGroups.find((group) => group.group === 'INVESTMENT');
        if (investments && !new Decimal(investments.total.value).isZero())
          assets.set(currency, investments.total.value);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return assets;
  }

  /**
   * One call on one proposal: the row locked (two calls take turns, the second meets the first's
   * status), the status rule, the change, the audit entry of the proposal as it was and is (with
   * the recipient who acted through their link, `by`).
   */
  private async change(
    proposalId: string,
    action: ProposalAction,
    apply: (scope: WriteScope, before: ProposalRow) => Promise<ProposalColumns>,
    by?: ProposalLinkActor,
  ): Promise<ProposalResponse> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const before = await this.proposals.find(proposalId, { sql: scope.sql, forUpdate: true });
      if (!before) throw notFound('Proposal');
      const beforeOffers = await this.proposals.offers([proposalId], tx);
      const recipients = await this.proposals.recipients([proposalId], tx);
      allowed(proposalTransition(before.status, action, beforeOffers.length));
      const fields = await apply(scope, before);
      await this.writer.update(scope, proposalId, fields);
      const after = (await this.proposals.find(proposalId, { sql: scope.sql }))!;
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.proposal,
        entityId: proposalId,
        before: proposalView(before, beforeOffers, recipients),
        after: {
          ...proposalView(after, await this.proposals.offers([proposalId], tx), recipients),
          ...(by ? { byRecipient: { personId: by.personId, email: by.email } } : {}),
        },
      });
    });
    return this.get(proposalId);
  }

  /**
   * The recipients a send names, each a person of the opportunity's household (or, for a sale
   * without a household, its contact's person) within the caller's reach (else 404 'Person not
   * found', as for one that never existed), with the address given or the person's own
   * (crm §5: 'Email is required', 'Email must be a valid email address'). A person named twice
   * is written to once, at the last address given.
   */
  private async namedRecipients(
    named: readonly { personId: string; email?: string }[],
    opportunity: { householdId: string | null; contactId: string | null },
    scope: WriteScope,
  ): Promise<RecipientColumns[]> {
    if (named.length === 0) return [];
    await this.entities.require(
      named.map((recipient, index) => ({
        id: recipient.personId,
        use: ReferenceUse.proposalRecipient,
        path: `recipients.${index}.personId`,
      })),
    );
    const contactPerson =
      opportunity.householdId === null && opportunity.contactId
        ? await this.proposals.contactPerson(opportunity.contactId, scope.sql)
        : null;
    const people = new Map(
      (
        await this.proposals.candidates(
          named.map((recipient) => recipient.personId),
          scope.sql,
        )
      ).map((person) => [person.id, person]),
    );
    const byPerson = new Map<string, RecipientColumns>();
    named.forEach((recipient, index) => {
      const person = people.get(recipient.personId);
      const reachable =
        person !== undefined &&
        (opportunity.householdId !== null
          ? person.householdId === opportunity.householdId
          : person.id === contactPerson);
      if (!reachable) throw notFound('Person');
      const email = recipient.email ?? person.email?.trim() ?? '';
      const path = `recipients.${index}.email`;
      if (email === '') throw validationError([{ path, message: ProposalMessage.recipientEmailRequired }]);
      if (!isValidEmail(email)) throw validationError([{ path, message: ProposalMessage.recipientEmailInvalid }]);
      byPerson.set(recipient.personId, { personId: recipient.personId, email });
    });
    return [...byPerson.values()];
  }

  /** Every offering the offer names is one of the organization's; else 404. */
  private requireOfferings(offer: PackageOffer, scope: WriteScope): Promise<void> {
    return requireOfferings(scope.sql, scope.organizationId, offer.offerings);
  }
}

/** A resend's recipients: those recorded, at the address named again where one is. */
function mergeRecipients(recorded: readonly RecipientRow[], named: readonly RecipientColumns[]): RecipientColumns[] {
  const byPerson = new Map<string, RecipientColumns>(
    recorded.map((recipient) => [recipient.personId, { personId: recipient.personId, email: recipient.email }]),
  );
  for (const recipient of named) byPerson.set(recipient.personId, recipient);
  return [...byPerson.values()];
}
