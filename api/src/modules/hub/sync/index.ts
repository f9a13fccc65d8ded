export { SyncModule } from './sync.module.js';
export { SyncRunLauncher } from './sync-run-launcher.js';
export { SyncScheduler } from './sync-scheduler.js';
export { syncedAccountBalance, syncedAccountColumns } from './page-writer/financial-accounts.js';
export { SyncPageWriter, type SyncRunRef } from './page-writer/sync-page-writer.js';
export {
  SyncRunLifecycle,
  type RunRef,
  type RunFailure,
  type StartedRun,
  type ImportCounts,
} from './sync-run-lifecycle.service.js';
export { SyncRunExecutor, type SyncAttempt, type SyncAttemptOutcome } from './sync-run-executor.js';
export { SyncSweeper, SYNC_SWEEP_EVERY_MS } from './sync-sweeper.js';
export { syncBackoffDelay } from './sync-backoff.js';
export {
  ConnectionsWriter,
  type NewNylasConnection,
  type NewPlaidConnection,
  type NewStripeConnection,
} from './connections.writer.js';
export { ExternalLinksRepository, type LinkOrigin, type LinkRow, type NewLink } from './external-links.repository.js';
export { contentHash } from './page-writer/content-hash.js';
