import { Inject, Injectable } from '@nestjs/common';
import type { ReferenceKind } from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId, currentTeamScope } from '../../../common/tenancy/request-context.js';
import { teamScopeSql } from '../../../common/tenancy/team-scope-sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

/** An entity a reference names, as far as the caller may see it. */
export interface ResolvedEntity {
  id: string;
  kind: ReferenceKind;
  organizationId: string;
  /**
   * The team whose scope the entity falls in: a team's own id; the team of a household, contact,
   * group or team member; for a person, corporation, trust or foundation its household's team (a
   * person without a household: its first contact's). Null for users and professionals, who belong
   * to the firm rather than to one team.
   */
  teamId: string | null;
  /** The household the entity is or belongs to, where it has one. */
  householdId: string | null;
  /** The name the dashboard shows for it. */
  name: string;
}

type Row = Omit<ResolvedEntity, 'kind'>;

/** The name lists show for a contact or person: the preferred first name, then the last. */
const personName = (alias: string) =>
  Prisma.raw(`coalesce(${alias}.preferred_name, ${alias}.first_name) || ' ' || ${alias}.last_name`);

/** The tables of the kinds that belong to a household and are seen through its team. */
const HOUSEHOLD_ENTITY_TABLE = { CORPORATION: 'corporations', TRUST: 'trusts', FOUNDATION: 'foundations' } as const;

/**
 * A person is within reach through its household's team; one without a household through its
 * contacts: one of them in the caller's teams, or none at all (a person being made). The same rule
 * as the tenant client's (`tenant-scope.ts`), for raw SQL.
 */
function personScopeSql(): Prisma.Sql {
  const teamIds = currentTeamScope();
  if (!teamIds) return Prisma.empty;
  const teams = [...teamIds];
  return Prisma.sql`AND (p."householdTeamId" = ANY(${teams}::text[]) OR (p."householdId" IS NULL AND (
      EXISTS (SELECT 1 FROM contacts c WHERE c.organization_id = p."organizationId" AND c.person_id = p.id
        AND c.team_id = ANY(${teams}::text[]))
      OR NOT EXISTS (SELECT 1 FROM contacts c WHERE c.organization_id = p."organizationId" AND c.person_id = p.id))))`;
}

/**
 * One statement per kind, limited as the tenant client limits the same rows: to the caller's
 * organization, to their teams when their role does not see every team (teams, households,
 * contacts and groups by their team, a household's entities by the household's, persons as
 * above; users, professionals and team members are the firm's), and never a soft-deleted contact,
 * household or person.
 */
function statementFor(kind: ReferenceKind, organizationId: string, ids: readonly string[]): Prisma.Sql {
  const idList = Prisma.sql`ANY(${[...ids]}::text[])`;
  switch (kind) {
    case 'TEAM':
      return Prisma.sql`SELECT t.id, t.organization_id AS "organizationId", t.id AS "teamId",
          NULL::text AS "householdId", t.name
        FROM teams t WHERE t.organization_id = ${organizationId} AND t.id = ${idList} ${teamScopeSql('t.id')}`;
    case 'USER':
      return Prisma.sql`SELECT u.id, u.organization_id AS "organizationId", NULL::text AS "teamId",
          NULL::text AS "householdId", u.name
        FROM users u WHERE u.organization_id = ${organizationId} AND u.id = ${idList}`;
    case 'TEAM_MEMBER':
      return Prisma.sql`SELECT m.id, m.organization_id AS "organizationId", m.team_id AS "teamId",
          NULL::text AS "householdId", u.name
        FROM team_members m JOIN users u ON u.organization_id = m.organization_id AND u.id = m.user_id
        WHERE m.organization_id = ${organizationId} AND m.id = ${idList}`;
    case 'PROFESSIONAL':
      return Prisma.sql`SELECT p.id, p.organization_id AS "organizationId", NULL::text AS "teamId",
          NULL::text AS "householdId", p.display_name AS name
        FROM professionals p WHERE p.organization_id = ${organizationId} AND p.id = ${idList}`;
    case 'HOUSEHOLD':
      return Prisma.sql`SELECT h.id, h.organization_id AS "organizationId", h.team_id AS "teamId",
          h.id AS "householdId", h.name
        FROM households h WHERE h.organization_id = ${organizationId} AND h.id = ${idList}
          AND h.deleted_at IS NULL ${teamScopeSql('h.team_id')}`;
    case 'CONTACT':
      return Prisma.sql`SELECT c.id, c.organization_id AS "organizationId", c.team_id AS "teamId",
          c.household_id AS "householdId", ${personName('c')} AS name
        FROM contacts c WHERE c.organization_id = ${organizationId} AND c.id = ${idList}
          AND c.deleted_at IS NULL ${teamScopeSql('c.team_id')}`;
    case 'PERSON':
      // The household's team by a scalar subquery, and the scope tested on it in an outer query:
      // two key probes a person. Joined (plainly or laterally) with the scope's OR beside it, the
      // planner hash-joined every household of the firm (10.5 against 0.9 ms, bench/task-list.ts).
      // OFFSET 0 keeps the inner query whole, so the subquery runs once a person, not once more
      // for the scope.
      return Prisma.sql`SELECT p.id, p."organizationId",
          coalesce(p."householdTeamId", (SELECT c.team_id FROM contacts c
            WHERE c.organization_id = p."organizationId" AND c.person_id = p.id AND c.deleted_at IS NULL
            ORDER BY c.created_at, c.id LIMIT 1)) AS "teamId",
          p."householdId", p.name
        FROM (SELECT p.id, p.organization_id AS "organizationId", p.household_id AS "householdId",
            ${personName('p')} AS name,
            (SELECT h.team_id FROM households h
              WHERE h.organization_id = p.organization_id AND h.id = p.household_id) AS "householdTeamId"
          FROM persons p
          WHERE p.organization_id = ${organizationId} AND p.id = ${idList} AND p.deleted_at IS NULL
          OFFSET 0) p
        WHERE true ${personScopeSql()}`;
    case 'CORPORATION':
    case 'TRUST':
    case 'FOUNDATION':
      return Prisma.sql`SELECT e.id, e.organization_id AS "organizationId", h.team_id AS "teamId",
          e.household_id AS "householdId", e.name
        FROM ${Prisma.raw(HOUSEHOLD_ENTITY_TABLE[kind])} e
        JOIN households h ON h.organization_id = e.organization_id AND h.id = e.household_id
        WHERE e.organization_id = ${organizationId} AND e.id = ${idList} ${teamScopeSql('h.team_id')}`;
    case 'GROUP':
      return Prisma.sql`SELECT g.id, g.organization_id AS "organizationId", g.team_id AS "teamId",
          NULL::text AS "householdId", g.name
        FROM groups g WHERE g.organization_id = ${organizationId} AND g.id = ${idList} ${teamScopeSql('g.team_id')}`;
  }
}

/** Reads the entities of one kind by id, within the current context's reach. */
@Injectable()
export class EntityResolverRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async find(kind: ReferenceKind, ids: readonly string[]): Promise<ResolvedEntity[]> {
    const rows = await this.prisma.$queryRaw<Row[]>(statementFor(kind, currentOrganizationId(), ids));
    return rows.map((row) => ({ ...row, kind }));
  }
}
