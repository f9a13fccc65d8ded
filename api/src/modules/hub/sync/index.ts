export { SyncModule } from './sync.module.js';
export { SyncRunLauncher } from './sync-run-launcher.js';
export { SyncScheduler } from './sync-scheduler.js';
export { SyncPageWriter, type SyncRunRef } from './page-writer/sync-page-writer.js';
