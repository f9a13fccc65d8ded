import { Inject, Injectable } from '@nestjs/common';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Sql } from '../../../common/persistence/sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

/** A template's settings and opening hours: what its editor shows and what its booking page applies. */
export const TEMPLATE_SETTINGS_SELECT = {
  id: true,
  teamId: true,
  connectionId: true,
  title: true,
  message: true,
  durationMinutes: true,
  availableDaysInFuture: true,
  beforeBufferMinutes: true,
  afterBufferMinutes: true,
  minimumNoticeMinutes: true,
  minimumCancellationNoticeMinutes: true,
  timeZone: true,
  configId: true,
  openingHours: { select: { days: true, startTime: true, endTime: true } },
} satisfies Prisma.MeetingTemplateSelect;

const TEMPLATE_SELECT = {
  ...TEMPLATE_SETTINGS_SELECT,
  status: true,
  provider: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.MeetingTemplateSelect;

export type MeetingTemplateRow = Prisma.MeetingTemplateGetPayload<{ select: typeof TEMPLATE_SELECT }>;

/** What `scheduling-status` reads: the template, and the state of the calendar connection it books into. */
const SCHEDULING_SELECT = {
  id: true,
  provider: true,
  configId: true,
  connection: { select: { status: true, needsReauthSince: true, calendarProvider: true } },
} satisfies Prisma.MeetingTemplateSelect;

export type SchedulingRow = Prisma.MeetingTemplateGetPayload<{ select: typeof SCHEDULING_SELECT }>;

type Client = TenantPrismaClient | TenantTransaction;

/** A Nylas connection a template's bookings can go to: its id and its account's e-mail. */
export interface SchedulerConnection {
  id: string;
  email: string;
}

/**
 * Reads of meeting templates through the tenant client, which keeps them to the caller's
 * organization and, below Admin, their teams: another team's template is not found.
 */
@Injectable()
export class MeetingTemplatesRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async find(templateId: string, client: Client = this.prisma): Promise<MeetingTemplateRow | null> {
    return client.meetingTemplate.findFirst({ where: { id: templateId }, select: TEMPLATE_SELECT });
  }

  /** A team's templates by title (the id keeps templates of one title in a stable order). */
  async listByTeam(teamId: string): Promise<MeetingTemplateRow[]> {
    return this.prisma.meetingTemplate.findMany({
      where: { teamId },
      orderBy: [{ title: 'asc' }, { id: 'asc' }],
      select: TEMPLATE_SELECT,
    });
  }

  /** Whether the team exists for the caller (teams outside their scope do not). */
  async teamExists(teamId: string, client: Client = this.prisma): Promise<boolean> {
    return (await client.team.count({ where: { id: teamId } })) > 0;
  }

  /** The titles of the team's templates (a team has a handful), for naming a copy. */
  async titlesInTeam(teamId: string, client: Client): Promise<Set<string>> {
    const rows = await client.meetingTemplate.findMany({
      where: { teamId },
      select: { title: true },
    });
    return new Set(rows.map((row) => row.title));
  }

  /**
   * Locks the organization's template for the transaction (FOR UPDATE: a meeting being booked
   * through it holds it FOR KEY SHARE, so a delete waits for the booking and then sees it, and two
   * edits of its opening hours follow each other); false when there is no such template. The team
   * scope is the caller's `find`, made after the lock.
   */
  async lock(sql: Sql, organizationId: string, templateId: string): Promise<boolean> {
    const rows = await sql.query<{ id: string }>(
      'SELECT id FROM meeting_templates WHERE organization_id = $1 AND id = $2 FOR UPDATE',
      organizationId,
      templateId,
    );
    return rows.length > 0;
  }

  /**
   * How many meetings of the organization were booked through the template, whatever their team
   * and state: each of them keeps the template (its foreign key is RESTRICT).
   */
  async meetingsBooked(sql: Sql, organizationId: string, templateId: string): Promise<number> {
    const [row] = await sql.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM meetings WHERE organization_id = $1 AND template_id = $2',
      organizationId,
      templateId,
    );
    return row?.count ?? 0;
  }

  /**
   * The Nylas connection whose calendar a template's Scheduler configuration books into: the one
   * the template names, else its team's first (by id); only one holding a grant, with its
   * account's e-mail, whose login is good (a connection waiting for a new login is none).
   */
  async schedulerConnection(
    template: { teamId: string; connectionId: string | null },
    client: Client = this.prisma,
  ): Promise<SchedulerConnection | null> {
    const row = await client.connection.findFirst({
      where: {
        ...(template.connectionId === null ? { ownerTeamId: template.teamId } : { id: template.connectionId }),
        service: 'NYLAS',
        status: 'SUCCESS',
        needsReauthSince: null,
        credentialsCiphertext: { not: null },
        displayName: { not: null },
      },
      orderBy: { id: 'asc' },
      select: { id: true, displayName: true },
    });
    return row === null ? null : { id: row.id, email: row.displayName! };
  }

  /**
   * The template a scheduling configuration id names: the provider's configuration id, or the
   * template's own id (a template with no provider configuration yet).
   */
  async findForScheduling(configId: string): Promise<SchedulingRow | null> {
    return this.prisma.meetingTemplate.findFirst({
      where: { OR: [{ configId }, { id: configId }] },
      orderBy: { id: 'asc' },
      select: SCHEDULING_SELECT,
    });
  }
}
