import { Inject, Injectable } from '@nestjs/common';
import type { ContactReportColumn, HouseholdReportColumn, ReportCell, SortDirection } from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeSql } from '../../../common/tenancy/team-scope-sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { CONTACT_TYPE_RANK_SQL } from '../households/index.js';

export type ReportRow = { id: string } & Record<string, ReportCell>;

export interface ReportPage {
  /** The moment the report is made: later meetings and notes do not count, and days are counted to its UTC date. */
  now: Date;
  teamId?: string | undefined;
  sort: string;
  order: SortDirection;
  limit: number;
  offset: number;
}

/** Whole days from the UTC date of `column` (a timestamp) to the UTC date of `now`; null when `column` is. */
function daysSince(column: Prisma.Sql, now: Date): Prisma.Sql {
  return Prisma.sql`((CAST(${now} AS timestamptz) AT TIME ZONE 'UTC')::date - (${column} AT TIME ZONE 'UTC')::date)`;
}

/** Text columns sort without regard to case; numbers as numbers. Empty cells go last either way. */
function orderBy(column: string, text: boolean, order: SortDirection): Prisma.Sql {
  const expression = text ? Prisma.raw(`lower(r."${column}")`) : Prisma.raw(`r."${column}"`);
  const direction = Prisma.raw(order === 'asc' ? 'ASC NULLS LAST' : 'DESC NULLS LAST');
  return Prisma.sql`${expression} ${direction}, r.id ${Prisma.raw(order === 'asc' ? 'ASC' : 'DESC')}`;
}

const CONTACT_TEXT_COLUMNS = new Set<string>([
  'clientService',
  'displayName',
  'firstName',
  'lastName',
  'primaryEmail',
  'portalAccessStatus',
  'primaryPhone',
  'type',
] satisfies ContactReportColumn[]);
const HOUSEHOLD_TEXT_COLUMNS = new Set<string>(['name', 'contactType', 'salutation'] satisfies HouseholdReportColumn[]);

/**
 * The reporting columns of crm §3, computed in one statement per page. "Last contact" is the latest
 * past meeting (not cancelled) the contact took part in, or note about them; "last meeting" the
 * latest such meeting. For a household: its meetings and notes, and those of its contacts. Raw SQL
 * is not scoped by the tenant client: each statement names the organization.
 */
@Injectable()
export class ReportsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async contacts(page: ReportPage): Promise<{ rows: ReportRow[]; total: number }> {
    const organizationId = currentOrganizationId();
    const team = Prisma.sql`${page.teamId ? Prisma.sql`AND c.team_id = ${page.teamId}` : Prisma.empty} ${teamScopeSql('c.team_id')}`;
    const [rows, counted] = await Promise.all([
      this.prisma.$queryRaw<ReportRow[]>`
        SELECT r.* FROM (
          SELECT c.id,
            t.name AS "clientService",
            coalesce(c.preferred_name, c.first_name) || ' ' || c.last_name AS "displayName",
            c.first_name AS "firstName",
            c.last_name AS "lastName",
            pe.email AS "primaryEmail",
            c.portal_access::text AS "portalAccessStatus",
            CASE WHEN pp.id IS NULL THEN NULL ELSE '+' || pp.country_code || ' ' || pp.number END AS "primaryPhone",
            c.type::text AS "type",
            ${daysSince(Prisma.sql`greatest(lm.at, ln.at)`, page.now)} AS "daysSinceLastContact",
            ${daysSince(Prisma.sql`lm.at`, page.now)} AS "daysSinceLastMeeting"
          FROM contacts c
          JOIN teams t ON t.organization_id = c.organization_id AND t.id = c.team_id
          LEFT JOIN contact_emails pe
            ON pe.organization_id = c.organization_id AND pe.contact_id = c.id AND pe.is_primary
          LEFT JOIN contact_phone_numbers pp
            ON pp.organization_id = c.organization_id AND pp.contact_id = c.id AND pp.is_primary
          LEFT JOIN LATERAL (
            SELECT max(m.start_time) AS at FROM meeting_participants mp
            JOIN meetings m ON m.organization_id = mp.organization_id AND m.id = mp.meeting_id
            WHERE mp.organization_id = c.organization_id AND mp.contact_id = c.id
              AND m.cancelled_at IS NULL AND m.start_time <= ${page.now}
          ) lm ON true
          LEFT JOIN LATERAL (
            SELECT max(n.date) AS at FROM notes n
            WHERE n.organization_id = c.organization_id AND n.owner_contact_id = c.id
              AND n.deleted_at IS NULL AND n.date <= ${page.now}
          ) ln ON true
          WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL ${team}
        ) r
        ORDER BY ${orderBy(page.sort, CONTACT_TEXT_COLUMNS.has(page.sort), page.order)}
        LIMIT ${page.limit} OFFSET ${page.offset}`,
      this.prisma.$queryRaw<{ total: number }[]>`
        SELECT count(*)::int AS total FROM contacts c
        WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL ${team}`,
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  async households(page: ReportPage): Promise<{ rows: ReportRow[]; total: number }> {
    const organizationId = currentOrganizationId();
    const team = Prisma.sql`${page.teamId ? Prisma.sql`AND h.team_id = ${page.teamId}` : Prisma.empty} ${teamScopeSql('h.team_id')}`;
    const [rows, counted] = await Promise.all([
      this.prisma.$queryRaw<ReportRow[]>`
        SELECT r.* FROM (
          SELECT h.id,
            h.name,
            (SELECT c.type::text FROM contacts c WHERE c.organization_id = h.organization_id AND c.household_id = h.id
              AND c.deleted_at IS NULL
              ORDER BY ${CONTACT_TYPE_RANK_SQL} LIMIT 1) AS "contactType",
            h.salutation,
            ${daysSince(Prisma.sql`h.last_kyc_updated_at`, page.now)} AS "daysSinceLastKycUpdate",
            ${daysSince(Prisma.sql`greatest(lm.at, ln.at)`, page.now)} AS "daysSinceLastContact",
            ${daysSince(Prisma.sql`lm.at`, page.now)} AS "daysSinceLastMeeting"
          FROM households h
          LEFT JOIN LATERAL (
            SELECT max(m.start_time) AS at FROM meetings m
            WHERE m.organization_id = h.organization_id AND m.cancelled_at IS NULL
              AND m.start_time <= ${page.now}
              AND (m.household_id = h.id OR EXISTS (
                SELECT 1 FROM meeting_participants mp JOIN contacts c
                  ON c.organization_id = mp.organization_id AND c.id = mp.contact_id
                WHERE mp.organization_id = m.organization_id AND mp.meeting_id = m.id AND c.household_id = h.id))
          ) lm ON true
          LEFT JOIN LATERAL (
            SELECT max(n.date) AS at FROM notes n
            WHERE n.organization_id = h.organization_id AND n.deleted_at IS NULL
              AND n.date <= ${page.now}
              AND (n.owner_household_id = h.id OR n.owner_contact_id IN (
                SELECT c.id FROM contacts c WHERE c.organization_id = h.organization_id AND c.household_id = h.id))
          ) ln ON true
          WHERE h.organization_id = ${organizationId} AND h.deleted_at IS NULL ${team}
        ) r
        ORDER BY ${orderBy(page.sort, HOUSEHOLD_TEXT_COLUMNS.has(page.sort), page.order)}
        LIMIT ${page.limit} OFFSET ${page.offset}`,
      this.prisma.$queryRaw<{ total: number }[]>`
        SELECT count(*)::int AS total FROM households h
        WHERE h.organization_id = ${organizationId} AND h.deleted_at IS NULL ${team}`,
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }
}
