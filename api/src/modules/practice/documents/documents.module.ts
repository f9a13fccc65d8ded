import { Module } from '@nestjs/common';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { FilesCoreModule } from '../../platform/files/index.js';
import { NotificationsCoreModule } from '../notifications/index.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { DocumentsWriter } from './documents.writer.js';

/** Client documents (crm §3, §4, §7). */
@Module({
  imports: [EntityResolverModule, FilesCoreModule, NotificationsCoreModule],
  controllers: [DocumentsController],
  providers: [DocumentsService, DocumentsRepository, DocumentsWriter],
  exports: [DocumentsWriter],
})
export class DocumentsModule {}
