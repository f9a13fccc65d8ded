import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_MEETING_MINUTES,
  defaultMeetingTaskDueDate,
  DomainError,
  ErrorCode,
  EntityType,
  meetingChangeRefusal,
  meetingEnd,
  meetingLacksLocation,
  MeetingMessage,
  notFound,
  parseId,
  ReferenceUse,
  validationError,
  type AddMeetingTask,
  type AvailableParticipant,
  type AvailableParticipantsQuery,
  type CreateMeeting,
  type EntityKind,
  type EditMeeting,
  type ListPage,
  type MeetingSummary,
  type MeetingTaskTiming,
  type MeetingTaskView,
  type MeetingView,
  type MeetingWindowQuery,
  type UpdateMeeting,
} from '@meridian/domain';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService, type BatchAuditEntry } from '../../platform/audit/index.js';
import { EntityResolver, type ResolvedEntity } from '../../platform/entity-resolver/index.js';
import { NotificationsService, type Notice } from '../notifications/index.js';
import { ownerOf, TasksWriter, type TaskDraft } from '../tasks/index.js';
import {
  MeetingsRepository,
  type MeetingRow,
  type MeetingTaskRow,
  type ParticipantRow,
} from './meetings.repository.js';
import { CalendarWriteBackQueue } from './calendar-write-back-queue.js';
import { MeetingsWriter, type MeetingColumns, type MeetingParticipantDraft } from './meetings.writer.js';

/** A meeting on Toronto's clock unless it says otherwise. */
const DEFAULT_TIME_ZONE = 'America/Toronto';

const TEAM_USE = { kinds: ['TEAM'] } as const satisfies ReferenceUse;
const HOUSEHOLD_USE = { kinds: ['HOUSEHOLD'] } as const satisfies ReferenceUse;
/** `available-participants?entityId=`: a household's contacts, or one contact. */
const PARTICIPANTS_OF_USE = { kinds: ['HOUSEHOLD', 'CONTACT'] } as const satisfies ReferenceUse;
const CONTACT_USE = { kinds: ['CONTACT'] } as const satisfies ReferenceUse;
const TEAM_MEMBER_USE = { kinds: ['TEAM_MEMBER'] } as const satisfies ReferenceUse;

type ParticipantInput = EditMeeting['participants'][number];

/** A meeting's row with its participants and agenda, as its audit entry keeps it. */
function snapshot(row: MeetingRow, participants: readonly ParticipantRow[], agenda: readonly unknown[]) {
  return {
    ...row,
    participants: participants.map(({ meetingId: _meetingId, ...participant }) => participant),
    agendaItems: agenda,
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * A meeting's own calls (crm §7 Meetings) and the dashboard's reads: the meeting page, a team's
 * calendar, scheduling, editing, the general update, cancelling, marking viewed, the transcript,
 * the meeting's tasks (real tasks through `TasksWriter`) and whom a team may invite. Every id goes
 * through the caller's organization and team scope: a meeting is read within the caller's teams,
 * every other id through the entity resolver, so another team's or firm's is the same 404 as a
 * missing one. Every write is one transaction with its audit entry, and goes through the meetings'
 * one writer.
 */
@Injectable()
export class MeetingsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(MeetingsRepository) private readonly meetings: MeetingsRepository,
    @Inject(MeetingsWriter) private readonly writer: MeetingsWriter,
    @Inject(TasksWriter) private readonly tasks: TasksWriter,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(CalendarWriteBackQueue) private readonly calendar: CalendarWriteBackQueue,
  ) {}

  // ---- reads ----

  /** The meeting page: fields, participants, agenda, tasks by timing with assignees named, transcript. */
  async page(meetingId: string): Promise<MeetingView> {
    const row = await this.meetings.findMeeting(meetingId);
    if (!row) throw notFound('Meeting');
    const [participants, agenda, tasks] = await Promise.all([
      this.meetings.participantsOf([meetingId]),
      this.meetings.agendaOf(meetingId),
      this.meetings.tasksOf(meetingId),
    ]);
    const names = await this.entities.displayNames(
      tasks.flatMap((task) => [task.assigneeTeamMemberId ?? task.assigneePersonId ?? []].flat()),
    );
    const byTiming: Record<MeetingTaskTiming, MeetingTaskView[]> = { PRE: [], DURING: [], POST: [] };
    for (const task of tasks) byTiming[task.timing].push(taskView(task, names));
    return {
      ...summaryOf(row, participants.get(meetingId) ?? []),
      message: row.message,
      templateId: row.templateId,
      agendaItems: agenda,
      tasks: byTiming,
      transcript: row.transcript,
      requestedAt: row.requestedAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** A team's meetings overlapping the window, with their participants, by start. */
  async byTeam(teamId: string, window: MeetingWindowQuery): Promise<MeetingSummary[]> {
    await this.entities.requireOne(teamId, TEAM_USE, 'teamId');
    const rows = await this.meetings.meetingsOverlapping(teamId, window.from, window.to);
    const participants = await this.meetings.participantsOf(rows.map((row) => row.id));
    return rows.map((row) => summaryOf(row, participants.get(row.id) ?? []));
  }

  /**
   * Whom a team's meeting may invite, paged: its contacts and members. `entityId` (a household or
   * a contact, within reach) narrows to that household's contacts or that contact.
   */
  async availableParticipants(
    teamId: string,
    query: AvailableParticipantsQuery,
  ): Promise<ListPage<AvailableParticipant>> {
    const found = await this.entities.require([
      { id: teamId, use: TEAM_USE, path: 'teamId' },
      ...(query.entityId ? [{ id: query.entityId, use: PARTICIPANTS_OF_USE, path: 'entityId' }] : []),
    ]);
    const entity = query.entityId ? found.get(query.entityId)! : null;
    const { rows, total } = await this.meetings.availableParticipants(teamId, query, {
      householdId: entity?.kind === 'HOUSEHOLD' ? entity.id : null,
      contactId: entity?.kind === 'CONTACT' ? entity.id : null,
    });
    return { items: rows, page: query.page, limit: query.limit, total };
  }

  // ---- writes ----

  /** An advisor's meeting for a team of theirs, organized by a member of it (who takes part). */
  async create(input: CreateMeeting): Promise<MeetingView> {
    const found = await this.entities.require([
      { id: input.teamId, use: TEAM_USE, path: 'teamId' },
      ...(input.householdId ? [{ id: input.householdId, use: HOUSEHOLD_USE, path: 'householdId' }] : []),
    ]);
    if (input.householdId && found.get(input.householdId)!.teamId !== input.teamId) throw notFound('Household');
    const participants = await this.participantDrafts(input.teamId, input.participants);
    const tasks = [
      ...input.preTasks.map((task, index) => ({ task, timing: 'PRE' as const, path: `preTasks.${index}` })),
      ...input.postTasks.map((task, index) => ({ task, timing: 'POST' as const, path: `postTasks.${index}` })),
    ];
    const assignees = await this.assignees(
      input.teamId,
      tasks.map(({ task, path }) => ({ id: task.assignee.canonicalId, path: `${path}.assignee.canonicalId` })),
    );
    const { meetingId, outbox } = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      await this.meetings.lockTeamBookings(scope.sql, input.teamId);
      const organizer = await this.organizerOf(tx, input.teamId, input.organizer);
      const [id] = await this.writer.create(scope, [
        {
          teamId: input.teamId,
          householdId: input.householdId ?? null,
          templateId: null,
          connectionId: null,
          organizerTeamMemberId: organizer.teamMemberId!,
          title: input.title,
          message: input.message,
          type: input.type,
          location: input.location || null,
          startTime: input.startTime,
          durationMinutes: input.duration ?? DEFAULT_MEETING_MINUTES,
          timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
          bookingId: null,
          configId: null,
          eventId: null,
          // An advisor's own meeting needs no client's confirmation.
          confirmedAt: scope.now,
          participants: [organizer, ...participants],
        },
      ]);
      await this.writer.replaceAgenda(scope, [{ meetingId: id!, items: input.agendaItems }]);
      const meeting = {
        teamId: input.teamId,
        householdId: input.householdId ?? null,
        startTime: input.startTime,
        durationMinutes: input.duration ?? DEFAULT_MEETING_MINUTES,
        timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
      };
      const taskIds = await this.tasks.create(
        scope,
        tasks.map(({ task, timing }) =>
          taskDraft(meeting, id!, timing, task, assignees.get(task.assignee.canonicalId)!),
        ),
      );
      const entries: BatchAuditEntry[] = [
        { action: 'CREATE', entityType: EntityType.meeting, entityId: id!, after: await this.snapshotOf(scope, id!) },
      ];
      const notices: Notice[] = [];
      for (const [index, taskId] of taskIds.entries()) {
        const after = await this.meetings.taskOfMeeting(scope.sql, id!, taskId);
        entries.push({ action: 'CREATE', entityType: parseId(taskId).type, entityId: taskId, after: jsonSafe(after) });
        const assignee = assignees.get(tasks[index]!.task.assignee.canonicalId)!;
        if (assignee.kind === 'TEAM_MEMBER') {
          notices.push(...(await this.assignedNotice(scope, assignee.id, taskId, tasks[index]!.task.content.title)));
        }
      }
      await this.audit.recordMany(scope, entries);
      return { meetingId: id!, outbox: await this.notifications.notify(scope, notices) };
    });
    await this.notifications.dispatch(outbox);
    await this.calendar.meetingChanged(currentOrganizationId(), [meetingId]);
    return this.page(meetingId);
  }

  /** The edit form: every field, participants and agenda replaced; duration and zone kept unless given. */
  async edit(meetingId: string, input: EditMeeting): Promise<MeetingView> {
    const current = await this.readable(meetingId);
    const participants = await this.participantDrafts(current.teamId, input.participants);
    return this.change(meetingId, { lockTeam: current.teamId, calendar: true }, async (scope, tx, before) => {
      const organizer = await this.organizerOf(tx, before.teamId, before.organizerTeamMemberId);
      await this.writer.update(scope, [
        {
          id: meetingId,
          fields: {
            title: input.title,
            message: input.message,
            type: input.type,
            location: input.location || null,
            startTime: input.startTime,
            ...(input.duration !== undefined ? { durationMinutes: input.duration } : {}),
            ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
          },
        },
      ]);
      await this.writer.replaceParticipants(scope, [{ meetingId, participants: [organizer, ...participants] }]);
      await this.writer.replaceAgenda(scope, [{ meetingId, items: input.agendaItems }]);
    });
  }

  /**
   * crm §7's general update: the fields given change, the others stay; participants and agenda,
   * when given, replace the meeting's. A new organizer must be a member of the meeting's team and
   * takes part in it. The location rule holds for the meeting as it will be.
   */
  async update(meetingId: string, input: UpdateMeeting): Promise<MeetingView> {
    const current = await this.readable(meetingId);
    const type = input.type ?? current.type;
    const location = input.location !== undefined ? input.location : current.location;
    if (meetingLacksLocation(type, location)) {
      throw validationError([{ path: 'location', message: MeetingMessage.locationRequired }]);
    }
    const given = input.participants ? await this.participantDrafts(current.teamId, input.participants) : null;
    return this.change(meetingId, { lockTeam: current.teamId, calendar: true }, async (scope, tx, before) => {
      const fields: MeetingColumns = {};
      if (input.title !== undefined) fields.title = input.title;
      if (input.message !== undefined) fields.message = input.message;
      if (input.type !== undefined) fields.type = input.type;
      if (input.location !== undefined) fields.location = input.location || null;
      if (input.startTime !== undefined) fields.startTime = input.startTime;
      if (input.duration !== undefined) fields.durationMinutes = input.duration;
      if (input.timeZone !== undefined) fields.timeZone = input.timeZone;
      const organizerId = input.organizer ?? before.organizerTeamMemberId;
      // Checked before anything is written: an id that is not a member of the team is refused (4xx).
      const organizer =
        given || input.organizer !== undefined ? await this.organizerOf(tx, before.teamId, organizerId) : null;
      if (organizerId !== before.organizerTeamMemberId) fields.organizerTeamMemberId = organizerId;
      await this.writer.update(scope, [{ id: meetingId, fields }]);
      if (organizer) {
        const kept: MeetingParticipantDraft[] =
          given ??
          ((await this.meetings.participantsOf([meetingId], scope.sql)).get(meetingId) ?? []).map(
            ({ meetingId: _meetingId, ...participant }) => participant,
          );
        await this.writer.replaceParticipants(scope, [{ meetingId, participants: [organizer, ...kept] }]);
      }
      if (input.agendaItems) await this.writer.replaceAgenda(scope, [{ meetingId, items: input.agendaItems }]);
    });
  }

  /** Cancels the meeting: it stays, marked cancelled, and refuses every change after. */
  cancel(meetingId: string): Promise<MeetingView> {
    return this.change(meetingId, { calendar: true }, async (scope) => {
      await this.writer.update(scope, [{ id: meetingId, fields: { cancelledAt: scope.now } }]);
    });
  }

  setTranscript(meetingId: string, transcript: string): Promise<MeetingView> {
    return this.change(meetingId, {}, async (scope) => {
      await this.writer.update(scope, [{ id: meetingId, fields: { transcript } }]);
    });
  }

  /** Marks the meeting viewed, the first time only (a cancelled one too: viewing changes nothing of it). */
  view(meetingId: string): Promise<MeetingView> {
    return this.change(meetingId, { whenCancelled: true, skip: (row) => row.viewedAt !== null }, async (scope) => {
      await this.writer.update(scope, [{ id: meetingId, fields: { viewedAt: scope.now } }]);
    });
  }

  /**
   * A real task of the meeting's team (about its household, else its team), assigned to a member of
   * the team or a client's person, done before, during or after the meeting: due when given, else
   * by the domain's rule on the meeting's calendar. A team member given it is told, as the tasks'
   * own assignment tells them.
   */
  async addTask(meetingId: string, input: AddMeetingTask): Promise<MeetingView> {
    const current = await this.readable(meetingId);
    const assignee = (
      await this.assignees(current.teamId, [{ id: input.assignee.canonicalId, path: 'assignee.canonicalId' }])
    ).get(input.assignee.canonicalId)!;
    return this.taskChange(meetingId, async (scope, meeting) => {
      const [taskId] = await this.tasks.create(scope, [
        taskDraft(meeting, meetingId, input.timing, input, assignee, input.dueDate),
      ]);
      const after = await this.meetings.taskOfMeeting(scope.sql, meetingId, taskId!);
      const notices =
        assignee.kind === 'TEAM_MEMBER'
          ? await this.assignedNotice(scope, assignee.id, taskId!, input.content.title)
          : [];
      return { action: 'CREATE', taskId: taskId!, after: { ...after, meetingId }, notices };
    });
  }

  /** Removes one of the meeting's tasks: it was made for the meeting, so it goes with it. */
  removeTask(meetingId: string, taskId: string): Promise<MeetingView> {
    return this.taskChange(meetingId, async (scope) => {
      const before = await this.meetings.taskOfMeeting(scope.sql, meetingId, taskId);
      if (!before) throw notFound('Task');
      await this.tasks.remove(scope, [taskId]);
      return { action: 'DELETE', taskId, before: { ...before, meetingId } };
    });
  }

  /** Moves one of the meeting's tasks to before, during or after it; its due date stays. */
  moveTask(meetingId: string, taskId: string, timing: MeetingTaskTiming): Promise<MeetingView> {
    return this.taskChange(meetingId, async (scope) => {
      const before = await this.meetings.taskOfMeeting(scope.sql, meetingId, taskId);
      if (!before) throw notFound('Task');
      await this.tasks.update(scope, [{ id: taskId, fields: { meetingTaskType: timing } }]);
      const after = await this.meetings.taskOfMeeting(scope.sql, meetingId, taskId);
      return { action: 'UPDATE', taskId, before: { ...before, meetingId }, after: { ...after, meetingId } };
    });
  }

  // ---- the steps the writes share ----

  /** The meeting within reach, unlocked (to check the ids a change names before it begins), or 404. */
  private async readable(meetingId: string): Promise<MeetingRow> {
    const row = await this.meetings.findMeeting(meetingId);
    if (!row) throw notFound('Meeting');
    return row;
  }

  /**
   * A change of the meeting: the team's meetings held when its time may move (`lockTeam`, the
   * bookings' lock, taken first as a booking takes it), the meeting locked, refused while cancelled
   * (409) unless `whenCancelled`, left alone when `skip` says so, written, and audited with the
   * meeting before and after in the same transaction; once committed, a change the calendar shows
   * (`calendar`) is queued for the meeting's Nylas calendar. Answers the meeting page.
   */
  private async change(
    meetingId: string,
    options: { lockTeam?: string; whenCancelled?: boolean; calendar?: boolean; skip?: (row: MeetingRow) => boolean },
    write: (scope: WriteScope, tx: TenantTransaction, before: MeetingRow) => Promise<void>,
  ): Promise<MeetingView> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      if (options.lockTeam) await this.meetings.lockTeamBookings(scope.sql, options.lockTeam);
      const before = await this.meetings.findMeeting(meetingId, { sql: scope.sql, forUpdate: true });
      if (!before) throw notFound('Meeting');
      const refusal = options.whenCancelled ? null : meetingChangeRefusal(before);
      if (refusal) throw new DomainError(ErrorCode.CONFLICT, refusal);
      if (options.skip?.(before)) return;
      const beforeSnapshot = await this.snapshotOf(scope, meetingId, before);
      await write(scope, tx, before);
      await this.audit.recordMany(scope, [
        {
          action: 'UPDATE',
          entityType: EntityType.meeting,
          entityId: meetingId,
          before: beforeSnapshot,
          after: await this.snapshotOf(scope, meetingId),
        },
      ]);
    });
    if (options.calendar) await this.calendar.meetingChanged(currentOrganizationId(), [meetingId]);
    return this.page(meetingId);
  }

  /**
   * A change of one of the meeting's tasks: the meeting locked and refused while cancelled, the
   * task written through `TasksWriter` and audited as the task's own change.
   */
  private async taskChange(
    meetingId: string,
    write: (
      scope: WriteScope,
      meeting: MeetingRow,
    ) => Promise<{
      action: 'CREATE' | 'UPDATE' | 'DELETE';
      taskId: string;
      before?: unknown;
      after?: unknown;
      notices?: Notice[];
    }>,
  ): Promise<MeetingView> {
    const outbox = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const meeting = await this.meetings.findMeeting(meetingId, { sql: scope.sql, forUpdate: true });
      if (!meeting) throw notFound('Meeting');
      const refusal = meetingChangeRefusal(meeting);
      if (refusal) throw new DomainError(ErrorCode.CONFLICT, refusal);
      const { action, taskId, before, after, notices } = await write(scope, meeting);
      await this.audit.recordMany(scope, [
        {
          action,
          entityType: parseId(taskId).type,
          entityId: taskId,
          before: jsonSafe(before),
          after: jsonSafe(after),
        },
      ]);
      return this.notifications.notify(scope, notices ?? []);
    });
    await this.notifications.dispatch(outbox);
    return this.page(meetingId);
  }

  /** "<who> gave you the task “<title>”" for the user of the team member a meeting's task is given to. */
  private async assignedNotice(
    scope: WriteScope,
    teamMemberId: string,
    taskId: string,
    title: string,
  ): Promise<Notice[]> {
    const userId = await this.meetings.userOfTeamMember(scope.sql, teamMemberId);
    if (!userId) return [];
    const actorName =
      scope.actor.kind === 'USER'
        ? ((await this.entities.displayNames([scope.actor.id], ['USER'])).get(scope.actor.id) ?? 'Someone')
        : 'Meridian';
    return [
      {
        userId,
        kind: 'TASK_ASSIGNED',
        title: `${actorName} gave you the task “${title}”`,
        entityKind: parseId(taskId).type.toUpperCase() as EntityKind,
        entityId: taskId,
      },
    ];
  }

  /** The meeting with its participants and agenda, read in the change's transaction. */
  private async snapshotOf(scope: WriteScope, meetingId: string, row?: MeetingRow) {
    const meeting = row ?? (await this.meetings.findMeeting(meetingId, { sql: scope.sql }))!;
    const participants = (await this.meetings.participantsOf([meetingId], scope.sql)).get(meetingId) ?? [];
    const agenda = await this.meetings.agendaOf(meetingId, scope.sql);
    return snapshot(meeting, participants, agenda);
  }

  /**
   * The organizer of a meeting of `teamId` as its first participant: a member of the team (another
   * team's member, or none, is not found).
   */
  private async organizerOf(
    tx: TenantTransaction,
    teamId: string,
    teamMemberId: string,
  ): Promise<MeetingParticipantDraft> {
    const member = (await this.meetings.teamMembers(tx, teamId)).find((candidate) => candidate.id === teamMemberId);
    if (!member) throw notFound('Team member');
    return {
      role: 'TEAM_MEMBER',
      email: member.user.email,
      name: member.user.name,
      contactId: null,
      teamMemberId: member.id,
    };
  }

  /**
   * The assignees of a meeting's tasks, by id: a member of the meeting's team (another team's is
   * not found, as a missing one) or a client's person within reach.
   */
  private async assignees(
    teamId: string,
    references: readonly { id: string; path: string }[],
  ): Promise<Map<string, ResolvedEntity>> {
    const found = await this.entities.require(
      references.map(({ id, path }) => ({ id, use: ReferenceUse.taskAssignee, path })),
    );
    for (const entity of found.values()) {
      if (entity.kind === 'TEAM_MEMBER' && entity.teamId !== teamId) throw notFound('Team member');
    }
    return found;
  }

  /**
   * The participants a request names, each contact or team member through the resolver and of the
   * meeting's team (another team's is not found, as a missing one); outside guests are their
   * address and name alone.
   */
  private async participantDrafts(
    teamId: string,
    participants: readonly ParticipantInput[],
  ): Promise<MeetingParticipantDraft[]> {
    const references = participants.flatMap((participant, index) =>
      participant.role === 'EXTERNAL'
        ? []
        : [
            {
              id: participant.participant!,
              use: participant.role === 'CONTACT' ? CONTACT_USE : TEAM_MEMBER_USE,
              path: `participants.${index}.participant`,
            },
          ],
    );
    const found = await this.entities.require(references);
    return participants.map((participant) => {
      const entity = participant.role === 'EXTERNAL' ? null : found.get(participant.participant!)!;
      if (entity && entity.teamId !== teamId) throw notFound(entity.kind === 'CONTACT' ? 'Contact' : 'Team member');
      return {
        role: participant.role,
        email: participant.email,
        name: participant.name,
        contactId: participant.role === 'CONTACT' ? entity!.id : null,
        teamMemberId: participant.role === 'TEAM_MEMBER' ? entity!.id : null,
      };
    });
  }
}

/**
 * A real task of the meeting (crm §3's meeting task): of its team, about its household (else its
 * team), due when given, else by the domain's rule on the meeting's calendar.
 */
function taskDraft(
  meeting: Pick<MeetingRow, 'teamId' | 'householdId' | 'startTime' | 'durationMinutes' | 'timeZone'>,
  meetingId: string,
  timing: MeetingTaskTiming,
  task: { content: { title: string; description: string } },
  assignee: ResolvedEntity,
  dueDate?: Date,
): TaskDraft {
  return {
    teamId: meeting.teamId,
    householdId: meeting.householdId,
    title: task.content.title,
    note: task.content.description,
    type: null,
    priority: null,
    dueDate: dueDate ?? defaultMeetingTaskDueDate(timing, meeting),
    status: 'TODO',
    scheduledTime: null,
    completedAt: null,
    cancelledAt: null,
    assigneeTeamMemberId: assignee.kind === 'TEAM_MEMBER' ? assignee.id : null,
    assigneePersonId: assignee.kind === 'PERSON' ? assignee.id : null,
    owner: meeting.householdId ? ownerOf('HOUSEHOLD', meeting.householdId) : ownerOf('TEAM', meeting.teamId),
    meetingId,
    meetingTaskType: timing,
  };
}

/** Dates as the API shows them, for an audit snapshot. */
function jsonSafe(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function summaryOf(row: MeetingRow, participants: readonly ParticipantRow[]): MeetingSummary {
  return {
    id: row.id,
    teamId: row.teamId,
    householdId: row.householdId,
    title: row.title,
    type: row.type,
    location: row.location,
    startTime: row.startTime.toISOString(),
    endTime: meetingEnd(row).toISOString(),
    duration: row.durationMinutes,
    timeZone: row.timeZone,
    organizer: { id: row.organizerTeamMemberId, name: row.organizerName },
    participants: participants.map((participant) => ({
      role: participant.role,
      name: participant.name,
      email: participant.email,
      participant: participant.contactId ?? participant.teamMemberId,
    })),
    confirmedAt: iso(row.confirmedAt),
    cancelledAt: iso(row.cancelledAt),
    viewedAt: iso(row.viewedAt),
  };
}

function taskView(task: MeetingTaskRow, names: ReadonlyMap<string, string>): MeetingTaskView {
  const assigneeId = task.assigneeTeamMemberId ?? task.assigneePersonId;
  return {
    id: task.id,
    title: task.title,
    description: task.note,
    timing: task.timing,
    status: task.status,
    dueDate: task.dueDate,
    assignee: assigneeId ? { id: assigneeId, name: names.get(assigneeId) ?? null } : null,
  };
}
