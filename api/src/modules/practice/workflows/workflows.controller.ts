import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createWorkflowTemplateSchema,
  householdIdParamsSchema,
  householdWorkflowTasksQuerySchema,
  meetRequirementSchema,
  personIdParamsSchema,
  personWorkflowGroupsSchema,
  startWorkflowSchema,
  updateWorkflowTemplateSchema,
  workflowIdParamsSchema,
  workflowParticipantViewResponseSchema,
  workflowPersonParamsSchema,
  workflowQuerySchema,
  workflowRequirementParamsSchema,
  workflowResponseSchema,
  workflowsQuerySchema,
  workflowSummarySchema,
  workflowTaskGroupSchema,
  workflowTaskViewSchema,
  workflowTemplateIdParamsSchema,
  workflowTemplateResponseSchema,
  type WorkflowParticipantViewResponse,
  type WorkflowResponse,
  type WorkflowSummary,
  type WorkflowTaskGroup,
  type WorkflowTemplateResponse,
} from '@meridian/domain';
import { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { WorkflowsService } from './workflows.service.js';

const TAGS = ['workflows'];
type RequirementParams = z.infer<typeof workflowRequirementParamsSchema>;

/** Workflow templates, started workflows and their tasks (crm §7 Workflows, Tasks). */
@Controller()
export class WorkflowsController {
  constructor(@Inject(WorkflowsService) private readonly workflows: WorkflowsService) {}

  @Get('workflow-templates')
  @ApiRoute({
    summary: 'The built-in workflow templates and the firm’s own, with labels',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    response: z.array(workflowTemplateResponseSchema),
  })
  listTemplates(): Promise<WorkflowTemplateResponse[]> {
    return this.workflows.listTemplates();
  }

  @Post('workflow-templates')
  @ApiRoute({
    summary: 'A firm template: a copy of a built-in or firm template (copyOf), or a new one',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    body: createWorkflowTemplateSchema,
    response: workflowTemplateResponseSchema,
    status: 201,
    errors: [404],
  })
  createTemplate(@ValidBody() body: z.output<typeof createWorkflowTemplateSchema>): Promise<WorkflowTemplateResponse> {
    return this.workflows.createTemplate(body);
  }

  @Patch('workflow-templates/:templateId')
  @ApiRoute({
    summary: 'Change a firm template’s name, description or steps',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: workflowTemplateIdParamsSchema,
    body: updateWorkflowTemplateSchema,
    response: workflowTemplateResponseSchema,
    errors: [404],
  })
  updateTemplate(
    @ValidParams() params: z.infer<typeof workflowTemplateIdParamsSchema>,
    @ValidBody() body: z.output<typeof updateWorkflowTemplateSchema>,
  ): Promise<WorkflowTemplateResponse> {
    return this.workflows.updateTemplate(params.templateId, body);
  }

  @Delete('workflow-templates/:templateId')
  @ApiRoute({
    summary: 'Delete a firm template (its workflows keep their steps)',
    tags: TAGS,
    permission: 'PRACTICE_DELETE',
    params: workflowTemplateIdParamsSchema,
    status: 204,
    errors: [404],
  })
  deleteTemplate(@ValidParams() params: z.infer<typeof workflowTemplateIdParamsSchema>): Promise<void> {
    return this.workflows.deleteTemplate(params.templateId);
  }

  @Post('workflows')
  @ApiRoute({
    summary: 'Start a workflow for a household or a person: its first step opens with its tasks',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    body: startWorkflowSchema,
    response: workflowResponseSchema,
    status: 201,
    errors: [404],
  })
  start(@ValidBody() body: z.output<typeof startWorkflowSchema>): Promise<WorkflowResponse> {
    return this.workflows.start(body);
  }

  @Get('workflows')
  @ApiRoute({
    summary: 'A household’s workflows, newest first, with their progress',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    query: workflowsQuerySchema,
    response: z.array(workflowSummarySchema),
    errors: [404],
  })
  list(@ValidQuery() query: z.infer<typeof workflowsQuerySchema>): Promise<WorkflowSummary[]> {
    return this.workflows.listByHousehold(query.householdId);
  }

  @Get('workflows/:workflowId')
  @ApiRoute({
    summary: 'A workflow: its steps, progress, tasks and requirements',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: workflowIdParamsSchema,
    query: workflowQuerySchema,
    response: workflowResponseSchema,
    errors: [404],
  })
  get(
    @ValidParams() params: z.infer<typeof workflowIdParamsSchema>,
    @ValidQuery() query: z.output<typeof workflowQuerySchema>,
  ): Promise<WorkflowResponse> {
    return this.workflows.get(params.workflowId, query);
  }

  @Patch('workflows/:workflowId/requirements/:requirementId/meet')
  @ApiRoute({
    summary: 'Mark a step’s requirement met, with the document that meets it',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: workflowRequirementParamsSchema,
    body: meetRequirementSchema,
    response: workflowResponseSchema,
    errors: [404, 409],
  })
  meet(
    @ValidParams() params: RequirementParams,
    @ValidBody() body: z.output<typeof meetRequirementSchema>,
  ): Promise<WorkflowResponse> {
    return this.workflows.settleRequirement(params.workflowId, params.requirementId, 'MET', body.documentId);
  }

  @Patch('workflows/:workflowId/requirements/:requirementId/cancel')
  @ApiRoute({
    summary: 'Cancel a step’s requirement: the step no longer waits for it',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: workflowRequirementParamsSchema,
    response: workflowResponseSchema,
    errors: [404, 409],
  })
  cancel(@ValidParams() params: RequirementParams): Promise<WorkflowResponse> {
    return this.workflows.settleRequirement(params.workflowId, params.requirementId, 'CANCELLED', undefined);
  }

  @Patch('workflows/person-tasks-view/:workflowId/:personId')
  @ApiRoute({
    summary: 'Set which of a workflow’s tasks a participant sees: available or completed',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: workflowPersonParamsSchema,
    body: workflowTaskViewSchema,
    response: workflowParticipantViewResponseSchema,
    errors: [404],
  })
  setTasksView(
    @ValidParams() params: z.infer<typeof workflowPersonParamsSchema>,
    @ValidBody() body: z.output<typeof workflowTaskViewSchema>,
  ): Promise<WorkflowParticipantViewResponse> {
    return this.workflows.setTasksView(params.workflowId, params.personId, body.view);
  }

  @Get('workflows-tasks/by-household/:householdId')
  @ApiRoute({
    summary: 'A household’s workflow tasks, grouped by workflow',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: householdIdParamsSchema,
    query: householdWorkflowTasksQuerySchema,
    response: z.array(workflowTaskGroupSchema),
    errors: [404],
  })
  tasksByHousehold(
    @ValidParams() params: z.infer<typeof householdIdParamsSchema>,
    @ValidQuery() query: z.output<typeof householdWorkflowTasksQuerySchema>,
  ): Promise<WorkflowTaskGroup[]> {
    return this.workflows.tasksByHousehold(params.householdId, query.includeCompleted);
  }

  @Patch('tasks/groups-workflows/by-person/:personId')
  @ApiRoute({
    summary: 'A person’s workflow tasks grouped by workflow; a view given becomes theirs for each',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: personIdParamsSchema,
    body: personWorkflowGroupsSchema,
    response: z.array(workflowTaskGroupSchema),
    errors: [404],
  })
  personGroups(
    @ValidParams() params: z.infer<typeof personIdParamsSchema>,
    @ValidBody() body: z.output<typeof personWorkflowGroupsSchema>,
  ): Promise<WorkflowTaskGroup[]> {
    return this.workflows.personWorkflowGroups(params.personId, body.view);
  }
}
