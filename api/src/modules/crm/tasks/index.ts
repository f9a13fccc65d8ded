export { TasksModule } from './tasks.module.js';
export { TasksWriter, ownerColumnsOf, type OwnerColumns, type TaskColumns, type TaskDraft } from './tasks.writer.js';
