import { Module } from '@nestjs/common';
import { BrandsModule } from '../../platform/brands/index.js';
import { EmailModule } from '../../platform/email/index.js';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { FilesModule } from '../../platform/files/index.js';
import { FinancialViewModule } from '../../financials/financial-view/index.js';
import { BillingModule } from '../billing/index.js';
import { OpportunitiesModule } from '../opportunities/index.js';
import { PackageTemplatesModule } from '../package-templates/index.js';
import { ProposalLinkThrottle } from './proposal-link-throttle.js';
import { ProposalLinkSigner } from './proposal-link-token.js';
import { ProposalLinksController } from './proposal-links.controller.js';
import { ProposalLinksService } from './proposal-links.service.js';
import { ProposalsController } from './proposals.controller.js';
import { ProposalsRepository } from './proposals.repository.js';
import { ProposalsService } from './proposals.service.js';
import { ProposalsWriter } from './proposals.writer.js';

/**
 * Proposals (crm §4, §7): made for an opportunity, priced with offers (written by the package
 * templates' offer writer), sent to persons of the household (who read, accept or send it back
 * on a public page by a signed link), revoked, sent back for changes, accepted.
 */
@Module({
  imports: [
    OpportunitiesModule,
    PackageTemplatesModule,
    BillingModule,
    FinancialViewModule,
    EntityResolverModule,
    EmailModule,
    FilesModule,
    BrandsModule,
  ],
  controllers: [ProposalsController, ProposalLinksController],
  providers: [
    ProposalsService,
    ProposalsRepository,
    ProposalsWriter,
    ProposalLinkSigner,
    ProposalLinkThrottle,
    ProposalLinksService,
  ],
})
export class ProposalsModule {}
