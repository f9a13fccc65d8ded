import { Inject, Injectable } from '@nestjs/common';
import type { HouseholdListQuery } from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { contactListSelect } from '../contacts/index.js';
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
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  findHousehold(householdId: string) {
    return this.prisma.household.findUnique({ where: { id: householdId }, select: householdSelect });
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

  /** Whether the user is a member of the team (for the household's permissions). */
  isTeamMember(teamId: string, userId: string): Promise<boolean> {
    return this.prisma.teamMember.count({ where: { teamId, userId } }).then((n) => n > 0);
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

  families(householdId: string) {
    return this.prisma.family.findMany({ where: { householdId }, select: familySelect, orderBy: BY_NAME });
  }

  contacts(householdId: string) {
    return this.prisma.contact.findMany({
      where: { householdId },
      select: contactListSelect,
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * A page of households by name (stable: the id breaks ties), with the number of members and the
   * most advanced type among their contacts. The name search uses the trigram index on lower(name).
   */
  async list(query: HouseholdListQuery) {
    const organizationId = currentOrganizationId();
    const conditions = [Prisma.sql`h.organization_id = ${organizationId}`, Prisma.sql`h.deleted_at IS NULL`];
    if (query.teamId) conditions.push(Prisma.sql`h.team_id = ${query.teamId}`);
    if (query.search) {
      const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      conditions.push(Prisma.sql`lower(h.name) LIKE ${pattern}`);
    }
    const where = Prisma.join(conditions, ' AND ');
    const [rows, counted] = await Promise.all([
      this.prisma.$queryRaw<
        {
          id: string;
          teamId: string;
          name: string;
          salutation: string | null;
          memberCount: number;
          contactType: string | null;
          createdAt: Date;
        }[]
      >`
        SELECT h.id, h.team_id AS "teamId", h.name, h.salutation, h.created_at AS "createdAt",
          (SELECT count(*)::int FROM persons p WHERE p.organization_id = h.organization_id AND p.household_id = h.id
            AND p.deleted_at IS NULL)
            AS "memberCount",
          (SELECT c.type::text FROM contacts c WHERE c.organization_id = h.organization_id AND c.household_id = h.id
            AND c.deleted_at IS NULL
            ORDER BY ${CONTACT_TYPE_RANK_SQL} LIMIT 1) AS "contactType"
        FROM households h WHERE ${where}
        ORDER BY lower(h.name), h.id
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
      this.prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM households h WHERE ${where}`,
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }
}

/** The order in which a contact type says most about a household: client first. */
export const CONTACT_TYPE_RANK_SQL = Prisma.sql`CASE c.type
  WHEN 'CLIENT' THEN 0 WHEN 'ONBOARDING' THEN 1 WHEN 'PROSPECT' THEN 2 WHEN 'LEAD' THEN 3 ELSE 4 END, c.id`;
