import { Module } from '@nestjs/common';
import { ImportEngine } from './import-engine.js';
import { ImportProfilesController, ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';

/** File imports (issue #8): upload, mapping, dry run, report, commit and rollback. */
@Module({
  controllers: [ImportsController, ImportProfilesController],
  providers: [ImportEngine, ImportsService],
  exports: [ImportEngine],
})
export class ImportsModule {}
