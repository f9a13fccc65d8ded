export { ImportsModule } from './imports.module.js';
export { ImportBatchesWriter } from './import-batches.writer.js';
export { ImportEngine } from './import-engine.js';
export { ImportSweeper, sweepJobId, IMPORT_SWEEP_EVERY_MS } from './import-sweeper.js';
export { ImportFoldersModule } from './drop-folders/import-folders.module.js';
export { ImportFolderScheduler, folderScheduleId } from './drop-folders/import-folder-scheduler.js';
export {
  DropFolderScanner,
  FOLDER_LEASE_MS,
  type ScanResult,
  type FileOutcome,
} from './drop-folders/drop-folder-scanner.js';
