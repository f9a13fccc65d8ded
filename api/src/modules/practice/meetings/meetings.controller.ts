import { Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  addMeetingTaskSchema,
  availableParticipantsQuerySchema,
  availableParticipantsResponseSchema,
  createMeetingSchema,
  editMeetingSchema,
  meetingIdParamsSchema,
  meetingSummarySchema,
  meetingTeamParamsSchema,
  meetingViewSchema,
  meetingWindowQuerySchema,
  moveMeetingTaskSchema,
  removeMeetingTaskSchema,
  setTranscriptSchema,
  updateMeetingSchema,
  type AddMeetingTask,
  type AvailableParticipant,
  type AvailableParticipantsQuery,
  type CreateMeeting,
  type EditMeeting,
  type ListPage,
  type MeetingIdParams,
  type MeetingSummary,
  type MeetingView,
  type MeetingWindowQuery,
  type UpdateMeeting,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { MeetingsService } from './meetings.service.js';

const TAGS = ['meetings'];
type TeamParams = z.output<typeof meetingTeamParamsSchema>;

/** A call that changes one meeting: the meeting page back; 404 out of reach, 409 once cancelled. */
const change = (summary: string, body?: z.ZodType) => ({
  summary,
  tags: TAGS,
  permission: 'PRACTICE_WRITE' as const,
  params: meetingIdParamsSchema,
  ...(body ? { body } : {}),
  response: meetingViewSchema,
  errors: [404, 409],
});

/**
 * A meeting's own calls (crm §7 Meetings) under /api/meetings, /api/meeting and /api/teams, and
 * the dashboard's reads of a meeting and a team's calendar. `GET /meetings/:meetingId` takes one
 * segment after /meetings: the templates' `timezone-opts` and `scheduling-status` are registered
 * before it (their module registers first, this one being its import), which a test checks.
 */
@Controller()
export class MeetingsController {
  constructor(@Inject(MeetingsService) private readonly meetings: MeetingsService) {}

  @Post('meetings')
  @ApiRoute({
    summary:
      'Schedule a meeting for a team: organized by a member of it (who takes part), with participants, agenda, and optionally a household',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    body: createMeetingSchema,
    response: meetingViewSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CreateMeeting): Promise<MeetingView> {
    return this.meetings.create(body);
  }

  @Get('meetings/by-team/:teamId')
  @ApiRoute({
    summary:
      'A team’s meetings overlapping [from, to) (ISO instants, at most 62 days), cancelled ones included, with their participants, by start',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: meetingTeamParamsSchema,
    query: meetingWindowQuerySchema,
    response: meetingSummarySchema.array(),
    errors: [404],
  })
  byTeam(@ValidParams() params: TeamParams, @ValidQuery() query: MeetingWindowQuery): Promise<MeetingSummary[]> {
    return this.meetings.byTeam(params.teamId, query);
  }

  @Get('teams/:teamId/available-participants')
  @ApiRoute({
    summary:
      'Whom a team’s meeting may invite: its contacts (of a household or one contact with entityId) and its members, by name, paged, by role, searched by name or e-mail',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: meetingTeamParamsSchema,
    query: availableParticipantsQuerySchema,
    response: availableParticipantsResponseSchema,
    errors: [404],
  })
  availableParticipants(
    @ValidParams() params: TeamParams,
    @ValidQuery() query: AvailableParticipantsQuery,
  ): Promise<ListPage<AvailableParticipant>> {
    return this.meetings.availableParticipants(params.teamId, query);
  }

  @Get('meetings/:meetingId')
  @ApiRoute({
    summary: 'A meeting’s page: its fields, participants, agenda, tasks before, during and after it, and transcript',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: meetingIdParamsSchema,
    response: meetingViewSchema,
    errors: [404],
  })
  page(@ValidParams() params: MeetingIdParams): Promise<MeetingView> {
    return this.meetings.page(params.meetingId);
  }

  @Patch('meetings/:meetingId/add-task')
  @ApiRoute(
    change(
      'Add a task to a meeting, before, during or after it: a task of its team, due the day before, of, or after the meeting unless given',
      addMeetingTaskSchema,
    ),
  )
  addTask(@ValidParams() params: MeetingIdParams, @ValidBody() body: AddMeetingTask): Promise<MeetingView> {
    return this.meetings.addTask(params.meetingId, body);
  }

  @Patch('meetings/:meetingId/remove-task')
  @ApiRoute(change('Remove one of a meeting’s tasks (the task goes)', removeMeetingTaskSchema))
  removeTask(
    @ValidParams() params: MeetingIdParams,
    @ValidBody() body: z.output<typeof removeMeetingTaskSchema>,
  ): Promise<MeetingView> {
    return this.meetings.removeTask(params.meetingId, body.taskId);
  }

  @Patch('meetings/:meetingId/move-task')
  @ApiRoute(change('Move one of a meeting’s tasks to before, during or after it', moveMeetingTaskSchema))
  moveTask(
    @ValidParams() params: MeetingIdParams,
    @ValidBody() body: z.output<typeof moveMeetingTaskSchema>,
  ): Promise<MeetingView> {
    return this.meetings.moveTask(params.meetingId, body.taskId, body.timing);
  }

  @Patch('meetings/:meetingId/edit')
  @ApiRoute(
    change(
      'Edit a meeting: title, message, type, location, start, duration, time zone; participants and agenda replace its own',
      editMeetingSchema,
    ),
  )
  edit(@ValidParams() params: MeetingIdParams, @ValidBody() body: EditMeeting): Promise<MeetingView> {
    return this.meetings.edit(params.meetingId, body);
  }

  @Patch('meetings/:meetingId/cancel')
  @ApiRoute(change('Cancel a meeting: it stays, marked cancelled, and refuses changes after'))
  cancel(@ValidParams() params: MeetingIdParams): Promise<MeetingView> {
    return this.meetings.cancel(params.meetingId);
  }

  @Patch('meetings/:meetingId/set-transcript')
  @ApiRoute(change('Save a meeting’s transcript (text, or a list of lines joined)', setTranscriptSchema))
  setTranscript(
    @ValidParams() params: MeetingIdParams,
    @ValidBody() body: z.output<typeof setTranscriptSchema>,
  ): Promise<MeetingView> {
    return this.meetings.setTranscript(params.meetingId, body.transcript);
  }

  @Patch('meetings/:meetingId/view')
  @ApiRoute(change('Mark a meeting viewed (the first time is kept)'))
  view(@ValidParams() params: MeetingIdParams): Promise<MeetingView> {
    return this.meetings.view(params.meetingId);
  }

  @Patch('meeting/:meetingId')
  @ApiRoute(
    change(
      'Update a meeting: the fields given change (the organizer too, a member of its team), the others stay',
      updateMeetingSchema,
    ),
  )
  update(@ValidParams() params: MeetingIdParams, @ValidBody() body: UpdateMeeting): Promise<MeetingView> {
    return this.meetings.update(params.meetingId, body);
  }
}
