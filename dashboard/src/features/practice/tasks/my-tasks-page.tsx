import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Card, Title } from '@tremor/react';
import { Link, useSearchParams } from 'react-router';
import type { MyTasksResponse, TaskResponse } from '@meridian/domain';
import { LoadingState } from '../../../components/full-page-status';
import { Pager } from '../../../components/pager';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { TaskDrawer } from './task-drawer';
import { TaskList } from './task-list';
import { taskCalls } from './tasks-api';

type Drawer = { kind: 'new' } | { kind: 'task'; taskId: string } | undefined;

/** The overdue and the upcoming tasks come a page at a time (an advisor may have thousands). */
const PAGE_SIZE = 20;

const SECTIONS = [
  { key: 'overdue', title: 'Overdue', empty: 'Nothing overdue.' },
  { key: 'dueToday', title: 'Today', empty: 'Nothing due today.' },
  { key: 'upcoming', title: 'Upcoming', empty: 'Nothing coming up. Add a task, or start a workflow from a household.' },
] as const;
type SectionKey = (typeof SECTIONS)[number]['key'];

/** A section's tasks on the page, and how many it has in all. */
const listed = (data: MyTasksResponse, key: SectionKey): TaskResponse[] =>
  key === 'dueToday' ? data.dueToday : data[key].items;
const counted = (data: MyTasksResponse, key: SectionKey): number =>
  key === 'dueToday' ? data.dueToday.length : data[key].total;

/**
 * The signed-in user's open tasks: overdue, due today and upcoming, each a list with its due date,
 * household, type and status; a task completes from the list or opens in the drawer. Today's
 * come in full; the overdue and the upcoming by page, each with its pager.
 */
export default function MyTasksPage() {
  const [pages, setPages] = useState({ overdue: 1, upcoming: 1 });
  const load = useCallback(
    (signal: AbortSignal) =>
      taskCalls.mine(
        {
          overduePage: pages.overdue,
          overdueLimit: PAGE_SIZE,
          upcomingPage: pages.upcoming,
          upcomingLimit: PAGE_SIZE,
        },
        signal,
      ),
    [pages],
  );
  const resource = useResource(load);
  const canWrite = useCan()('PRACTICE_WRITE');
  // `?task=` opens that task's drawer (a link from a notification or another page).
  const [params, setParams] = useSearchParams();
  const linked = params.get('task');
  const [drawer, setDrawer] = useState<Drawer>(linked ? { kind: 'task', taskId: linked } : undefined);
  const close = () => {
    setDrawer(undefined);
    if (linked) setParams({}, { replace: true });
  };
  const data: MyTasksResponse | undefined = resource.data;
  // A change is read back from the API: a completed recurring task brings its next occurrence.
  const changed = (_task: TaskResponse) => resource.reload();
  // A page emptied by completing its last tasks steps back to the list's new last page.
  useEffect(() => {
    if (!data) return;
    const last = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (data.overdue.page > last(data.overdue.total) || data.upcoming.page > last(data.upcoming.total)) {
      setPages({
        overdue: Math.min(data.overdue.page, last(data.overdue.total)),
        upcoming: Math.min(data.upcoming.page, last(data.upcoming.total)),
      });
    }
  }, [data]);

  const total = data ? data.dueToday.length + data.overdue.total + data.upcoming.total : 0;
  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="my-tasks-page">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">My tasks</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">
            Open tasks assigned to you.{' '}
            <Link to="/tasks/board" className="font-medium text-tremor-brand hover:underline" data-testid="to-board">
              See the team board
            </Link>
          </p>
        </div>
        {canWrite && (
          <Button onClick={() => setDrawer({ kind: 'new' })} data-testid="new-task">
            New task
          </Button>
        )}
      </div>
      {resource.error && (
        <Callout color="red" title="Your tasks could not be loaded">
          {resource.error.message}
        </Callout>
      )}
      {!data && !resource.error && <LoadingState />}
      {data && total === 0 && (
        <Card data-testid="my-tasks-empty">
          <p className="text-tremor-default text-tremor-content">
            You have no open task. Create one with New task, or open a household and start a workflow: its tasks for you
            appear here.
          </p>
        </Card>
      )}
      {data &&
        total > 0 &&
        SECTIONS.map((section) => (
          <Card key={section.key} data-testid={`my-tasks-${section.key}`}>
            <Title>
              {section.title}{' '}
              <span
                className="text-tremor-default font-normal text-tremor-content"
                data-testid={`my-tasks-${section.key}-count`}
              >
                ({counted(data, section.key)})
              </span>
            </Title>
            {counted(data, section.key) === 0 ? (
              <p className="mt-2 text-tremor-default text-tremor-content">{section.empty}</p>
            ) : (
              <TaskList
                tasks={listed(data, section.key)}
                today={data.today}
                onOpen={(task) => setDrawer({ kind: 'task', taskId: task.id })}
                onChanged={changed}
                testId={`my-tasks-${section.key}-list`}
              />
            )}
            {section.key !== 'dueToday' && data[section.key].total > PAGE_SIZE && (
              <div className="mt-3" data-testid={`my-tasks-${section.key}-pager`}>
                <Pager
                  page={data[section.key].page}
                  limit={PAGE_SIZE}
                  total={data[section.key].total}
                  onPage={(page) => setPages((current) => ({ ...current, [section.key]: page }))}
                />
              </div>
            )}
          </Card>
        ))}
      {drawer && (
        <TaskDrawer taskId={drawer.kind === 'task' ? drawer.taskId : undefined} onChanged={changed} onClose={close} />
      )}
    </div>
  );
}
