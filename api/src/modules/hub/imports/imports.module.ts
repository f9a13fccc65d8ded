import { Module } from '@nestjs/common';
import { ContactsModule } from '../../crm/contacts/index.js';
import { CustomFieldsModule } from '../../crm/custom-fields/index.js';
import { HouseholdsModule } from '../../crm/households/index.js';
import { NotesModule } from '../../practice/notes/index.js';
import { TasksModule } from '../../practice/tasks/index.js';
import { FinancialRecordsModule } from '../../financials/financial-records/index.js';
import { SyncModule } from '../sync/index.js';
import { ImportBatchesWriter } from './import-batches.writer.js';
import { ImportEngine } from './import-engine.js';
import { ImportSweeper } from './import-sweeper.js';
import { ImportProfilesController, ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';
import { ImportReviewController } from './review.controller.js';
import { ImportReviewService } from './review.service.js';
import { ImportReferences } from './writers/references.js';
import { IMPORT_WRITER_CLASSES, ImportWriters } from './writers/registry.js';

/** File imports (issue #8): upload, mapping, dry run, review queue, report, commit and rollback. */
@Module({
  imports: [
    SyncModule,
    ContactsModule,
    HouseholdsModule,
    TasksModule,
    NotesModule,
    CustomFieldsModule,
    FinancialRecordsModule,
  ],
  controllers: [ImportsController, ImportProfilesController, ImportReviewController],
  providers: [
    ImportBatchesWriter,
    ImportEngine,
    ImportsService,
    ImportReviewService,
    ImportSweeper,
    ImportReferences,
    // The set-based writer of custom fields (review dates, risk tolerance); it has no dependency.
    ...IMPORT_WRITER_CLASSES,
    ImportWriters,
  ],
  exports: [ImportBatchesWriter, ImportEngine, ImportSweeper],
})
export class ImportsModule {}
