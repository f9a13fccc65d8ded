import { Inject, Injectable } from '@nestjs/common';
import {
  REVIEW_OVERDUE_MONTHS,
  type HouseholdListQuery,
  type HouseholdSort,
  type SortDirection,
} from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeSql } from '../../../common/tenancy/team-scope-sql.js';
import { PreparedDocuments } from '../../../infra/prisma/prepared-documents.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { readContactListRows } from '../contacts/index.js';
import { readHouseholdDetail } from './household-detail-read.js';
import { addressSelect, nameSelect, ORDER_OLDEST_FIRST } from '../contacts/index.js';

export const personSelect = {
  id: true,
  householdId: true,
  ...nameSelect,
  dateOfBirth: true,
  gender: true,
  email: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.PersonSelect;
export type PersonRow = Prisma.PersonGetPayload<{ select: typeof personSelect }>;

export const householdSelect = {
  id: true,
  teamId: true,
  name: true,
  salutation: true,
  lastKycUpdatedAt: true,
  createdAt: true,
  updatedAt: true,
  primaryAdvisor: { select: { id: true, displayName: true } },
} satisfies Prisma.HouseholdSelect;
export type HouseholdRow = Prisma.HouseholdGetPayload<{ select: typeof householdSelect }>;

export const corporationSelect = {
  id: true,
  householdId: true,
  name: true,
  legalName: true,
  businessNumber: true,
  incorporationJurisdiction: true,
  incorporationDate: true,
} satisfies Prisma.CorporationSelect;
export const trustSelect = {
  id: true,
  householdId: true,
  name: true,
  trustType: true,
  country: true,
  settlementDate: true,
} satisfies Prisma.TrustSelect;
export const foundationSelect = {
  id: true,
  householdId: true,
  name: true,
  registrationNumber: true,
  country: true,
  establishedDate: true,
} satisfies Prisma.FoundationSelect;

/** A family with its members (head first, then by when they joined) and addresses. */
export const familySelect = {
  id: true,
  householdId: true,
  name: true,
  createdAt: true,
  updatedAt: true,
  // Members who are deleted persons stay in the family for a restore, hidden until then.
  members: {
    where: { person: { deletedAt: null } },
    select: {
      personId: true,
      role: true,
      createdAt: true,
      person: { select: { firstName: true, lastName: true, preferredName: true, dateOfBirth: true } },
    },
    orderBy: [{ role: 'asc' }, { createdAt: 'asc' }, { personId: 'asc' }],
  },
  addresses: { select: addressSelect, orderBy: ORDER_OLDEST_FIRST },
} satisfies Prisma.FamilySelect;
export type FamilyRow = Prisma.FamilyGetPayload<{ select: typeof familySelect }>;

const BY_NAME = [{ name: 'asc' as const }, { id: 'asc' as const }];

@Injectable()
export class HouseholdsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(PreparedDocuments) private readonly documents: PreparedDocuments,
  ) {}

  /**
   * What `GET /households/{householdId}` shows of the household itself and its members, entities
   * and families, in one statement (household-detail-read.ts); null when it is not the caller's.
   * Tells whether `userId` is a member of its team too.
   */
  detail(householdId: string, userId: string) {
    return readHouseholdDetail(this.documents, { organizationId: currentOrganizationId(), householdId, userId });
  }

  exists(model: 'team' | 'professional' | 'household' | 'person', id: string): Promise<boolean> {
    const where = { where: { id } };
    const count = {
      team: () => this.prisma.team.count(where),
      professional: () => this.prisma.professional.count(where),
      household: () => this.prisma.household.count(where),
      person: () => this.prisma.person.count(where),
    }[model]();
    return count.then((n) => n > 0);
  }

  members(householdId: string) {
    return this.prisma.person.findMany({
      where: { householdId },
      select: personSelect,
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    });
  }

  corporations(householdId: string) {
    return this.prisma.corporation.findMany({ where: { householdId }, select: corporationSelect, orderBy: BY_NAME });
  }

  trusts(householdId: string) {
    return this.prisma.trust.findMany({ where: { householdId }, select: trustSelect, orderBy: BY_NAME });
  }

  foundations(householdId: string) {
    return this.prisma.foundation.findMany({ where: { householdId }, select: foundationSelect, orderBy: BY_NAME });
  }

  /** One statement instead of Prisma's eight (the contacts, then each kind of sub-record). */
  contacts(householdId: string) {
    return readContactListRows(
      this.prisma,
      Prisma.sql`c.household_id = ${householdId}`,
      Prisma.sql`c.last_name ASC, c.first_name ASC, c.id ASC`,
    );
  }

  /**
   * A page of households matching the query's filters in a stable order (the id breaks ties), with
   * the members' names, the primary advisor and the most advanced type among their contacts. The
   * name search uses the trigram index on lower(name). Soft-deleted households, members and
   * contacts never count. Raw SQL is not scoped by the tenant client: each statement names the
   * organization.
   */
  async list(query: HouseholdListQuery, now: Date = new Date()) {
    const organizationId = currentOrganizationId();
    const conditions = [
      Prisma.sql`h.organization_id = ${organizationId} ${teamScopeSql('h.team_id')}`,
      Prisma.sql`h.deleted_at IS NULL`,
    ];
    if (query.teamId) conditions.push(Prisma.sql`h.team_id = ${query.teamId}`);
    if (query.advisorId) conditions.push(Prisma.sql`h.primary_advisor_id = ${query.advisorId}`);
    if (query.search) {
      const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      conditions.push(Prisma.sql`lower(h.name) LIKE ${pattern}`);
    }
    if (query.type) {
      conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM contacts c
        WHERE c.organization_id = h.organization_id AND c.household_id = h.id AND c.deleted_at IS NULL
          AND c.type = CAST(${query.type} AS contact_type))`);
    }
    if (query.tagId) {
      conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM contacts c
        JOIN contact_tags ct ON ct.organization_id = c.organization_id AND ct.contact_id = c.id
        WHERE c.organization_id = h.organization_id AND c.household_id = h.id AND c.deleted_at IS NULL
          AND ct.tag_id = ${query.tagId})`);
    }
    if (query.reviewOverdue) {
      const cutoff = reviewCutoff(now);
      // Neither a KYC update nor a meeting held (not cancelled, already started) since the cutoff.
      conditions.push(Prisma.sql`(h.last_kyc_updated_at IS NULL OR h.last_kyc_updated_at < ${cutoff})
        AND NOT EXISTS (SELECT 1 FROM meetings m
          WHERE m.organization_id = h.organization_id AND m.household_id = h.id AND m.cancelled_at IS NULL
            AND m.start_time >= ${cutoff} AND m.start_time <= ${now})`);
    }
    const where = Prisma.join(conditions, ' AND ');
    const [rows, counted] = await Promise.all([
      this.prisma.$queryRaw<HouseholdListRow[]>`
        SELECT h.id, h.team_id AS "teamId", h.name, h.salutation, h.created_at AS "createdAt",
          h.last_kyc_updated_at AS "lastKycUpdatedAt",
          pr.id AS "advisorId", pr.display_name AS "advisorName",
          ARRAY(SELECT p.first_name || ' ' || p.last_name FROM persons p
            WHERE p.organization_id = h.organization_id AND p.household_id = h.id AND p.deleted_at IS NULL
            ORDER BY lower(p.last_name), lower(p.first_name), p.id) AS "memberNames",
          (SELECT c.type::text FROM contacts c
            WHERE c.organization_id = h.organization_id AND c.household_id = h.id AND c.deleted_at IS NULL
            ORDER BY ${CONTACT_TYPE_RANK_SQL} LIMIT 1) AS "contactType"
        FROM households h
        LEFT JOIN professionals pr ON pr.organization_id = h.organization_id AND pr.id = h.primary_advisor_id
        WHERE ${where}
        ORDER BY ${HOUSEHOLD_ORDER_BY[query.sort][query.order]}
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
      this.prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM households h WHERE ${where}`,
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  /** The organization's professionals, by name: who can advise a household. */
  advisors() {
    return this.prisma.professional.findMany({
      select: { id: true, displayName: true },
      orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
    });
  }
}

export interface HouseholdListRow {
  id: string;
  teamId: string;
  name: string;
  salutation: string | null;
  createdAt: Date;
  lastKycUpdatedAt: Date | null;
  advisorId: string | null;
  advisorName: string | null;
  memberNames: string[];
  contactType: string | null;
}

/** The start of the review window: REVIEW_OVERDUE_MONTHS before `now`. */
export function reviewCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - REVIEW_OVERDUE_MONTHS);
  return cutoff;
}

const MEMBER_COUNT_SQL = Prisma.sql`(SELECT count(*) FROM persons p
  WHERE p.organization_id = h.organization_id AND p.household_id = h.id AND p.deleted_at IS NULL)`;

/** Stable orders of the household list; never-updated KYC comes first when ascending (the most overdue). */
const HOUSEHOLD_ORDER_BY: Record<HouseholdSort, Record<SortDirection, Prisma.Sql>> = {
  name: { asc: Prisma.sql`lower(h.name) ASC, h.id ASC`, desc: Prisma.sql`lower(h.name) DESC, h.id DESC` },
  members: {
    asc: Prisma.sql`${MEMBER_COUNT_SQL} ASC, lower(h.name) ASC, h.id ASC`,
    desc: Prisma.sql`${MEMBER_COUNT_SQL} DESC, lower(h.name) ASC, h.id ASC`,
  },
  advisor: {
    asc: Prisma.sql`lower(pr.display_name) ASC NULLS LAST, lower(h.name) ASC, h.id ASC`,
    desc: Prisma.sql`lower(pr.display_name) DESC NULLS LAST, lower(h.name) ASC, h.id ASC`,
  },
  lastKycUpdatedAt: {
    asc: Prisma.sql`h.last_kyc_updated_at ASC NULLS FIRST, h.id ASC`,
    desc: Prisma.sql`h.last_kyc_updated_at DESC NULLS LAST, h.id DESC`,
  },
  createdAt: { asc: Prisma.sql`h.created_at ASC, h.id ASC`, desc: Prisma.sql`h.created_at DESC, h.id DESC` },
};

/** The order in which a contact type says most about a household: client first. */
export const CONTACT_TYPE_RANK_SQL = Prisma.sql`CASE c.type
  WHEN 'CLIENT' THEN 0 WHEN 'ONBOARDING' THEN 1 WHEN 'PROSPECT' THEN 2 WHEN 'LEAD' THEN 3 ELSE 4 END, c.id`;
