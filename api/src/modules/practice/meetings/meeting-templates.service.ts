import { Inject, Injectable } from '@nestjs/common';
import {
  CALENDAR_PROVIDER_LABELS,
  DomainError,
  EntityType,
  enumerationOptions,
  ErrorCode,
  MEETING_TEMPLATE_TITLE_MAX_LENGTH_API,
  MEETING_TIME_ZONE_LABELS,
  MeetingTemplateMessage,
  notFound,
  SCHEDULING_STATE_LABELS,
  WEEKDAY_LABELS,
  type CalendarProvider,
  type CreateMeetingTemplate,
  type EditMeetingTemplate,
  type MeetingTemplateView,
  type MeetingTimeZone,
  type SchedulingState,
  type SchedulingStatus,
  type TimeZoneOption,
  type Weekday,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { Sql } from '../../../common/persistence/sql.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { AuditService } from '../../platform/audit/index.js';
import { MeetingTemplatesRepository, type MeetingTemplateRow } from './meeting-templates.repository.js';
import {
  MeetingTemplatesWriter,
  type MeetingTemplateColumns,
  type MeetingTemplateDraft,
  type OpeningHoursDraft,
} from './meeting-templates.writer.js';
import { SchedulerConfigurationQueue } from './scheduler-configurations.js';

const TEMPLATE = 'Meeting template';

/**
 * Booking templates (crm §3, §5, §7 Meetings): made in a team of the caller's, edited, duplicated,
 * listed by team, deleted while no meeting was booked through them; and whether clients can book
 * one now. Every id goes through the tenant client's organization and team scope, so another
 * team's or firm's template or team is the same 404 as one that never existed. Once a change has
 * committed, a template of a team with a Nylas calendar is handed to the job that keeps its
 * Scheduler configuration in step (`SchedulerConfigurationQueue`); Nylas never fails the call.
 */
@Injectable()
export class MeetingTemplatesService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(MeetingTemplatesRepository) private readonly templates: MeetingTemplatesRepository,
    @Inject(MeetingTemplatesWriter) private readonly writer: MeetingTemplatesWriter,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(SchedulerConfigurationQueue) private readonly scheduler: SchedulerConfigurationQueue,
  ) {}

  async create(input: CreateMeetingTemplate): Promise<MeetingTemplateView> {
    const row = await this.prisma.$transaction(async (tx) => {
      if (!(await this.templates.teamExists(input.teamId, tx))) throw notFound('Team');
      const { teamId, openingHours, message, minimumCancellationNotice, status, provider } = input;
      const [id] = await this.writer.create(writeScope(tx), [
        {
          teamId,
          connectionId: null,
          title: input.title,
          message: message || null,
          durationMinutes: input.duration,
          availableDaysInFuture: input.availableDaysInFuture,
          beforeBufferMinutes: input.beforeBuffer,
          afterBufferMinutes: input.afterBuffer,
          minimumNoticeMinutes: input.minimumNotice,
          minimumCancellationNoticeMinutes: minimumCancellationNotice ?? null,
          status: status || null,
          provider: provider ?? null,
          timeZone: input.timeZone,
          configId: null,
          openingHours: openingHours.map(normalizedHours),
        },
      ]);
      return this.audited(tx, 'CREATE', id!);
    });
    await this.scheduler.saved(currentOrganizationId(), row);
    return templateView(row);
  }

  /** The fields given change; a body with none changes nothing and answers the template. */
  async edit(templateId: string, changes: EditMeetingTemplate): Promise<MeetingTemplateView> {
    const row = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const before = await this.locked(tx, scope.sql, scope.organizationId, templateId);
      const fields = columnsOf(changes);
      if (Object.keys(fields).length === 0) return before;
      await this.writer.update(scope, [{ id: templateId, fields }]);
      return this.audited(tx, 'UPDATE', templateId, before);
    });
    await this.scheduler.saved(currentOrganizationId(), row);
    return templateView(row);
  }

  /**
   * A copy in the same team, every setting and opening hour alike, titled "<title> (copy)" (or
   * "(copy 2)", "(copy 3)"... when the team has that one) so a person tells them apart. It books
   * into the same calendar connection; the provider's scheduling configuration is the original's,
   * so the copy has none until one is made for it. The original is locked meanwhile, so two
   * duplicates of it at once (a double click) take two titles, not the same one twice.
   */
  async duplicate(templateId: string): Promise<MeetingTemplateView> {
    const row = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const source = await this.locked(tx, scope.sql, scope.organizationId, templateId);
      const taken = await this.templates.titlesInTeam(source.teamId, tx);
      const title = copyTitle(titleWithoutCopy(source.title), taken, MEETING_TEMPLATE_TITLE_MAX_LENGTH_API);
      const [id] = await this.writer.create(scope, [{ ...draftOf(source), title, configId: null }]);
      return this.audited(tx, 'CREATE', id!);
    });
    await this.scheduler.saved(currentOrganizationId(), row);
    return templateView(row);
  }

  /**
   * Deletes a template no meeting was booked through. One with meetings is refused (409) with how
   * many, and kept: a booked meeting's reschedule and cancel links are checked against its
   * template's minimum cancellation notice, and its record says which page it was booked on, so
   * the template must outlive it (the meetings' foreign key is RESTRICT for the same reason).
   * Detaching the meetings would silently drop those rules; deleting them would lose clients'
   * bookings. The meetings of every team count, not only those the caller sees. Its Nylas
   * Scheduler configuration, when it has one, is deleted after the template (a job).
   */
  async remove(templateId: string): Promise<{ id: string }> {
    const removed = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const before = await this.locked(tx, scope.sql, scope.organizationId, templateId);
      const booked = await this.templates.meetingsBooked(scope.sql, scope.organizationId, templateId);
      if (booked > 0) throw new DomainError(ErrorCode.CONFLICT, MeetingTemplateMessage.inUse(booked));
      await this.writer.remove(scope, [templateId]);
      await this.audit.record(tx, {
        action: 'DELETE',
        entityType: EntityType.meetingTemplate,
        entityId: templateId,
        before,
      });
      return before;
    });
    await this.scheduler.removed(currentOrganizationId(), removed);
    return { id: templateId };
  }

  async listByTeam(teamId: string): Promise<MeetingTemplateView[]> {
    if (!(await this.templates.teamExists(teamId))) throw notFound('Team');
    return (await this.templates.listByTeam(teamId)).map(templateView);
  }

  /** The six Canadian zones of crm §5, in the spec's order, each with its label. */
  timeZoneOptions(): TimeZoneOption[] {
    return enumerationOptions('MeetingTimeZone') as TimeZoneOption[];
  }

  /**
   * Whether clients can book the template `configId` names (its provider configuration id, or
   * its own id while it has none). With no calendar connected, bookings use the firm's own
   * calendar (the virtual calendar, our meetings as its busy times): bookable at once. With a
   * connection: bookable once the provider's configuration exists, unless the connection must be
   * signed into again.
   */
  async schedulingStatus(configId: string): Promise<SchedulingStatus> {
    const row = await this.templates.findForScheduling(configId);
    if (!row) throw notFound('Scheduling configuration');
    const connection = row.connection;
    const calendar: CalendarProvider = connection
      ? (storedProvider(connection.calendarProvider) ?? storedProvider(row.provider) ?? 'virtual-calendar')
      : 'virtual-calendar';
    const calendarLabel = CALENDAR_PROVIDER_LABELS[calendar];
    let state: SchedulingState;
    let message: string;
    if (!connection) {
      state = 'READY';
      message =
        'No calendar is connected: bookings go to the firm’s own calendar (virtual calendar), and clients can book this template.';
    } else if (connection.needsReauthSince !== null || ['FAILED', 'CANCELLED'].includes(connection.status)) {
      state = 'NEEDS_RECONNECT';
      message = `The ${calendarLabel} connection must be signed into again before clients can book this template.`;
    } else if (row.configId === null) {
      state = 'SETTING_UP';
      message = `This template’s booking page at ${calendarLabel} is not made yet; clients can book it once it is.`;
    } else {
      state = 'READY';
      message = `Bookings go to the connected ${calendarLabel}; clients can book this template.`;
    }
    return {
      configId,
      templateId: row.id,
      calendar,
      calendarLabel,
      firmCalendar: !connection,
      state,
      stateLabel: SCHEDULING_STATE_LABELS[state],
      bookable: state === 'READY',
      message,
    };
  }

  /** The template, locked for the transaction, as the caller reaches it; 404 otherwise. */
  private async locked(
    tx: TenantTransaction,
    sql: Sql,
    organizationId: string,
    templateId: string,
  ): Promise<MeetingTemplateRow> {
    const exists = await this.templates.lock(sql, organizationId, templateId);
    const row = exists ? await this.templates.find(templateId, tx) : null;
    if (!row) throw notFound(TEMPLATE);
    return row;
  }

  /** Reads the template written in `tx` and records the change with it. */
  private async audited(
    tx: TenantTransaction,
    action: 'CREATE' | 'UPDATE',
    templateId: string,
    before?: MeetingTemplateRow,
  ): Promise<MeetingTemplateRow> {
    const after = (await this.templates.find(templateId, tx))!;
    await this.audit.record(tx, {
      action,
      entityType: EntityType.meetingTemplate,
      entityId: templateId,
      before,
      after,
    });
    return after;
  }
}

/** Days in order, each once (the grid may send a day twice). */
function normalizedHours(hours: { days: readonly number[]; start: string; end: string }): OpeningHoursDraft {
  return { days: [...new Set(hours.days)].sort((a, b) => a - b) as Weekday[], start: hours.start, end: hours.end };
}

/** The request's fields as the writer's columns; only those given. */
function columnsOf(changes: EditMeetingTemplate): MeetingTemplateColumns {
  const fields: MeetingTemplateColumns = {};
  if (changes.title !== undefined) fields.title = changes.title;
  if (changes.message !== undefined) fields.message = changes.message || null;
  if (changes.duration !== undefined) fields.durationMinutes = changes.duration;
  if (changes.availableDaysInFuture !== undefined) fields.availableDaysInFuture = changes.availableDaysInFuture;
  if (changes.beforeBuffer !== undefined) fields.beforeBufferMinutes = changes.beforeBuffer;
  if (changes.afterBuffer !== undefined) fields.afterBufferMinutes = changes.afterBuffer;
  if (changes.minimumNotice !== undefined) fields.minimumNoticeMinutes = changes.minimumNotice;
  if (changes.minimumCancellationNotice !== undefined) {
    fields.minimumCancellationNoticeMinutes = changes.minimumCancellationNotice;
  }
  if (changes.status !== undefined) fields.status = changes.status || null;
  if (changes.provider !== undefined) fields.provider = changes.provider;
  if (changes.timeZone !== undefined) fields.timeZone = changes.timeZone;
  if (changes.openingHours !== undefined) fields.openingHours = changes.openingHours.map(normalizedHours);
  return fields;
}

/** Prisma spells the enum value `virtual-calendar` as `virtual_calendar`. */
function storedProvider(provider: string | null): CalendarProvider | null {
  if (provider === null) return null;
  return (provider === 'virtual_calendar' ? 'virtual-calendar' : provider) as CalendarProvider;
}

function draftOf(row: MeetingTemplateRow): MeetingTemplateDraft {
  return {
    teamId: row.teamId,
    connectionId: row.connectionId,
    title: row.title,
    message: row.message,
    durationMinutes: row.durationMinutes,
    availableDaysInFuture: row.availableDaysInFuture,
    beforeBufferMinutes: row.beforeBufferMinutes,
    afterBufferMinutes: row.afterBufferMinutes,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    minimumCancellationNoticeMinutes: row.minimumCancellationNoticeMinutes,
    status: row.status,
    provider: storedProvider(row.provider),
    timeZone: row.timeZone as MeetingTimeZone,
    configId: row.configId,
    openingHours: row.openingHours.map((hours) =>
      normalizedHours({ days: hours.days, start: hours.startTime, end: hours.endTime }),
    ),
  };
}

const COPY_SUFFIX = / \(copy(?: \d+)?\)$/;

/** "Intro (copy 2)" -> "Intro": a copy of a copy is numbered from its original's title. */
function titleWithoutCopy(title: string): string {
  const base = title.replace(COPY_SUFFIX, '');
  return base.length > 0 ? base : title;
}

/**
 * "<base> (copy)", else "(copy 2)", "(copy 3)"...: the first the team has no template of, the base
 * shortened (a whole character at a time, never half of one) so the title stays within `max`.
 */
function copyTitle(base: string, taken: ReadonlySet<string>, max: number): string {
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? ' (copy)' : ` (copy ${number})`;
    let kept = '';
    for (const character of base) {
      if (kept.length + character.length + suffix.length > max) break;
      kept += character;
    }
    const title = `${kept.trimEnd()}${suffix}`;
    if (!taken.has(title)) return title;
  }
}

function templateView(row: MeetingTemplateRow): MeetingTemplateView {
  const provider = storedProvider(row.provider);
  const timeZone = row.timeZone as MeetingTimeZone;
  const openingHours = row.openingHours
    .map((hours) => {
      const days = [...new Set(hours.days)].sort((a, b) => a - b) as Weekday[];
      return { days, dayLabels: days.map((day) => WEEKDAY_LABELS[day]), start: hours.startTime, end: hours.endTime };
    })
    .sort((a, b) => a.days[0]! - b.days[0]! || a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  return {
    id: row.id,
    teamId: row.teamId,
    title: row.title,
    message: row.message,
    duration: row.durationMinutes,
    availableDaysInFuture: row.availableDaysInFuture,
    openingHours,
    beforeBuffer: row.beforeBufferMinutes,
    afterBuffer: row.afterBufferMinutes,
    minimumNotice: row.minimumNoticeMinutes,
    minimumCancellationNotice: row.minimumCancellationNoticeMinutes,
    status: row.status,
    provider,
    providerLabel: provider ? CALENDAR_PROVIDER_LABELS[provider] : null,
    timeZone,
    timeZoneLabel: MEETING_TIME_ZONE_LABELS[timeZone] ?? timeZone,
    connectionId: row.connectionId,
    configId: row.configId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
