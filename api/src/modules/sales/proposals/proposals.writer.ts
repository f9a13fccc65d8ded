import { Injectable } from '@nestjs/common';
import { EntityType, newId, type ProposalStatus } from '@meridian/domain';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** The fields the proposal calls change. */
export interface ProposalColumns {
  status?: ProposalStatus;
  revokedAt?: Date;
  acceptedAt?: Date;
  modificationRequest?: string;
  modificationRequestedAt?: Date;
}

/**
 * The one writer of proposals (their offers are the package-templates writer's: one writer of the
 * offers table). Ids are the caller's to have checked.
 */
@Injectable()
export class ProposalsWriter {
  /** A DRAFT proposal of an opportunity, in the opportunity's team; its id. */
  async create(scope: WriteScope, opportunity: { id: string; teamId: string }): Promise<string> {
    const id = newId(EntityType.proposal);
    await scope.tx.proposal.create({
      data: {
        id,
        organizationId: scope.organizationId,
        teamId: opportunity.teamId,
        opportunityId: opportunity.id,
        status: 'DRAFT',
        createdAt: scope.now,
        updatedAt: scope.now,
      },
    });
    return id;
  }

  /** Writes the given fields (none: only the updated time, as when an offer changes). */
  async update(scope: WriteScope, proposalId: string, fields: ProposalColumns = {}): Promise<void> {
    await scope.tx.proposal.update({ where: { id: proposalId }, data: { ...fields, updatedAt: scope.now } });
  }
}
