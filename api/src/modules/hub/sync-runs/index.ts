export { SyncRunsModule } from './sync-runs.module.js';
export { SyncRunsService } from './sync-runs.service.js';
export { toSyncRunView, SYNC_RUN_INCLUDE } from './sync-run-view.js';
