import { Module } from '@nestjs/common';
import { ImportFolderScheduler } from './import-folder-scheduler.js';
import { ImportFoldersController } from './import-folders.controller.js';
import { ImportFoldersService } from './import-folders.service.js';

/**
 * Drop folders (issue #8, scheduled imports): the API side keeps folders and their schedules; the
 * worker scans them (DropFolderScanner, job imports.scan-folder).
 */
@Module({
  controllers: [ImportFoldersController],
  providers: [ImportFoldersService, ImportFolderScheduler],
})
export class ImportFoldersModule {}
