import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/index.js';
import { OpportunitiesModule } from '../opportunities/index.js';
import { PackageTemplatesModule } from '../package-templates/index.js';
import { ProposalsController } from './proposals.controller.js';
import { ProposalsRepository } from './proposals.repository.js';
import { ProposalsService } from './proposals.service.js';
import { ProposalsWriter } from './proposals.writer.js';

/**
 * Proposals (crm §4, §7): made for an opportunity, priced with offers (written by the package
 * templates' offer writer), revoked, sent back for changes, accepted.
 */
@Module({
  imports: [OpportunitiesModule, PackageTemplatesModule, BillingModule],
  controllers: [ProposalsController],
  providers: [ProposalsService, ProposalsRepository, ProposalsWriter],
})
export class ProposalsModule {}
