import { TASK_STATUS_LABELS, TaskStatus } from './enums.js';
import type { FormDefinition } from '../../shared/forms/types.js';
import { dynamicOptions, enumOptions, submit } from '../../shared/forms/types.js';

/** The task fields of crm §3 a person fills in; type and priority values are not shown, so absent. */
export const createTaskForm: FormDefinition = {
  id: 'createTask',
  title: 'Create task',
  fields: [
    { kind: 'TextField', name: 'title', label: 'Title', required: true },
    { kind: 'Editor', name: 'note', label: 'Note' },
    { kind: 'DynamicSelect', name: 'assigneeId', label: 'Assignee', options: dynamicOptions('assignableEntities') },
    { kind: 'DatePicker', name: 'dueDate', label: 'Due date' },
    {
      kind: 'Select',
      name: 'status',
      label: 'Status',
      options: enumOptions(TaskStatus, TASK_STATUS_LABELS),
      defaultValue: 'TODO',
    },
    {
      kind: 'DatePicker',
      name: 'scheduledTime',
      label: 'Scheduled time',
      required: true,
      visibleWhen: { field: 'status', equals: 'SCHEDULED' },
    },
  ],
  buttons: [submit('Create Task')],
  http: {
    method: 'POST',
    path: '/tasks',
    body: [
      'type',
      'assigneeId',
      'owner',
      'title',
      'note',
      'dueDate',
      'scheduledTime',
      'status',
      'priority',
      'recurrence',
      'mentions',
      'contextData',
      'meetingId',
      'meetingTaskType',
    ],
  },
};
