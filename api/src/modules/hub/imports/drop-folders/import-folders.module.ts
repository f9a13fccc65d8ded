import { Module } from '@nestjs/common';
import { SyncModule } from '../../sync/index.js';
import { ImportsModule } from '../imports.module.js';
import { DropFolderScanner } from './drop-folder-scanner.js';
import { ImportFolderScheduler } from './import-folder-scheduler.js';
import { ImportFoldersController } from './import-folders.controller.js';
import { ImportFoldersService } from './import-folders.service.js';

/**
 * Drop folders (issue #8, scheduled imports): the API side keeps folders and their schedules; the
 * worker scans them (DropFolderScanner, job imports.scan-folder).
 */
@Module({
  imports: [ImportsModule, SyncModule],
  controllers: [ImportFoldersController],
  providers: [ImportFoldersService, ImportFolderScheduler, DropFolderScanner],
  exports: [ImportFolderScheduler, DropFolderScanner],
})
export class ImportFoldersModule {}
