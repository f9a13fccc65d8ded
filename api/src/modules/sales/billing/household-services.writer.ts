import { Inject, Injectable } from '@nestjs/common';
import { BillingMessage, EntityType, newId, type HouseholdServiceBillingStatus } from '@meridian/domain';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import { StripeClients } from '../../hub/providers/stripe/index.js';

/** The billing columns of a service that the set-up job, the events and a retry change. */
export interface HouseholdServiceBillingColumns {
  billingStatus?: HouseholdServiceBillingStatus;
  billingError?: string | null;
  connectionId?: string | null;
  externalSubscriptionId?: string | null;
  nextChargeAt?: Date | null;
}

/**
 * The one writer of household services: an accepted proposal's offers as services of its
 * household, then their billing state. Ids are the caller's to have checked.
 */
@Injectable()
export class HouseholdServicesWriter {
  constructor(@Inject(StripeClients) private readonly stripe: StripeClients) {}

  /**
   * Inside the accepting transaction: one service per offer of the proposal, in the offers' order.
   * Its name is its offerings' names joined, its category and type the first offering's. Paid
   * through the payment provider, it is PENDING on the firm's Stripe connection, or FAILED with
   * why when the firm has none (a retry, once Stripe is connected, picks the connection up);
   * paid otherwise, NOT_BILLED_HERE. Returns the PENDING services' ids, for the set-up job after
   * the commit. A proposal whose opportunity has no household yet (a lead) makes no service.
   */
  async createForAcceptedProposal(scope: WriteScope, proposalId: string): Promise<string[]> {
    const proposal = await scope.tx.proposal.findUniqueOrThrow({
      where: { id: proposalId },
      select: {
        id: true,
        acceptedAt: true,
        opportunity: { select: { household: { select: { id: true, teamId: true } } } },
        offers: {
          orderBy: [{ position: 'asc' }, { id: 'asc' }],
          select: {
            id: true,
            paymentMethod: true,
            billingStartType: true,
            billingStartDate: true,
            offerings: { select: { offering: { select: { name: true, category: true, type: true } } } },
          },
        },
      },
    });
    const household = proposal.opportunity.household;
    if (!household) return [];
    const providerPaid = proposal.offers.some((offer) => offer.paymentMethod === 'PAYMENT_PROVIDER');
    // The firm's connection, whoever accepts (it belongs to no team).
    const connection = providerPaid ? await this.stripe.activeConnection(scope.organizationId) : null;

    const rows = proposal.offers.flatMap((offer) => {
      // Offerings in a stable order (the join table has none): by name.
      const offerings = offer.offerings.map((link) => link.offering).sort((a, b) => a.name.localeCompare(b.name));
      const first = offerings[0];
      // An offer needs an offering (crm §5); one without cannot be a service.
      if (!first) return [];
      const billedHere = offer.paymentMethod === 'PAYMENT_PROVIDER';
      const billingStatus: HouseholdServiceBillingStatus = !billedHere
        ? 'NOT_BILLED_HERE'
        : connection
          ? 'PENDING'
          : 'FAILED';
      return [
        {
          id: newId(EntityType.householdService),
          organizationId: scope.organizationId,
          teamId: household.teamId,
          householdId: household.id,
          proposalId,
          offerId: offer.id,
          name: offerings.map((offering) => offering.name).join(', '),
          category: first.category,
          type: first.type,
          paymentSource: offer.paymentMethod,
          billingStartType: offer.billingStartType,
          billingStartDate: offer.billingStartDate,
          billingStatus,
          billingError: billedHere && !connection ? BillingMessage.noConnection : null,
          connectionId: billedHere && connection ? connection.id : null,
          acceptedAt: proposal.acceptedAt ?? scope.now,
          createdAt: scope.now,
          updatedAt: scope.now,
        },
      ];
    });
    if (rows.length > 0) await scope.tx.householdService.createMany({ data: rows });
    return rows.filter((row) => row.billingStatus === 'PENDING').map((row) => row.id);
  }

  /** Writes the given billing columns of a service. */
  async updateBilling(scope: WriteScope, serviceId: string, fields: HouseholdServiceBillingColumns): Promise<void> {
    await scope.tx.householdService.update({
      where: { organizationId_id: { organizationId: scope.organizationId, id: serviceId } },
      data: { ...fields, updatedAt: scope.now },
    });
  }
}
