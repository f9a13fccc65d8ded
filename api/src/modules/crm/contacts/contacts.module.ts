import { Module } from '@nestjs/common';
import { CustomFieldsModule } from '../custom-fields/index.js';
import { ContactRecordsController } from './contact-records.controller.js';
import { ContactRecordsService } from './contact-records.service.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { ContactsWriter } from './contacts.writer.js';
import { LeadsController } from './leads.controller.js';

@Module({
  imports: [CustomFieldsModule],
  controllers: [ContactsController, ContactRecordsController, LeadsController],
  providers: [ContactsService, ContactRecordsService, ContactsRepository, ContactsWriter],
  exports: [ContactsService, ContactsRepository, ContactsWriter],
})
export class ContactsModule {}
