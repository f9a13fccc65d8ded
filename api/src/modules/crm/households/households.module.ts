import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/index.js';
import { FinancialRecordsModule } from '../../financials/financial-records/index.js';
import { DeletedRecordsService } from './deleted-records.service.js';
import { FamiliesController } from './families.controller.js';
import { FamiliesService } from './families.service.js';
import { HouseholdMembersService } from './household-members.service.js';
import { AdvisorsController, HouseholdsController } from './households.controller.js';
import { LifecycleController } from './lifecycle.controller.js';
import { HouseholdsRepository } from './households.repository.js';
import { HouseholdsService } from './households.service.js';
import { HouseholdsWriter } from './households.writer.js';
import { PersonsController } from './persons.controller.js';
import { PersonsService } from './persons.service.js';

@Module({
  imports: [FinancialRecordsModule, ContactsModule],
  controllers: [HouseholdsController, AdvisorsController, PersonsController, FamiliesController, LifecycleController],
  providers: [
    HouseholdsService,
    PersonsService,
    FamiliesService,
    HouseholdsRepository,
    HouseholdsWriter,
    HouseholdMembersService,
    DeletedRecordsService,
  ],
  exports: [HouseholdsService, HouseholdsWriter],
})
export class HouseholdsModule {}
