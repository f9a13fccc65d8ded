import { Injectable } from '@nestjs/common';
import { EntityType, newId, type CalendarProvider, type MeetingTimeZone, type Weekday } from '@meridian/domain';
import { deleteRows, insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** One set of opening hours: weekdays (0 = Sunday) and HH:mm times, start before end. */
export interface OpeningHoursDraft {
  days: readonly Weekday[];
  start: string;
  end: string;
}

/** A booking template (crm §3): durations, buffers and notices in whole minutes. */
export interface MeetingTemplateDraft {
  teamId: string;
  connectionId: string | null;
  title: string;
  message: string | null;
  durationMinutes: number;
  availableDaysInFuture: number;
  beforeBufferMinutes: number;
  afterBufferMinutes: number;
  minimumNoticeMinutes: number;
  minimumCancellationNoticeMinutes: number | null;
  status: string | null;
  provider: CalendarProvider | null;
  timeZone: MeetingTimeZone;
  configId: string | null;
  openingHours: readonly OpeningHoursDraft[];
}

/** The fields an edit may change; opening hours, when given, replace the template's. */
export type MeetingTemplateColumns = Partial<Omit<MeetingTemplateDraft, 'teamId' | 'connectionId' | 'configId'>>;

const TEMPLATE_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  connection_id: 'text',
  title: 'text',
  message: 'text',
  duration_minutes: 'integer',
  available_days_in_future: 'integer',
  before_buffer_minutes: 'integer',
  after_buffer_minutes: 'integer',
  minimum_notice_minutes: 'integer',
  minimum_cancellation_notice_minutes: 'integer',
  status: 'text',
  provider: 'calendar_provider',
  time_zone: 'text',
  config_id: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const OPENING_HOURS_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  template_id: 'text',
  days: 'integer[]',
  start_time: 'text',
  end_time: 'text',
};

const TEMPLATE_COLUMN: Record<Exclude<keyof MeetingTemplateColumns, 'openingHours'>, string> = {
  title: 'title',
  message: 'message',
  durationMinutes: 'duration_minutes',
  availableDaysInFuture: 'available_days_in_future',
  beforeBufferMinutes: 'before_buffer_minutes',
  afterBufferMinutes: 'after_buffer_minutes',
  minimumNoticeMinutes: 'minimum_notice_minutes',
  minimumCancellationNoticeMinutes: 'minimum_cancellation_notice_minutes',
  status: 'status',
  provider: 'provider',
  timeZone: 'time_zone',
};

/**
 * The one writer of meeting templates and their opening hours: creates (with their hours), writes
 * given fields (replacing the hours when given), removes (the hours go with them, by cascade); a
 * batch per statement.
 */
@Injectable()
export class MeetingTemplatesWriter {
  async create(scope: WriteScope, drafts: readonly MeetingTemplateDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.meetingTemplate));
    await insertRows(
      scope.sql,
      'meeting_templates',
      TEMPLATE_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
        organization_id: scope.organizationId,
        team_id: draft.teamId,
        connection_id: draft.connectionId,
        title: draft.title,
        message: draft.message,
        duration_minutes: draft.durationMinutes,
        available_days_in_future: draft.availableDaysInFuture,
        before_buffer_minutes: draft.beforeBufferMinutes,
        after_buffer_minutes: draft.afterBufferMinutes,
        minimum_notice_minutes: draft.minimumNoticeMinutes,
        minimum_cancellation_notice_minutes: draft.minimumCancellationNoticeMinutes,
        status: draft.status,
        provider: draft.provider,
        time_zone: draft.timeZone,
        config_id: draft.configId,
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    await this.insertOpeningHours(
      scope,
      drafts.flatMap((draft, index) => draft.openingHours.map((hours) => ({ templateId: ids[index]!, hours }))),
    );
    return ids;
  }

  /** Writes the given fields (and `updated_at`) of each template; given opening hours replace its own. */
  async update(scope: WriteScope, updates: readonly { id: string; fields: MeetingTemplateColumns }[]): Promise<void> {
    // The template rows first: their row locks order two edits of the same template's hours.
    await updateRows(
      scope.sql,
      'meeting_templates',
      scope.organizationId,
      TEMPLATE_TYPES,
      updates.map(({ id, fields }) => {
        const set: Record<string, unknown> = { updated_at: scope.now };
        for (const [key, value] of Object.entries(fields)) {
          if (key !== 'openingHours') set[TEMPLATE_COLUMN[key as keyof typeof TEMPLATE_COLUMN]] = value ?? null;
        }
        return { id, set };
      }),
    );
    const replaced = updates.filter(({ fields }) => fields.openingHours !== undefined);
    if (replaced.length === 0) return;
    await scope.sql.execute(
      'DELETE FROM meeting_template_opening_hours WHERE organization_id = $1 AND template_id = ANY($2::text[])',
      scope.organizationId,
      replaced.map(({ id }) => id),
    );
    await this.insertOpeningHours(
      scope,
      replaced.flatMap(({ id, fields }) => fields.openingHours!.map((hours) => ({ templateId: id, hours }))),
    );
  }

  /**
   * Records the calendar connection a template books into and its Scheduler configuration there;
   * false when the template is gone (deleted meanwhile). Not an edit of the template: its
   * `updated_at` stays.
   */
  async setSchedulerConfiguration(
    scope: WriteScope,
    templateId: string,
    provider: { connectionId: string; configId: string },
  ): Promise<boolean> {
    const written = await scope.sql.execute(
      'UPDATE meeting_templates SET connection_id = $3, config_id = $4 WHERE organization_id = $1 AND id = $2',
      scope.organizationId,
      templateId,
      provider.connectionId,
      provider.configId,
    );
    return written > 0;
  }

  /** Removes templates; their opening hours go with them (ON DELETE CASCADE). */
  async remove(scope: WriteScope, ids: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, 'meeting_templates', scope.organizationId, ids);
  }

  private async insertOpeningHours(
    scope: WriteScope,
    rows: readonly { templateId: string; hours: OpeningHoursDraft }[],
  ): Promise<void> {
    await insertRows(
      scope.sql,
      'meeting_template_opening_hours',
      OPENING_HOURS_TYPES,
      rows.map(({ templateId, hours }) => ({
        id: newId(EntityType.meetingTemplateOpeningHours),
        organization_id: scope.organizationId,
        template_id: templateId,
        days: hours.days,
        start_time: hours.start,
        end_time: hours.end,
      })),
    );
  }
}
