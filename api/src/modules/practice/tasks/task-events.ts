import { Injectable } from '@nestjs/common';
import type { TaskStatus } from '@meridian/domain';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** One task's status change, as the modules that follow tasks (workflows) need it. */
export interface TaskStatusChange {
  taskId: string;
  workflowId: string | null;
  workflowStepId: string | null;
  from: TaskStatus;
  to: TaskStatus;
}

export type TaskStatusListener = (scope: WriteScope, changes: readonly TaskStatusChange[]) => Promise<void>;

/**
 * Status changes of tasks, told to listeners inside the change's transaction, so what a listener
 * writes (a workflow's next step) commits or rolls back with the change itself. Modules that
 * import TasksModule register here instead of the tasks module importing them (workflows import
 * tasks, not the other way round).
 */
@Injectable()
export class TaskEvents {
  private readonly listeners: TaskStatusListener[] = [];

  onStatusChanged(listener: TaskStatusListener): void {
    this.listeners.push(listener);
  }

  /** Called by the tasks service after it wrote the changes, in the same transaction. */
  async statusChanged(scope: WriteScope, changes: readonly TaskStatusChange[]): Promise<void> {
    if (changes.length === 0) return;
    // In order, one after another: listeners share the transaction, which runs one statement at a time.
    for (const listener of this.listeners) await listener(scope, changes);
  }
}
