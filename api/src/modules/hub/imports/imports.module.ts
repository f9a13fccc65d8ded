import { Module } from '@nestjs/common';
import { SyncModule } from '../sync/index.js';
import { ImportEngine } from './import-engine.js';
import { ImportSweeper } from './import-sweeper.js';
import { ImportProfilesController, ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';
import { ImportReviewController } from './review.controller.js';
import { ImportReviewService } from './review.service.js';

/** File imports (issue #8): upload, mapping, dry run, review queue, report, commit and rollback. */
@Module({
  imports: [SyncModule],
  controllers: [ImportsController, ImportProfilesController, ImportReviewController],
  providers: [ImportEngine, ImportsService, ImportReviewService, ImportSweeper],
  exports: [ImportEngine, ImportSweeper],
})
export class ImportsModule {}
