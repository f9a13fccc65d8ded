import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createMeetingTemplateSchema,
  editMeetingTemplateSchema,
  meetingTemplateIdParamsSchema,
  meetingTemplateViewSchema,
  schedulingStatusQuerySchema,
  schedulingStatusSchema,
  teamIdParamSchema,
  timeZoneOptionSchema,
  type CreateMeetingTemplate,
  type EditMeetingTemplate,
  type MeetingTemplateParams,
  type MeetingTemplateView,
  type SchedulingStatus,
  type SchedulingStatusQuery,
  type TimeZoneOption,
} from '@meridian/domain';
import { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { MeetingTemplatesService } from './meeting-templates.service.js';

const TAGS = ['meetings'];

/** The booking templates' calls of crm §7 Meetings, under /api/meetings. */
@Controller('meetings')
export class MeetingTemplatesController {
  constructor(@Inject(MeetingTemplatesService) private readonly templates: MeetingTemplatesService) {}

  @Post('template')
  @ApiRoute({
    summary:
      'Make a booking template in a team: title, duration, opening hours in one of the six Canadian time zones, notice, buffers and how many days ahead clients may book',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    body: createMeetingTemplateSchema,
    response: meetingTemplateViewSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CreateMeetingTemplate): Promise<MeetingTemplateView> {
    return this.templates.create(body);
  }

  @Patch('templates/:templateId')
  @ApiRoute({
    summary: 'Edit a booking template: the fields given change; opening hours, when given, replace its own',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: meetingTemplateIdParamsSchema,
    body: editMeetingTemplateSchema,
    response: meetingTemplateViewSchema,
    errors: [404],
  })
  edit(
    @ValidParams() params: MeetingTemplateParams,
    @ValidBody() body: EditMeetingTemplate,
  ): Promise<MeetingTemplateView> {
    return this.templates.edit(params.templateId, body);
  }

  @Delete('templates/:templateId')
  @ApiRoute({
    summary:
      'Delete a booking template; refused with a sentence (409) once a meeting was booked through it, which keeps it',
    tags: TAGS,
    permission: 'PRACTICE_DELETE',
    params: meetingTemplateIdParamsSchema,
    response: z.object({ id: z.string() }),
    errors: [404, 409],
  })
  remove(@ValidParams() params: MeetingTemplateParams): Promise<{ id: string }> {
    return this.templates.remove(params.templateId);
  }

  @Post('templates/:templateId/duplicate')
  @ApiRoute({
    summary: 'Copy a booking template in its team, titled “<title> (copy)” (numbered when the team has that one)',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: meetingTemplateIdParamsSchema,
    response: meetingTemplateViewSchema,
    status: 201,
    errors: [404],
  })
  duplicate(@ValidParams() params: MeetingTemplateParams): Promise<MeetingTemplateView> {
    return this.templates.duplicate(params.templateId);
  }

  @Get('templates/by-team/:teamId')
  @ApiRoute({
    summary: 'A team’s booking templates by title, with their opening hours',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: teamIdParamSchema,
    response: z.array(meetingTemplateViewSchema),
    errors: [404],
  })
  byTeam(@ValidParams() params: z.output<typeof teamIdParamSchema>): Promise<MeetingTemplateView[]> {
    return this.templates.listByTeam(params.teamId);
  }

  @Get('timezone-opts')
  @ApiRoute({
    summary: 'The time zones a booking template may use: the six Canadian zones, each with its label',
    tags: TAGS,
    permission: 'SIGNED_IN',
    response: z.array(timeZoneOptionSchema),
  })
  timeZoneOptions(): TimeZoneOption[] {
    return this.templates.timeZoneOptions();
  }

  @Get('scheduling-status')
  @ApiRoute({
    summary:
      'Whether clients can book a template now: `configId` is its calendar provider’s scheduling configuration, or the template’s own id while it has none (no calendar connected: the firm’s own calendar, bookable)',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    query: schedulingStatusQuerySchema,
    response: schedulingStatusSchema,
    errors: [404],
  })
  schedulingStatus(@ValidQuery() query: SchedulingStatusQuery): Promise<SchedulingStatus> {
    return this.templates.schedulingStatus(query.configId);
  }
}
