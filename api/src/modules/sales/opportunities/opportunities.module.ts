import { Module } from '@nestjs/common';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { OpportunitiesController } from './opportunities.controller.js';
import { OpportunitiesRepository } from './opportunities.repository.js';
import { OpportunitiesService } from './opportunities.service.js';
import { OpportunitiesWriter } from './opportunities.writer.js';
import { OpportunityListService } from './opportunity-list.service.js';

/** Opportunities (crm §3-§4, §7): their stages, the calls that move and set them, the pipeline. */
@Module({
  imports: [EntityResolverModule],
  controllers: [OpportunitiesController],
  providers: [OpportunitiesService, OpportunitiesRepository, OpportunitiesWriter, OpportunityListService],
  exports: [OpportunitiesWriter, OpportunitiesService, OpportunitiesRepository],
})
export class OpportunitiesModule {}
