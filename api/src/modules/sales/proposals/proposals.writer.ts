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
  sentAt?: Date;
  portfolioPdfFilePath?: string;
  portfolioPdfFileType?: string;
  portfolioPdfFileSize?: number;
}

/** A recipient to record: the person and the address written to. */
export interface RecipientColumns {
  personId: string;
  email: string;
}

/**
 * The one writer of proposals and their recipients (their offers are the package-templates writer's: one writer of the
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

  /**
   * Records the recipients (a person named again keeps their row, with the new address), each
   * written to at `scope.now`; with `only`, the proposal's other recipients are removed (their
   * links stop working). Answers the recorded rows' ids by person.
   */
  async recordRecipients(
    scope: WriteScope,
    proposalId: string,
    recipients: readonly RecipientColumns[],
    options: { only: boolean },
  ): Promise<Map<string, string>> {
    if (options.only) {
      await scope.tx.proposalRecipient.deleteMany({
        where: { proposalId, personId: { notIn: recipients.map((recipient) => recipient.personId) } },
      });
    }
    const ids = new Map<string, string>();
    for (const recipient of recipients) {
      const row = await scope.tx.proposalRecipient.upsert({
        where: { proposalId_personId: { proposalId, personId: recipient.personId } },
        create: {
          id: newId(EntityType.proposalRecipient),
          organizationId: scope.organizationId,
          proposalId,
          personId: recipient.personId,
          email: recipient.email,
          sentAt: scope.now,
          createdAt: scope.now,
        },
        update: { email: recipient.email, sentAt: scope.now },
        select: { id: true },
      });
      ids.set(recipient.personId, row.id);
    }
    return ids;
  }
}
