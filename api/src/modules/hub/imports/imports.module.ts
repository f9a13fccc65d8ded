import { Module } from '@nestjs/common';
import { ImportEngine } from './import-engine.js';
import { ImportProfilesController, ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';
import { ImportReviewController } from './review.controller.js';
import { ImportReviewService } from './review.service.js';

/** File imports (issue #8): upload, mapping, dry run, review queue, report, commit and rollback. */
@Module({
  controllers: [ImportsController, ImportProfilesController, ImportReviewController],
  providers: [ImportEngine, ImportsService, ImportReviewService],
  exports: [ImportEngine],
})
export class ImportsModule {}
