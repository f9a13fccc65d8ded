export { ImportFoldersModule } from './import-folders.module.js';
export { ImportFolderScheduler, folderScheduleId } from './import-folder-scheduler.js';
export { DropFolderScanner, FOLDER_LEASE_MS, type ScanResult, type FileOutcome } from './drop-folder-scanner.js';
