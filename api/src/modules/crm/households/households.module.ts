import { Module } from '@nestjs/common';
import { CustomFieldsModule } from '../custom-fields/index.js';
import { FinancialRecordsModule } from '../../financials/financial-records/index.js';
import { FamiliesController } from './families.controller.js';
import { FamiliesService } from './families.service.js';
import { AdvisorsController, HouseholdsController } from './households.controller.js';
import { HouseholdsRepository } from './households.repository.js';
import { HouseholdsService } from './households.service.js';
import { HouseholdsWriter } from './households.writer.js';
import { PersonsController } from './persons.controller.js';
import { PersonsService } from './persons.service.js';

@Module({
  imports: [CustomFieldsModule, FinancialRecordsModule],
  controllers: [HouseholdsController, AdvisorsController, PersonsController, FamiliesController],
  providers: [HouseholdsService, PersonsService, FamiliesService, HouseholdsRepository, HouseholdsWriter],
  exports: [HouseholdsService, HouseholdsWriter],
})
export class HouseholdsModule {}
