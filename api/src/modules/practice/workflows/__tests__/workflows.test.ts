import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subYears } from 'date-fns';
import {
  EntityType,
  newId,
  WorkflowApiMessage,
  WorkflowTemplateMessage,
  type WorkflowResponse,
  type WorkflowSummary,
  type WorkflowTaskGroup,
  type WorkflowTemplateResponse,
} from '@meridian/domain';
import { QueueService, WorkflowsService } from '@meridian/api';
import { startTestWorker } from '#test/support/app.js';
import { addUser } from '#test/support/factories.js';
import {
  apiAs,
  createFinancialHousehold,
  createRecord,
  type FinancialHousehold,
} from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';
import { waitFor } from '#test/support/wait.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

let world: TwoFirms;
let household: FinancialHousehold;
let southHousehold: FinancialHousehold;
let asNorth: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;
/** An advisor of the north firm's other team, who does not see the first team's households. */
let asOtherTeam: ReturnType<typeof apiAs>;

beforeAll(async () => {
  world = await startWithTwoFirms();
  const [north, south] = world.firms;
  household = await createFinancialHousehold(world.prisma, north, 'Tremblay household');
  southHousehold = await createFinancialHousehold(world.prisma, south, 'Gagnon household');
  asNorth = apiAs(world.api.baseUrl, north.token);
  asSouth = apiAs(world.api.baseUrl, south.token);
  const otherTeamId = newId(EntityType.team);
  await world.prisma.team.create({
    data: { id: otherTeamId, organizationId: north.organizationId, name: 'West team' },
  });
  const other = await addUser(world.prisma, north, 'ADVISOR', [otherTeamId]);
  asOtherTeam = apiAs(world.api.baseUrl, await login(world.api.baseUrl, other.email, other.password));
});
afterAll(async () => {
  await world?.close();
});

const start = (body: Record<string, unknown>) => asNorth<WorkflowResponse>('POST', '/api/workflows', body);
const complete = async (taskId: string) => {
  const response = await asNorth('PATCH', `/api/tasks/${taskId}/mark-complete`);
  expect(response.status).toBe(200);
};
const read = async (workflowId: string, query = '') =>
  (await asNorth<WorkflowResponse>('GET', `/api/workflows/${workflowId}${query}`)).body;

describe('workflow templates', () => {
  it('lists the built-ins with labels; a firm copies one, edits it and deletes it', async () => {
    const list = await asNorth<WorkflowTemplateResponse[]>('GET', '/api/workflow-templates');
    expect(list.status).toBe(200);
    const builtIn = list.body.find((template) => template.ref === 'ANNUAL_REVIEW')!;
    expect(builtIn).toMatchObject({ builtIn: true, id: null, name: 'Annual review', subjectLabel: 'A household' });
    expect(builtIn.steps[0]!.tasks[0]).toMatchObject({ assigneeLabel: 'An associate of the team' });
    expect(list.body.map((template) => template.ref)).toEqual(
      expect.arrayContaining(['NEW_CLIENT_ONBOARDING', 'RRSP_TO_RRIF_CONVERSION']),
    );

    const copy = await asNorth<WorkflowTemplateResponse>('POST', '/api/workflow-templates', {
      copyOf: 'ANNUAL_REVIEW',
      name: 'Our annual review',
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ builtIn: false, basedOnKey: 'ANNUAL_REVIEW', name: 'Our annual review' });
    expect(copy.body.steps).toHaveLength(3);
    const templateId = copy.body.id!;

    const steps = [
      {
        name: 'Meet',
        tasks: [
          {
            title: 'Hold the review',
            type: 'ANNUAL_REVIEW',
            dueInDays: 10,
            dueFrom: 'WORKFLOW_START',
            assignee: 'PRIMARY_ADVISOR',
          },
        ],
        requirements: [{ kind: 'DOCUMENT_UPLOADED', label: 'Signed KYC form' }],
      },
    ];
    const edited = await asNorth<WorkflowTemplateResponse>('PATCH', `/api/workflow-templates/${templateId}`, { steps });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Our annual review', steps: [{ name: 'Meet' }] });
    expect(edited.body.steps[0]!.requirements[0]).toMatchObject({ kindLabel: 'A document uploaded' });

    // A copy of the firm's copy remembers the built-in it came from.
    const second = await asNorth<WorkflowTemplateResponse>('POST', '/api/workflow-templates', { copyOf: templateId });
    expect(second.body).toMatchObject({
      basedOnKey: 'ANNUAL_REVIEW',
      name: 'Our annual review',
      steps: [{ name: 'Meet' }],
    });

    expect((await asNorth('DELETE', `/api/workflow-templates/${templateId}`)).status).toBe(204);
    const after = await asNorth<WorkflowTemplateResponse[]>('GET', '/api/workflow-templates');
    expect(after.body.some((template) => template.id === templateId)).toBe(false);
    expect((await asNorth('PATCH', `/api/workflow-templates/${templateId}`, { name: 'Again' })).status).toBe(404);
    expect((await start({ template: templateId, householdId: household.householdId })).status).toBe(404);
  });

  it('refuses a template without steps or name, another firm’s template, and an unknown one', async () => {
    const copy = (
      await asNorth<WorkflowTemplateResponse>('POST', '/api/workflow-templates', { copyOf: 'ANNUAL_REVIEW' })
    ).body;
    const empty = await asNorth('PATCH', `/api/workflow-templates/${copy.id}`, { steps: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ details: [{ path: 'steps', message: WorkflowTemplateMessage.stepsRequired }] });
    const unnamed = await asNorth('POST', '/api/workflow-templates', { subject: 'HOUSEHOLD', steps: [] });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    const badDue = await asNorth('PATCH', `/api/workflow-templates/${copy.id}`, {
      steps: [
        { name: 'A', tasks: [{ title: 'B', type: 'EMAIL', dueInDays: -1, dueFrom: 'STEP_OPEN', assignee: 'ADMIN' }] },
      ],
    });
    expect(badDue.status).toBe(400);
    expect(JSON.stringify(badDue.body)).toContain(WorkflowTemplateMessage.dueDaysInvalid);

    expect((await asSouth('PATCH', `/api/workflow-templates/${copy.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await asSouth('DELETE', `/api/workflow-templates/${copy.id}`)).status).toBe(404);
    expect((await asSouth('POST', '/api/workflow-templates', { copyOf: copy.id })).status).toBe(404);
    expect((await asNorth('POST', '/api/workflow-templates', { copyOf: 'NO_SUCH_TEMPLATE' })).status).toBe(400);
    const south = await asSouth<WorkflowTemplateResponse[]>('GET', '/api/workflow-templates');
    expect(south.body.some((template) => template.id === copy.id)).toBe(false);
  });
});

describe('started workflows', () => {
  it('starts onboarding: the first step opens with its tasks; the second opens when they are done', async () => {
    const started = await start({
      template: 'NEW_CLIENT_ONBOARDING',
      householdId: household.householdId,
      startDate: '2026-03-02',
    });
    expect(started.status).toBe(201);
    const workflow = started.body;
    expect(workflow).toMatchObject({ name: 'New client onboarding', status: 'ACTIVE', openStepName: 'Discovery' });
    expect(workflow.steps.map((step) => step.status)).toEqual(['OPEN', 'WAITING', 'WAITING', 'WAITING', 'WAITING']);
    const first = workflow.steps[0]!;
    expect(first.tasks.map((task) => [task.title, task.dueDate, task.statusLabel])).toEqual([
      ['Send the welcome package', '2026-03-04', 'To do'],
      ['Hold the discovery meeting', expect.any(String), 'To do'],
    ]);
    // Given to the one who started it: the household has no advisor.
    expect(first.tasks.every((task) => task.assigneeName === 'Factory User')).toBe(true);
    expect(workflow.steps[1]!.tasks).toEqual([]);
    expect(workflow.steps[1]!.requirements).toMatchObject([{ label: 'Signed KYC form', status: 'PENDING' }]);
    expect(workflow.progress).toEqual({ done: 0, total: 4 });

    await complete(first.tasks[0]!.id);
    expect((await read(workflow.id)).steps[1]!.status).toBe('WAITING');
    await complete(first.tasks[1]!.id);
    const second = await read(workflow.id);
    expect(second.steps.map((step) => step.status)).toEqual(['COMPLETED', 'OPEN', 'WAITING', 'WAITING', 'WAITING']);
    expect(second.steps[1]!.tasks.map((task) => task.title)).toEqual(
      expect.arrayContaining(['Complete the KYC form with the client', 'Verify identity documents']),
    );
    expect(second.openStepName).toBe('Know your client');

    // Its tasks are done, but the step waits for its document until it is met or cancelled.
    for (const task of second.steps[1]!.tasks) await complete(task.id);
    const waiting = await read(workflow.id);
    expect(waiting.steps[1]!.status).toBe('OPEN');
    const requirementId = waiting.steps[1]!.requirements[0]!.id;
    const path = `/api/workflows/${workflow.id}/requirements/${requirementId}`;
    const unknownDocument = await asNorth('PATCH', `${path}/meet`, { documentId: newId(EntityType.document) });
    expect(unknownDocument.status).toBe(404);
    const met = await asNorth<WorkflowResponse>('PATCH', `${path}/meet`, {});
    expect(met.status).toBe(200);
    expect(met.body.steps[1]).toMatchObject({
      status: 'COMPLETED',
      requirements: [{ status: 'MET', statusLabel: 'Met' }],
    });
    expect(met.body.steps[2]!.status).toBe('OPEN');
    expect(met.body.steps[2]!.tasks).toHaveLength(3);
    // The step is complete: its requirement no longer changes.
    const again = await asNorth('PATCH', `${path}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: WorkflowApiMessage.requirementSettled });

    const cancelled = await asNorth<WorkflowResponse>(
      'PATCH',
      `/api/workflows/${workflow.id}/requirements/${met.body.steps[2]!.requirements[0]!.id}/cancel`,
    );
    expect(cancelled.body.steps[2]!.requirements[0]).toMatchObject({ status: 'CANCELLED' });
    const hidden = await read(workflow.id, '?hideCancelledRequirements=true&hideEmptySteps=true');
    expect(hidden.steps.map((step) => step.name)).toEqual(['Discovery', 'Know your client', 'Accounts']);
    expect(hidden.steps[2]!.requirements).toEqual([]);

    const list = await asNorth<WorkflowSummary[]>('GET', `/api/workflows?householdId=${household.householdId}`);
    expect(list.body.find((summary) => summary.id === workflow.id)).toMatchObject({ openStepName: 'Accounts' });
  });

  it('keeps a participant’s task view and groups workflow tasks by household and by person', async () => {
    const workflow = (await start({ template: 'ANNUAL_REVIEW', householdId: household.householdId })).body;
    const [personId] = household.personIds;
    const done = workflow.steps[0]!.tasks[0]!;
    await complete(done.id);

    const view = await asNorth('PATCH', `/api/workflows/person-tasks-view/${workflow.id}/${personId}`, {
      view: 'COMPLETED',
    });
    expect(view.status).toBe(200);
    expect(view.body).toEqual({ workflowId: workflow.id, personId, view: 'COMPLETED', viewLabel: 'Completed' });
    const seen = await read(workflow.id, `?currentParticipant=${personId}&hideEmptySteps=true`);
    expect(seen.participantView).toMatchObject({ view: 'COMPLETED' });
    expect(seen.steps.flatMap((step) => step.tasks.map((task) => task.id))).toEqual([done.id]);
    const bad = await asNorth('PATCH', `/api/workflows/person-tasks-view/${workflow.id}/${personId}`, { view: 'ALL' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ details: [{ path: 'view', message: WorkflowApiMessage.viewInvalid }] });

    const open = await asNorth<WorkflowTaskGroup[]>(
      'GET',
      `/api/workflows-tasks/by-household/${household.householdId}`,
    );
    const group = open.body.find((candidate) => candidate.workflowId === workflow.id)!;
    expect(group.tasks.map((task) => task.id)).not.toContain(done.id);
    const all = await asNorth<WorkflowTaskGroup[]>(
      'GET',
      `/api/workflows-tasks/by-household/${household.householdId}?includeCompleted=true`,
    );
    expect(all.body.find((candidate) => candidate.workflowId === workflow.id)!.tasks.map((task) => task.id)).toContain(
      done.id,
    );

    const mine = await asNorth<WorkflowTaskGroup[]>('PATCH', `/api/tasks/groups-workflows/by-person/${personId}`, {});
    expect(mine.body.find((candidate) => candidate.workflowId === workflow.id)).toMatchObject({
      view: 'COMPLETED',
      tasks: [{ id: done.id }],
    });
    const available = await asNorth<WorkflowTaskGroup[]>('PATCH', `/api/tasks/groups-workflows/by-person/${personId}`, {
      view: 'AVAILABLE',
    });
    const reopened = available.body.find((candidate) => candidate.workflowId === workflow.id)!;
    expect(reopened.view).toBe('AVAILABLE');
    expect(reopened.tasks.map((task) => task.id)).not.toContain(done.id);
  });

  it('refuses a person’s template for a household and both subjects at once', async () => {
    const forPerson = await start({ template: 'RRSP_TO_RRIF_CONVERSION', householdId: household.householdId });
    expect(forPerson.status).toBe(400);
    expect(forPerson.body).toMatchObject({
      details: [{ path: 'householdId', message: WorkflowApiMessage.templateForPerson }],
    });
    const both = await start({
      template: 'ANNUAL_REVIEW',
      householdId: household.householdId,
      personId: household.personIds[0],
    });
    expect(both.status).toBe(400);
    const person = await start({ template: 'RRSP_TO_RRIF_CONVERSION', personId: household.personIds[1] });
    expect(person.status).toBe(201);
    expect(person.body).toMatchObject({ subjectPersonId: household.personIds[1], householdId: household.householdId });
  });

  it('answers 404 to another team and another firm, and changes nothing', async () => {
    const workflow = (await start({ template: 'ANNUAL_REVIEW', householdId: household.householdId })).body;
    const requirementless = workflow.steps[0]!;
    for (const as of [asOtherTeam, asSouth]) {
      expect((await as('GET', `/api/workflows/${workflow.id}`)).status).toBe(404);
      expect((await as('GET', `/api/workflows?householdId=${household.householdId}`)).status).toBe(404);
      expect((await as('GET', `/api/workflows-tasks/by-household/${household.householdId}`)).status).toBe(404);
      expect(
        (await as('POST', '/api/workflows', { template: 'ANNUAL_REVIEW', householdId: household.householdId })).status,
      ).toBe(404);
      const view = await as('PATCH', `/api/workflows/person-tasks-view/${workflow.id}/${household.personIds[0]}`, {
        view: 'COMPLETED',
      });
      expect(view.status).toBe(404);
      expect((await as('PATCH', `/api/tasks/groups-workflows/by-person/${household.personIds[0]}`, {})).status).toBe(
        404,
      );
    }
    // The caller's own person with another firm's workflow, and the reverse.
    const southPerson = southHousehold.personIds[0];
    expect(
      (await asNorth('PATCH', `/api/workflows/person-tasks-view/${workflow.id}/${southPerson}`, { view: 'COMPLETED' }))
        .status,
    ).toBe(404);
    expect(
      (await asSouth('PATCH', `/api/workflows/person-tasks-view/${workflow.id}/${southPerson}`, { view: 'COMPLETED' }))
        .status,
    ).toBe(404);
    expect(
      (await asNorth('POST', '/api/workflows', { template: 'ANNUAL_REVIEW', householdId: southHousehold.householdId }))
        .status,
    ).toBe(404);
    const after = await read(workflow.id, `?currentParticipant=${household.personIds[0]}`);
    expect(after.participantView).toMatchObject({ view: 'AVAILABLE' });
    expect(after.steps[0]!.tasks).toHaveLength(requirementless.tasks.length);
  });
});

describe('the daily registered-account rules job', () => {
  it('starts the conversion workflow once for a person born 71 years before the day, however many runs', async () => {
    const [north] = world.firms;
    const today = '2027-06-15';
    const retiree = await createFinancialHousehold(world.prisma, north, 'Roy household');
    const personId = retiree.personIds[0];
    await world.prisma.person.update({
      where: { id: personId },
      data: { dateOfBirth: subYears(new Date(`${today}T00:00:00Z`), 71) },
    });
    const rrsp = await createRecord(world.api.baseUrl, north.token, {
      householdId: retiree.householdId,
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'RRSP',
      owners: [personId],
    });

    const worker = await startTestWorker(world.api.environment);
    try {
      // The day's job, through the queue and the worker's handler.
      const queues = worker.context.get(QueueService);
      const finished = async (jobId: string) => {
        const job = await queues.queue('practice').getJob(jobId);
        return job && (await job.isCompleted());
      };
      await waitFor('the rules job', async () =>
        finished(await queues.enqueue('practice.apply-workflow-rules', { date: today })),
      );
      // Two runs at the same moment (two workers), then the next day's: nothing more.
      const service = worker.context.get(WorkflowsService);
      const runs = await Promise.all([
        service.applyRegisteredAccountRules(today),
        service.applyRegisteredAccountRules(today),
      ]);
      expect(runs.map((run) => run.started)).toEqual([0, 0]);
      const nextDay = await queues.enqueue('practice.apply-workflow-rules', { date: '2027-06-16' });
      await waitFor('the next day’s run', () => finished(nextDay));
    } finally {
      await worker.close();
    }

    const workflows = await world.prisma.workflow.findMany({ where: { subjectPersonId: personId } });
    expect(workflows).toHaveLength(1);
    expect(workflows[0]).toMatchObject({
      ruleKey: `CONVERSION_AT_71:${rrsp.id}`,
      name: 'RRSP to RRIF conversion',
      reason: 'turns 71 on 2027-06-15: the RRSP must be converted by December 31, 2027',
    });
    const workflow = await read(workflows[0]!.id);
    const tasks = workflow.steps[0]!.tasks;
    expect(tasks).toHaveLength(2);
    for (const task of tasks) {
      expect(task.note).toBe('Amélie Tremblay turns 71 on 2027-06-15: the RRSP must be converted by December 31, 2027');
      expect(task.dueDate).toBe('2027-07-15');
    }
  });
});
