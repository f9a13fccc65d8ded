import { Module } from '@nestjs/common';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { TimelinesController } from './timelines.controller.js';
import { TimelinesRepository } from './timelines.repository.js';
import { TimelinesService } from './timelines.service.js';

/** Household and personal timelines with their life events (crm §3, §7). */
@Module({
  imports: [EntityResolverModule],
  controllers: [TimelinesController],
  providers: [TimelinesService, TimelinesRepository],
})
export class TimelinesModule {}
