import { Module } from '@nestjs/common';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { CustomFieldsController } from './custom-fields.controller.js';
import { CustomFieldsRepository } from './custom-fields.repository.js';
import { CustomFieldsService } from './custom-fields.service.js';
import { CustomFieldsWriter } from './custom-fields.writer.js';

@Module({
  imports: [EntityResolverModule],
  controllers: [CustomFieldsController],
  providers: [CustomFieldsService, CustomFieldsRepository, CustomFieldsWriter],
  exports: [CustomFieldsService, CustomFieldsWriter],
})
export class CustomFieldsModule {}
