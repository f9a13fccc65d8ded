import { useCallback, useState } from 'react';
import { Button, Card, Title } from '@tremor/react';
import type { TaskResponse } from '@meridian/domain';
import { listTasksOf } from '../../../api/notes';
import { LoadingState } from '../../../components/full-page-status';
import { useResource, type Resource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { SmallButton } from '../../crm/record-list';
import { localToday } from '../../../lib/today';
import { TaskDrawer } from './task-drawer';
import { TaskList } from './task-list';

const isClosed = (task: TaskResponse) => task.status === 'DONE' || task.status === 'CANCELLED';

/**
 * A record's own tasks (a household's or a contact's): the open ones as a list, the completed and
 * cancelled behind a toggle, and New task. The record's page owns the drawer, so the workflows
 * beside the list can open a task in the same one.
 */
export function OwnerTasks({
  tasks,
  empty,
  onOpen,
  onNew,
  onChanged,
  testId,
}: {
  tasks: Resource<TaskResponse[]>;
  /** What the card says when the record has no open task (and what to do next). */
  empty: string;
  onOpen: (task: TaskResponse) => void;
  onNew: () => void;
  onChanged: () => void;
  /** The card's test id; its parts are named after it (`-new-task`, `-open-tasks`, ...). */
  testId: string;
}) {
  const canWrite = useCan()('PRACTICE_WRITE');
  const [showClosed, setShowClosed] = useState(false);
  const today = localToday();
  const open = tasks.data?.filter((task) => !isClosed(task)) ?? [];
  const closed = tasks.data?.filter(isClosed) ?? [];
  return (
    <Card data-testid={`${testId}-tasks`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Title>Tasks</Title>
        {canWrite && (
          <Button size="xs" onClick={onNew} data-testid={`${testId}-new-task`}>
            New task
          </Button>
        )}
      </div>
      {tasks.error && <p className="mt-2 text-tremor-label text-red-600">{tasks.error.message}</p>}
      {!tasks.data && !tasks.error && <LoadingState />}
      {tasks.data && open.length === 0 && (
        <p className="mt-2 text-tremor-default text-tremor-content" data-testid={`${testId}-tasks-empty`}>
          {empty}
        </p>
      )}
      {open.length > 0 && (
        <TaskList
          tasks={open}
          today={today}
          showWhere={false}
          onOpen={onOpen}
          onChanged={onChanged}
          testId={`${testId}-open-tasks`}
        />
      )}
      {closed.length > 0 && (
        <div className="mt-2">
          <SmallButton onClick={() => setShowClosed((value) => !value)} testId={`${testId}-closed-toggle`}>
            {showClosed ? 'Hide' : 'Show'} {closed.length} completed or cancelled
          </SmallButton>
          {showClosed && (
            <TaskList
              tasks={closed}
              today={today}
              showWhere={false}
              onOpen={onOpen}
              onChanged={onChanged}
              testId={`${testId}-closed-tasks`}
            />
          )}
        </div>
      )}
    </Card>
  );
}

type Drawer = { kind: 'new' } | { kind: 'task'; taskId: string } | undefined;

/** A contact's own tasks (the Tasks tab of its page), with the drawer to open or add one. */
export function ContactTasks({ contact }: { contact: { id: string; name: string; teamId: string } }) {
  const load = useCallback((signal: AbortSignal) => listTasksOf({ contactId: contact.id }, signal), [contact.id]);
  const tasks = useResource(load);
  const [drawer, setDrawer] = useState<Drawer>();
  return (
    <>
      <OwnerTasks
        tasks={tasks}
        empty={`No open task for ${contact.name}. Add one with New task, such as a follow-up call.`}
        onOpen={(task) => setDrawer({ kind: 'task', taskId: task.id })}
        onNew={() => setDrawer({ kind: 'new' })}
        onChanged={tasks.reload}
        testId="contact"
      />
      {drawer && (
        <TaskDrawer
          taskId={drawer.kind === 'task' ? drawer.taskId : undefined}
          owner={
            drawer.kind === 'new'
              ? { kind: 'CONTACT', id: contact.id, name: contact.name, teamId: contact.teamId }
              : undefined
          }
          onChanged={tasks.reload}
          onClose={() => setDrawer(undefined)}
        />
      )}
    </>
  );
}
