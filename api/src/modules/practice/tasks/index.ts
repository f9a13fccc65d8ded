export { TasksModule } from './tasks.module.js';
export {
  TasksWriter,
  OWNER_FIELD,
  ownerColumnsOf,
  ownerOf,
  type OwnerColumns,
  type TaskColumns,
  type TaskDraft,
} from './tasks.writer.js';
export { TaskEvents, type TaskStatusChange, type TaskStatusListener } from './task-events.js';
