import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  ProposalLinkMessage,
  toIsoDate,
  type ProposalLinkView,
  type ProposalResponse,
} from '@meridian/domain';
import { runAsOrganization } from '../../../common/tenancy/request-context.js';
import { BrandsService } from '../../platform/brands/index.js';
import { FilesService } from '../../platform/files/index.js';
import { ProposalLinkThrottle } from './proposal-link-throttle.js';
import { ProposalLinkSigner, type ProposalLinkClaim } from './proposal-link-token.js';
import { ProposalsRepository, type ProposalRow, type RecipientRow } from './proposals.repository.js';
import { assetsFor, feeSummaryOf, ProposalsService, type ProposalLinkActor } from './proposals.service.js';

const refused = (message: string) => new DomainError(ErrorCode.NOT_FOUND, message);

/** A link that opened: its claim, its proposal and its recipient. */
interface OpenLink {
  claim: ProposalLinkClaim;
  proposal: ProposalRow;
  recipient: RecipientRow;
}

/**
 * The recipients' public page (no login): a signed link (ProposalLinkSigner) opens one proposal
 * for one recipient, in the proposal's organization. A link that is not valid answers 404 and
 * counts against the client (ProposalLinkThrottle); an expired one, one whose recipient was
 * removed by a later send, or one of a revoked proposal answers 404 with its reason and does not
 * count. Accepting and asking for changes are the staff calls' own logic (ProposalsService), with
 * the recipient named in the audit entry.
 */
@Injectable()
export class ProposalLinksService {
  constructor(
    @Inject(ProposalLinkSigner) private readonly links: ProposalLinkSigner,
    @Inject(ProposalLinkThrottle) private readonly throttle: ProposalLinkThrottle,
    @Inject(ProposalsRepository) private readonly proposals: ProposalsRepository,
    @Inject(ProposalsService) private readonly service: ProposalsService,
    @Inject(BrandsService) private readonly brands: BrandsService,
    @Inject(FilesService) private readonly files: FilesService,
  ) {}

  view(token: string, client: string): Promise<ProposalLinkView> {
    return this.withLink(token, client, (link) => this.present(link));
  }

  accept(token: string, client: string): Promise<ProposalLinkView> {
    return this.withLink(token, client, async (link) => {
      await this.service.accept(link.proposal.id, actorOf(link));
      return this.present(await this.reopen(link));
    });
  }

  requestModification(token: string, comment: string, client: string): Promise<ProposalLinkView> {
    return this.withLink(token, client, async (link) => {
      await this.service.requestModification(link.proposal.id, comment, actorOf(link));
      return this.present(await this.reopen(link));
    });
  }

  /** Checks the token, then runs `fn` in the link's organization with its proposal and recipient. */
  private async withLink<T>(token: string, client: string, fn: (link: OpenLink) => Promise<T>): Promise<T> {
    await this.throttle.assertAllowed(client);
    const check = this.links.check(token);
    if (!check.ok) {
      if (check.reason === 'expired') throw refused(ProposalLinkMessage.expired);
      await this.throttle.recordFailure(client);
      throw refused(ProposalLinkMessage.invalid);
    }
    const { claim } = check;
    return runAsOrganization({ organizationId: claim.organizationId }, async () => {
      const link = await this.open(claim);
      if (!link) {
        await this.throttle.recordFailure(client);
        throw refused(ProposalLinkMessage.invalid);
      }
      return fn(link);
    });
  }

  private async open(claim: ProposalLinkClaim): Promise<OpenLink | null> {
    const proposal = await this.proposals.find(claim.proposalId);
    if (!proposal || proposal.status === 'DRAFT') return null;
    if (proposal.status === 'REVOKED') throw refused(ProposalLinkMessage.withdrawn);
    const recipient = (await this.proposals.recipients([proposal.id])).find((row) => row.id === claim.recipientId);
    // A later send to other recipients removed this one: their link no longer opens the proposal.
    if (!recipient) throw refused(ProposalLinkMessage.withdrawn);
    return { claim, proposal, recipient };
  }

  private async reopen(link: OpenLink): Promise<OpenLink> {
    return (await this.open(link.claim)) ?? link;
  }

  /** The page: the firm and its brand, the household, the offers priced, nothing internal. */
  private async present({ claim, proposal, recipient }: OpenLink): Promise<ProposalLinkView> {
    const response: ProposalResponse = await this.service.get(proposal.id);
    const context = await this.proposals.linkContext(proposal.opportunityId);
    const [person] = await this.proposals.candidates([recipient.personId]);
    const [brand] = await this.brands.list();
    const logo =
      brand?.logos.find((candidate) => candidate.type === 'HORIZONTAL' && candidate.urls.medium) ??
      brand?.logos.find((candidate) => Object.keys(candidate.urls).length > 0);
    const today = toIsoDate(new Date());
    const assets = await this.service.investableAssetsOfSale(proposal.opportunityId, response.offers);
    return {
      organizationName: context.organizationName,
      brand: {
        name: brand?.name ?? context.organizationName,
        logoUrl: logo ? (logo.urls.medium ?? logo.urls.large ?? logo.urls.small ?? null) : null,
      },
      householdName: context.householdName,
      recipientName: person?.name ?? '',
      status: response.status as ProposalLinkView['status'],
      sentAt: response.sentAt,
      acceptedAt: response.acceptedAt,
      modificationRequest: response.modificationRequest,
      modificationRequestedAt: response.modificationRequestedAt,
      expiresAt: claim.expiresAt.toISOString(),
      offers: response.offers.map((offer) => ({
        billingStartType: offer.billingStartType,
        billingStartDate: offer.billingStartDate,
        offerings: offer.offerings.map(({ name, category, type }) => ({ name, category, type })),
        pricingPlan: {
          type: offer.pricingPlan.type,
          paymentMethod: offer.pricingPlan.paymentMethod,
          aumFee: offer.pricingPlan.aumFee ? { tiers: offer.pricingPlan.aumFee.feeRubric.tiers } : null,
          oneTimeFee: offer.pricingPlan.oneTimeFee,
          recurringPayment: offer.pricingPlan.recurringPayment,
        },
        feeSummary: feeSummaryOf(offer, today, assetsFor(offer, assets)),
      })),
      portfolioPdf: proposal.portfolioPdfFilePath ? { url: this.files.readUrl(proposal.portfolioPdfFilePath) } : null,
    };
  }
}

function actorOf({ recipient }: OpenLink): ProposalLinkActor {
  return { recipientId: recipient.id, personId: recipient.personId, email: recipient.email };
}
