import { Controller, Get, Inject } from '@nestjs/common';
import { organizationOverviewSchema, type OrganizationOverview } from '@meridian/domain';
import { ApiRoute } from '../../../common/http/api-route.js';
import { OrganizationsService } from './organizations.service.js';

@Controller('organizations')
export class OrganizationsController {
  constructor(@Inject(OrganizationsService) private readonly organizations: OrganizationsService) {}

  @Get('current/overview')
  @ApiRoute({
    summary: 'The caller’s organization with the counts shown on the dashboard home page',
    tags: ['organization'],
    response: organizationOverviewSchema,
  })
  overview(): Promise<OrganizationOverview> {
    return this.organizations.overview();
  }
}
