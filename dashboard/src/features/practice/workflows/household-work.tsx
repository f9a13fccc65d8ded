import { useCallback, useEffect, useId, useState } from 'react';
import { Badge, Button, Callout, Card, ProgressBar, Title } from '@tremor/react';
import {
  enumLabel,
  formatShortDate,
  type HouseholdResponse,
  type TaskResponse,
  type WorkflowResponse,
  type WorkflowStepResponse,
  type WorkflowSummary,
  type WorkflowTaskResponse,
} from '@meridian/domain';
import { getHousehold, toApiError } from '../../../api';
import { SelectInput } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { SmallButton } from '../../crm/record-list';
import { localToday } from '../../../lib/today';
import { TaskStatusBadge } from '../tasks/task-bits';
import { TaskDrawer } from '../tasks/task-drawer';
import { OwnerTasks } from '../tasks/owner-tasks';
import { taskCalls } from '../tasks/tasks-api';
import { workflowCalls } from './workflows-api';

/** The household the tab belongs to, as the household page passes it. */
export interface HouseholdRef {
  id: string;
  name: string;
  teamId: string;
}

const noMembers = (): Promise<HouseholdResponse['members']> => Promise.resolve([]);

const STEP_COLORS = { WAITING: 'gray', OPEN: 'blue', COMPLETED: 'emerald' } as const;
const REQUIREMENT_COLORS = { PENDING: 'amber', MET: 'emerald', CANCELLED: 'gray' } as const;

/** Picks a template by its name and starts it for the household (or, for a person's template, a member). */
function StartWorkflow({ household, onStarted }: { household: HouseholdRef; onStarted: () => void }) {
  const id = useId();
  const templates = useResource(workflowCalls.templates);
  const loadMembers = useCallback(
    (signal: AbortSignal) => getHousehold(household.id, signal).then((found) => found.members),
    [household.id],
  );
  const [template, setTemplate] = useState('');
  const [personId, setPersonId] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const chosen = templates.data?.find((item) => item.ref === template);
  const forPerson = chosen?.subject === 'PERSON';
  // A person's template asks which member it is for: the members are read when it is chosen.
  const members = useResource(forPerson ? loadMembers : noMembers).data ?? [];

  async function start() {
    if (!chosen) return;
    setPending(true);
    setError(undefined);
    try {
      await workflowCalls.start(
        forPerson ? { template: chosen.ref, personId } : { template: chosen.ref, householdId: household.id },
      );
      setTemplate('');
      onStarted();
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setPending(false);
    }
  }

  const options = (templates.data ?? []).map((item) => ({
    value: item.ref,
    label: `${item.name}${item.subject === 'PERSON' ? ' (for one person)' : ''}`,
  }));
  return (
    <div className="space-y-2" data-testid="start-workflow">
      <div className="flex flex-wrap items-end gap-2">
        <SelectInput
          id={`${id}-template`}
          label="Start a workflow"
          value={template}
          options={options}
          emptyLabel={templates.data ? 'Choose a template' : 'Loading templates…'}
          onChange={setTemplate}
          className="min-w-64"
          testId="start-workflow-template"
        />
        {forPerson && (
          <SelectInput
            id={`${id}-person`}
            label="For"
            value={personId}
            options={members.map((member) => ({ value: member.id, label: member.name.display }))}
            emptyLabel="Choose a member"
            onChange={setPersonId}
            className="min-w-48"
            testId="start-workflow-person"
          />
        )}
        <Button
          onClick={() => void start()}
          loading={pending}
          disabled={!chosen || (forPerson && !personId)}
          data-testid="start-workflow-submit"
        >
          Start workflow
        </Button>
      </div>
      {chosen?.description && <p className="text-tremor-label text-tremor-content">{chosen.description}</p>}
      {error && (
        <p role="alert" className="text-tremor-label text-red-600" data-testid="start-workflow-error">
          {error}
        </p>
      )}
    </div>
  );
}

function WorkflowTaskRow({
  task,
  today,
  onOpen,
  onChanged,
}: {
  task: WorkflowTaskResponse;
  today: string;
  onOpen: () => void;
  onChanged: () => void;
}) {
  const canWrite = useCan()('PRACTICE_WRITE');
  const [error, setError] = useState<string>();
  const open = task.status !== 'DONE' && task.status !== 'CANCELLED';
  const late = open && task.dueDate !== null && task.dueDate < today;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5" data-testid="workflow-task">
      <button
        type="button"
        onClick={onOpen}
        className={`min-w-0 flex-1 truncate text-left text-tremor-default hover:underline ${
          open ? 'text-tremor-content-strong' : 'text-tremor-content line-through'
        }`}
        data-testid="workflow-task-title"
      >
        {task.title}
      </button>
      <span className={`text-tremor-label ${late ? 'font-medium text-red-600' : 'text-tremor-content'}`}>
        {task.dueDate ? `Due ${formatShortDate(task.dueDate, true)}` : 'No due date'}
      </span>
      <span className="text-tremor-label text-tremor-content">{task.assigneeName ?? 'Unassigned'}</span>
      <TaskStatusBadge status={task.status} />
      {canWrite && open && (
        <SmallButton
          testId="workflow-task-complete"
          onClick={() =>
            void taskCalls
              .complete(task.id)
              .then(onChanged, (failure: unknown) => setError(toApiError(failure).message))
          }
        >
          Complete
        </SmallButton>
      )}
      {error && (
        <p role="alert" className="w-full text-tremor-label text-red-600">
          {error}
        </p>
      )}
    </li>
  );
}

function Step({
  step,
  today,
  onOpenTask,
  onChanged,
}: {
  step: WorkflowStepResponse;
  today: string;
  onOpenTask: (taskId: string) => void;
  onChanged: () => void;
}) {
  return (
    <li
      className="rounded-tremor-default border border-tremor-border p-3"
      data-testid="workflow-step"
      data-status={step.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-tremor-default font-semibold text-tremor-content-strong">
          {step.position + 1}. {step.name}
        </h4>
        <Badge size="xs" color={STEP_COLORS[step.status]} data-testid="workflow-step-status">
          {enumLabel('WorkflowStepStatus', step.status)}
        </Badge>
      </div>
      {step.status === 'WAITING' && step.tasks.length === 0 && (
        <p className="mt-1 text-tremor-label text-tremor-content">Its tasks appear when the step before is complete.</p>
      )}
      {step.tasks.length > 0 && (
        <ul className="mt-1 divide-y divide-tremor-border">
          {step.tasks.map((task) => (
            <WorkflowTaskRow
              key={task.id}
              task={task}
              today={today}
              onOpen={() => onOpenTask(task.id)}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
      {step.requirements.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label={`${step.name} requirements`}>
          {step.requirements.map((requirement) => (
            <li
              key={requirement.id}
              className="flex flex-wrap items-center gap-2 text-tremor-label text-tremor-content-emphasis"
              data-testid="workflow-requirement"
            >
              <span>Requires: {requirement.label ?? enumLabel('WorkflowRequirementKind', requirement.kind)}</span>
              <Badge size="xs" color={REQUIREMENT_COLORS[requirement.status]}>
                {enumLabel('WorkflowRequirementStatus', requirement.status)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** One workflow: its progress, then its steps with their tasks and requirements. */
function WorkflowCard({
  summary,
  version,
  onOpenTask,
  onChanged,
}: {
  summary: WorkflowSummary;
  version: number;
  onOpenTask: (taskId: string) => void;
  onChanged: () => void;
}) {
  const load = useCallback((signal: AbortSignal) => workflowCalls.get(summary.id, signal), [summary.id]);
  const resource = useResource<WorkflowResponse>(load);
  const { reload } = resource;
  // A task changed elsewhere on the page (the drawer, the household's list): read the steps again.
  const [seen, setSeen] = useState(version);
  useEffect(() => {
    if (version !== seen) {
      setSeen(version);
      reload();
    }
  }, [version, seen, reload]);
  const workflow = resource.data;
  const progress = workflow?.progress ?? summary.progress;
  const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
  const today = localToday();
  return (
    <Card data-testid="workflow" data-workflow-name={summary.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Title>{summary.name}</Title>
          <p className="text-tremor-label text-tremor-content">
            {summary.startedAt ? `Started ${formatShortDate(summary.startedAt)}` : 'Not started'}
            {summary.openStepName && ` · now at ${summary.openStepName}`}
          </p>
          {summary.reason && <p className="mt-1 text-tremor-label text-tremor-content-emphasis">{summary.reason}</p>}
        </div>
        <Badge color={summary.status === 'COMPLETED' ? 'emerald' : summary.status === 'CANCELLED' ? 'gray' : 'blue'}>
          {enumLabel('WorkflowStatus', summary.status)}
        </Badge>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <ProgressBar value={percent} className="flex-1" />
        {workflow && (
          // The task count grows as steps open, so the steps say how far along it is too.
          <span className="text-tremor-label text-tremor-content" data-testid="workflow-steps-done">
            {workflow.steps.filter((step) => step.status === 'COMPLETED').length} of {workflow.steps.length} steps
            complete ·
          </span>
        )}
        <span className="text-tremor-label text-tremor-content" data-testid="workflow-progress">
          {progress.done} of {progress.total} tasks done
        </span>
      </div>
      {resource.error && !workflow && (
        <p className="mt-2 text-tremor-label text-red-600">Its steps could not be loaded: {resource.error.message}</p>
      )}
      {!workflow && !resource.error && <LoadingState />}
      {workflow && (
        <ol className="mt-3 space-y-2">
          {workflow.steps.map((step) => (
            <Step
              key={step.id}
              step={step}
              today={today}
              onOpenTask={onOpenTask}
              onChanged={() => {
                resource.reload();
                onChanged();
              }}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}

type Drawer = { kind: 'new' } | { kind: 'task'; taskId: string } | undefined;

/**
 * The household's "Tasks & workflows": its own tasks (New task opens the drawer), and its workflows,
 * each with its steps, progress, tasks and requirements; Start workflow offers the templates by name.
 */
export function HouseholdWork({ household }: { household: HouseholdRef }) {
  const canWrite = useCan()('PRACTICE_WRITE');
  const loadTasks = useCallback((signal: AbortSignal) => taskCalls.ofHousehold(household.id, signal), [household.id]);
  const loadWorkflows = useCallback(
    (signal: AbortSignal) => workflowCalls.ofHousehold(household.id, signal),
    [household.id],
  );
  const tasks = useResource(loadTasks);
  const workflows = useResource(loadWorkflows);
  const [drawer, setDrawer] = useState<Drawer>();
  const [version, setVersion] = useState(0);
  const reloadAll = () => {
    tasks.reload();
    workflows.reload();
    setVersion((value) => value + 1);
  };
  // The summaries' progress follows the steps': a workflow reloaded its steps, so reload the list.
  const reloadSummaries = workflows.reload;

  return (
    <div className="space-y-6" data-testid="household-work">
      <OwnerTasks
        tasks={tasks}
        empty={
          workflows.data && workflows.data.length > 0
            ? 'No open task outside its workflows (their tasks are below). Add one with New task.'
            : 'No open task for this household. Add one with New task, such as its annual review.'
        }
        onOpen={(task: TaskResponse) => setDrawer({ kind: 'task', taskId: task.id })}
        onNew={() => setDrawer({ kind: 'new' })}
        onChanged={reloadAll}
        testId="household"
      />
      <section className="space-y-3" aria-labelledby="household-workflows-title">
        <Title id="household-workflows-title">Workflows</Title>
        {canWrite && <StartWorkflow household={household} onStarted={reloadAll} />}
        {workflows.error && (
          <Callout color="red" title="The workflows could not be loaded">
            {workflows.error.message}
          </Callout>
        )}
        {workflows.data && workflows.data.length === 0 && (
          <p className="text-tremor-default text-tremor-content" data-testid="household-workflows-empty">
            No workflow yet. Start one above, such as New client onboarding, and its first step’s tasks appear here.
          </p>
        )}
        {workflows.data?.map((summary) => (
          <WorkflowCard
            key={summary.id}
            summary={summary}
            version={version}
            onOpenTask={(taskId) => setDrawer({ kind: 'task', taskId })}
            onChanged={reloadSummaries}
          />
        ))}
      </section>
      {drawer && (
        <TaskDrawer
          taskId={drawer.kind === 'task' ? drawer.taskId : undefined}
          owner={
            drawer.kind === 'new'
              ? { kind: 'HOUSEHOLD', id: household.id, name: household.name, teamId: household.teamId }
              : undefined
          }
          onChanged={reloadAll}
          onClose={() => setDrawer(undefined)}
        />
      )}
    </div>
  );
}
