import { Module } from '@nestjs/common';
import { FxRatesModule } from '../../financials/fx-rates/index.js';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { PlanSimService } from './plan-sim.service.js';
import { PlansController } from './plans.controller.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';
import { PlansWriter } from './plans.writer.js';

/** Plans (crm §3, §7): made from a household's records, their parts edited, their projection run. */
@Module({
  imports: [EntityResolverModule, FxRatesModule],
  controllers: [PlansController],
  providers: [PlansService, PlanSimService, PlansRepository, PlansWriter],
  exports: [PlansWriter],
})
export class PlansModule {}
