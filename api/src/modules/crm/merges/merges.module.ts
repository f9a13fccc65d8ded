import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/index.js';
import { HouseholdsModule } from '../households/index.js';
import { MergesController } from './merges.controller.js';
import { MergesService } from './merges.service.js';

@Module({
  imports: [ContactsModule, HouseholdsModule],
  controllers: [MergesController],
  providers: [MergesService],
})
export class MergesModule {}
