import { Inject, Injectable } from '@nestjs/common';
import type { ProposalStatus } from '@meridian/domain';
import { sqlOf, type Sql } from '../../../common/persistence/sql.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeParam } from '../../../common/tenancy/team-scope-sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { OFFER_SELECT, type OfferRow } from '../package-templates/index.js';

/** A proposal as the routes read it, without its offers. */
export interface ProposalRow {
  id: string;
  opportunityId: string;
  teamId: string;
  status: ProposalStatus;
  modificationRequest: string | null;
  modificationRequestedAt: Date | null;
  sentAt: Date | null;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const PROPOSAL_SELECT = `p.id, p.opportunity_id AS "opportunityId", p.team_id AS "teamId", p.status::text AS status,
  p.modification_request AS "modificationRequest", p.modification_requested_at AS "modificationRequestedAt",
  p.sent_at AS "sentAt", p.accepted_at AS "acceptedAt", p.revoked_at AS "revokedAt",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt"`;

type Client = TenantPrismaClient | TenantTransaction;

/**
 * Proposal reads. A proposal's team is its opportunity's: the proposal is read under the caller's
 * team scope (raw SQL, `teamScopeParam`), so another team's is not found, as another firm's is.
 * Offers are read through the tenant client once their proposal is known to be within reach.
 */
@Injectable()
export class ProposalsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  private get sql(): Sql {
    return sqlOf(this.prisma);
  }

  /** One proposal within reach; with `sql` of a transaction, locked until it ends (`forUpdate`). */
  async find(proposalId: string, options: { sql?: Sql; forUpdate?: boolean } = {}): Promise<ProposalRow | null> {
    const scope = teamScopeParam('p.team_id', 3);
    const [row] = await (options.sql ?? this.sql).query<ProposalRow>(
      `SELECT ${PROPOSAL_SELECT} FROM proposals p WHERE p.organization_id = $1 AND p.id = $2${scope.sql}
       ${options.forUpdate ? 'FOR UPDATE' : ''}`,
      currentOrganizationId(),
      proposalId,
      ...scope.values,
    );
    return row ?? null;
  }

  /** An opportunity's proposals within reach, newest first. */
  async byOpportunity(opportunityId: string): Promise<ProposalRow[]> {
    const scope = teamScopeParam('p.team_id', 3);
    return this.sql.query<ProposalRow>(
      `SELECT ${PROPOSAL_SELECT} FROM proposals p WHERE p.organization_id = $1 AND p.opportunity_id = $2${scope.sql}
        ORDER BY p.created_at DESC, p.id DESC`,
      currentOrganizationId(),
      opportunityId,
      ...scope.values,
    );
  }

  /** The offers of these proposals, each proposal's in the order they were added. */
  async offers(
    proposalIds: readonly string[],
    client: Client = this.prisma,
  ): Promise<(OfferRow & { proposalId: string | null })[]> {
    if (proposalIds.length === 0) return [];
    return client.offer.findMany({
      where: { proposalId: { in: [...proposalIds] } },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      select: { ...OFFER_SELECT, proposalId: true },
    });
  }

  /** The proposal's offer, or null (another proposal's, a template's, or none). */
  async findOffer(proposalId: string, offerId: string, client: Client): Promise<{ id: string } | null> {
    return client.offer.findFirst({ where: { id: offerId, proposalId }, select: { id: true } });
  }

  async nextPosition(proposalId: string, tx: TenantTransaction): Promise<number> {
    const last = await tx.offer.aggregate({ where: { proposalId }, _max: { position: true } });
    return (last._max.position ?? -1) + 1;
  }
}
