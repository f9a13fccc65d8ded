import { Controller, Get, Inject, Patch } from '@nestjs/common';
import {
  organizationIdParamsSchema,
  organizationOverviewSchema,
  organizationSettingsSchema,
  setLegalNameSchema,
  setNrdSchema,
  setOrganizationTypeSchema,
  setPrimaryRegulatorSchema,
  setTradeNamesSchema,
  type OrganizationOverview,
  type OrganizationSettings,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';

import { OrganizationsService } from './organizations.service.js';

type Params = z.infer<typeof organizationIdParamsSchema>;
const TAGS = ['organization'];

/** The declaration shared by the `set-*` calls: one body schema each, administrators only. */
function settingRoute(summary: string, body: z.ZodType) {
  return ApiRoute({
    summary: `${summary}; administrators only`,
    tags: TAGS,
    permission: 'ORGANIZATION_MANAGE',
    params: organizationIdParamsSchema,
    body,
    response: organizationSettingsSchema,
    errors: [403, 404],
  });
}

@Controller('organizations')
export class OrganizationsController {
  constructor(@Inject(OrganizationsService) private readonly organizations: OrganizationsService) {}

  @Get('current/overview')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'The caller’s organization with the counts shown on the dashboard home page',
    tags: TAGS,
    response: organizationOverviewSchema,
  })
  overview(): Promise<OrganizationOverview> {
    return this.organizations.overview();
  }

  @Get(':organizationId')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'The caller’s organization’s settings: legal name, trade names, NRD, regulator and type',
    tags: TAGS,
    params: organizationIdParamsSchema,
    response: organizationSettingsSchema,
    errors: [404],
  })
  settings(@ValidParams() params: Params): Promise<OrganizationSettings> {
    return this.organizations.settings(params.organizationId);
  }

  @Patch(':organizationId/set-legal-name')
  @settingRoute('Set the organization’s legal name', setLegalNameSchema)
  setLegalName(
    @ValidParams() params: Params,
    @ValidBody() body: z.infer<typeof setLegalNameSchema>,
  ): Promise<OrganizationSettings> {
    return this.organizations.update(params.organizationId, { legalName: body.legalName });
  }

  @Patch(':organizationId/set-trade-names')
  @settingRoute('Replace the organization’s trade names', setTradeNamesSchema)
  setTradeNames(
    @ValidParams() params: Params,
    @ValidBody() body: z.infer<typeof setTradeNamesSchema>,
  ): Promise<OrganizationSettings> {
    return this.organizations.update(params.organizationId, { tradeNames: body.tradeNames });
  }

  @Patch(':organizationId/set-nrd')
  @settingRoute('Set the organization’s NRD number (3 to 5 digits)', setNrdSchema)
  setNrd(
    @ValidParams() params: Params,
    @ValidBody() body: z.infer<typeof setNrdSchema>,
  ): Promise<OrganizationSettings> {
    return this.organizations.update(params.organizationId, { nrd: body.nrd });
  }

  @Patch(':organizationId/set-primary-regulator')
  @settingRoute('Set the organization’s primary regulator', setPrimaryRegulatorSchema)
  setPrimaryRegulator(
    @ValidParams() params: Params,
    @ValidBody() body: z.infer<typeof setPrimaryRegulatorSchema>,
  ): Promise<OrganizationSettings> {
    return this.organizations.update(params.organizationId, { primaryRegulator: body.primaryRegulator });
  }

  @Patch(':organizationId/set-organization-type')
  @settingRoute('Set the organization’s legal form', setOrganizationTypeSchema)
  setOrganizationType(
    @ValidParams() params: Params,
    @ValidBody() body: z.infer<typeof setOrganizationTypeSchema>,
  ): Promise<OrganizationSettings> {
    return this.organizations.update(params.organizationId, { organizationType: body.organizationType });
  }
}
