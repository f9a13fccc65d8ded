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
  portfolioPdfFilePath: string | null;
  portfolioPdfFileType: string | null;
  portfolioPdfFileSize: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A recorded recipient of a proposal. */
export interface RecipientRow {
  id: string;
  proposalId: string;
  personId: string;
  email: string;
  sentAt: Date | null;
}

/** A person a proposal may be sent to, with the address it goes to unless another is given. */
export interface RecipientCandidate {
  id: string;
  householdId: string | null;
  firstName: string;
  name: string;
  /** The primary e-mail of the person's contact (else any of its e-mails, else the person's own). */
  email: string | null;
}

/** What a recipient's page names: the firm, the household, the recipient. */
export interface LinkContext {
  organizationName: string;
  householdName: string | null;
}

const PROPOSAL_SELECT = `p.id, p.opportunity_id AS "opportunityId", p.team_id AS "teamId", p.status::text AS status,
  p.modification_request AS "modificationRequest", p.modification_requested_at AS "modificationRequestedAt",
  p.sent_at AS "sentAt", p.accepted_at AS "acceptedAt", p.revoked_at AS "revokedAt",
  p.portfolio_pdf_file_path AS "portfolioPdfFilePath", p.portfolio_pdf_file_type AS "portfolioPdfFileType",
  p.portfolio_pdf_file_size AS "portfolioPdfFileSize",
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

  /**
   * The recipients of these proposals, those named first first; recipients named in one send share
   * their time (the transaction's), so among them by address, which keeps the order stable.
   */
  async recipients(proposalIds: readonly string[], client: Client = this.prisma): Promise<RecipientRow[]> {
    if (proposalIds.length === 0) return [];
    return client.proposalRecipient.findMany({
      where: { proposalId: { in: [...proposalIds] } },
      orderBy: [{ createdAt: 'asc' }, { email: 'asc' }, { id: 'asc' }],
      select: { id: true, proposalId: true, personId: true, email: true, sentAt: true },
    });
  }

  /**
   * The persons `ids` name (of the organization, not deleted), each with the address a proposal
   * goes to by default. Reach (team scope) is the entity resolver's to have checked.
   */
  async candidates(ids: readonly string[], sql: Sql = this.sql): Promise<RecipientCandidate[]> {
    if (ids.length === 0) return [];
    return sql.query<RecipientCandidate>(
      `SELECT p.id, p.household_id AS "householdId", coalesce(p.preferred_name, p.first_name) AS "firstName",
              coalesce(p.preferred_name, p.first_name) || ' ' || p.last_name AS name,
              coalesce((SELECT ce.email FROM contacts c JOIN contact_emails ce ON ce.contact_id = c.id
                         WHERE c.organization_id = p.organization_id AND c.person_id = p.id AND c.deleted_at IS NULL
                         ORDER BY ce.is_primary DESC, ce.created_at, ce.id LIMIT 1), p.email) AS email
         FROM persons p
        WHERE p.organization_id = $1 AND p.id = ANY($2::text[]) AND p.deleted_at IS NULL`,
      currentOrganizationId(),
      [...ids],
    );
  }

  /** The person of an opportunity's contact (a lead's sale without a household), or null. */
  async contactPerson(contactId: string, sql: Sql = this.sql): Promise<string | null> {
    const [row] = await sql.query<{ personId: string | null }>(
      `SELECT c.person_id AS "personId" FROM contacts c
        WHERE c.organization_id = $1 AND c.id = $2 AND c.deleted_at IS NULL`,
      currentOrganizationId(),
      contactId,
    );
    return row?.personId ?? null;
  }

  /** The firm's name and the opportunity's household's, for the recipient's page and e-mail. */
  async linkContext(opportunityId: string, sql: Sql = this.sql): Promise<LinkContext> {
    const [row] = await sql.query<LinkContext>(
      `SELECT o.name AS "organizationName",
              (SELECT h.name FROM opportunities op JOIN households h
                  ON h.organization_id = op.organization_id AND h.id = op.household_id
                WHERE op.organization_id = o.id AND op.id = $2) AS "householdName"
         FROM organizations o WHERE o.id = $1`,
      currentOrganizationId(),
      opportunityId,
    );
    return row ?? { organizationName: '', householdName: null };
  }
}
