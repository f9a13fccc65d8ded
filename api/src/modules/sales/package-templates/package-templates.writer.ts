import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { EntityType, newId, type CurrencyCode, type PackageOffer } from '@meridian/domain';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** Decimal places numeric(20, 8) keeps: amounts and breakpoints are rounded to them here, not by PostgreSQL. */
const STORED_DECIMALS = 8;
/**
 * The currency of an AUM fee's breakpoints when the offer has no amount to take it from. Assets are
 * counted in the offer's currency (sales/fees); an AUM fee alone names none, and the firms are
 * Canadian first.
 */
const DEFAULT_BREAKPOINT_CURRENCY: CurrencyCode = 'CAD';

const stored = (value: number) => new Decimal(value).toDecimalPlaces(STORED_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();

/** The columns of an offer (the pricing plan flattened, as the offers table keeps it). */
function offerColumns(offer: PackageOffer) {
  const plan = offer.pricingPlan;
  const oneTime = plan.oneTimeFee?.amount.value != null ? plan.oneTimeFee : undefined;
  const recurring = plan.recurringPayment?.amount.value != null ? plan.recurringPayment : undefined;
  return {
    billingStartType: offer.billingStartType,
    // A date only means something for a chosen start; another start keeps none.
    billingStartDate:
      offer.billingStartType === 'CUSTOM_DATE' && offer.billingStartDate ? new Date(offer.billingStartDate) : null,
    pricingType: plan.type,
    paymentMethod: plan.paymentMethod,
    oneTimeFeeAmount: oneTime ? stored(oneTime.amount.value!) : null,
    oneTimeFeeAmountCurrency: oneTime ? oneTime.amount.currency! : null,
    oneTimeFeeIsUpfront: oneTime ? oneTime.isUpfront : null,
    recurringAmount: recurring ? stored(recurring.amount.value!) : null,
    recurringAmountCurrency: recurring ? recurring.amount.currency! : null,
    recurringFrequency: recurring ? recurring.frequency.common : null,
    recurringDuration: recurring?.frequency.duration ?? null,
  };
}

function breakpointCurrency(offer: PackageOffer): CurrencyCode {
  const plan = offer.pricingPlan;
  return plan.oneTimeFee?.amount.currency ?? plan.recurringPayment?.amount.currency ?? DEFAULT_BREAKPOINT_CURRENCY;
}

/**
 * The one writer of package templates and of offers with their fee tiers and offerings, a
 * template's or a proposal's (the offers table holds both, CHECK offers_parent_check).
 * Offering ids are the caller's to have checked.
 */
@Injectable()
export class PackageTemplatesWriter {
  async createTemplate(scope: WriteScope, name: string): Promise<string> {
    const id = newId(EntityType.packageTemplate);
    await scope.tx.packageTemplate.create({
      data: { id, organizationId: scope.organizationId, name, createdAt: scope.now, updatedAt: scope.now },
    });
    return id;
  }

  /** Adds offers after the template's last; their ids. */
  async addOffers(scope: WriteScope, templateId: string, offers: readonly PackageOffer[]): Promise<string[]> {
    if (offers.length === 0) return [];
    const ids = await this.insertOffers(scope, { packageTemplateId: templateId }, offers);
    await this.touch(scope, templateId);
    return ids;
  }

  /** Replaces an offer's pricing plan, billing start, tiers and offerings. */
  async replaceOffer(scope: WriteScope, templateId: string, offerId: string, offer: PackageOffer): Promise<void> {
    await this.rewriteOffer(scope, offerId, offer);
    await this.touch(scope, templateId);
  }

  /** Removes an offer; its tiers and offerings go with it (ON DELETE CASCADE). */
  async removeOffer(scope: WriteScope, templateId: string, offerId: string): Promise<void> {
    await scope.tx.offer.deleteMany({ where: { id: offerId, packageTemplateId: templateId } });
    await this.touch(scope, templateId);
  }

  /**
   * Adds offers after the proposal's last; their ids. The proposal's own row (its updated time) is
   * the proposals writer's.
   */
  async addProposalOffers(scope: WriteScope, proposalId: string, offers: readonly PackageOffer[]): Promise<string[]> {
    if (offers.length === 0) return [];
    return this.insertOffers(scope, { proposalId }, offers);
  }

  /** Replaces a proposal's offer: pricing plan, billing start, tiers and offerings. */
  async replaceProposalOffer(scope: WriteScope, offerId: string, offer: PackageOffer): Promise<void> {
    await this.rewriteOffer(scope, offerId, offer);
  }

  /** Removes a proposal's offer with its tiers and offerings (ON DELETE CASCADE). */
  async removeProposalOffer(scope: WriteScope, proposalId: string, offerId: string): Promise<void> {
    await scope.tx.offer.deleteMany({ where: { id: offerId, proposalId } });
  }

  /** Removes a template with its offers (ON DELETE CASCADE). */
  async removeTemplate(scope: WriteScope, templateId: string): Promise<void> {
    await scope.tx.packageTemplate.delete({ where: { id: templateId } });
  }

  /**
   * Inserts offers under one parent (a template or a proposal: CHECK offers_parent_check), after its
   * last offer, with their parts. The caller holds the parent's row lock, so positions do not race.
   */
  private async insertOffers(
    scope: WriteScope,
    parent: { packageTemplateId: string } | { proposalId: string },
    offers: readonly PackageOffer[],
  ): Promise<string[]> {
    const last = await scope.tx.offer.aggregate({ where: parent, _max: { position: true } });
    const firstPosition = (last._max.position ?? -1) + 1;
    const ids = offers.map(() => newId(EntityType.offer));
    await scope.tx.offer.createMany({
      data: offers.map((offer, index) => ({
        id: ids[index]!,
        organizationId: scope.organizationId,
        ...parent,
        position: firstPosition + index,
        ...offerColumns(offer),
        createdAt: scope.now,
        updatedAt: scope.now,
      })),
    });
    await this.writeParts(
      scope,
      offers.map((offer, index) => ({ offerId: ids[index]!, offer })),
    );
    return ids;
  }

  private async rewriteOffer(scope: WriteScope, offerId: string, offer: PackageOffer): Promise<void> {
    await scope.tx.offer.update({ where: { id: offerId }, data: { ...offerColumns(offer), updatedAt: scope.now } });
    await scope.tx.offerFeeTier.deleteMany({ where: { offerId } });
    await scope.tx.offerOffering.deleteMany({ where: { offerId } });
    await this.writeParts(scope, [{ offerId, offer }]);
  }

  private async writeParts(scope: WriteScope, items: readonly { offerId: string; offer: PackageOffer }[]) {
    const tiers = items.flatMap(({ offerId, offer }) =>
      (offer.pricingPlan.aumFee?.feeRubric.tiers ?? []).map((tier, position) => ({
        id: newId(EntityType.offerFeeTier),
        organizationId: scope.organizationId,
        offerId,
        position,
        breakpoint: stored(tier.breakpoint),
        breakpointCurrency: breakpointCurrency(offer),
        fee: new Decimal(tier.fee).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
      })),
    );
    if (tiers.length > 0) await scope.tx.offerFeeTier.createMany({ data: tiers });
    const offerings = items.flatMap(({ offerId, offer }) =>
      [...new Set(offer.offerings)].map((offeringId) => ({
        organizationId: scope.organizationId,
        offerId,
        offeringId,
      })),
    );
    if (offerings.length > 0) await scope.tx.offerOffering.createMany({ data: offerings });
  }

  private async touch(scope: WriteScope, templateId: string) {
    await scope.tx.packageTemplate.update({ where: { id: templateId }, data: { updatedAt: scope.now } });
  }
}
