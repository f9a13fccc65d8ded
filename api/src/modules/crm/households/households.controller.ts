import { Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  advisorListSchema,
  corporationListSchema,
  createHouseholdSchema,
  foundationListSchema,
  householdIdParamsSchema,
  householdListQuerySchema,
  householdPageSchema,
  householdQuerySchema,
  householdSchema,
  personListSchema,
  trustListSchema,
  updateHouseholdSchema,
} from '@meridian/domain';
import type { z } from 'zod';
import { Caller } from '../../../common/auth/caller.decorator.js';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { HouseholdsService } from './households.service.js';

const TAGS = ['households'];
type HouseholdParams = z.output<typeof householdIdParamsSchema>;

@Controller('households')
export class HouseholdsController {
  constructor(@Inject(HouseholdsService) private readonly households: HouseholdsService) {}

  @Post()
  @ApiRoute({
    summary: 'Create a household served by a team',
    tags: TAGS,
    body: createHouseholdSchema,
    response: householdSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: z.output<typeof createHouseholdSchema>, @Caller() caller: AuthenticatedCaller) {
    return this.households.create(body, caller);
  }

  @Get()
  @ApiRoute({
    summary:
      'Households with members, advisor, contact type and total assets; search by name; filter by team, advisor, contact type, tag, overdue review; sort',
    tags: TAGS,
    query: householdListQuerySchema,
    response: householdPageSchema,
  })
  list(@ValidQuery() query: z.output<typeof householdListQuerySchema>) {
    return this.households.list(query);
  }

  @Get(':householdId')
  @ApiRoute({
    summary:
      'A household with its members, corporations, trusts, foundations, families, contacts and custom fields; the caller’s permissions on request',
    tags: TAGS,
    params: householdIdParamsSchema,
    query: householdQuerySchema,
    response: householdSchema,
    errors: [404],
  })
  get(
    @ValidParams() params: HouseholdParams,
    @ValidQuery() query: z.output<typeof householdQuerySchema>,
    @Caller() caller: AuthenticatedCaller,
  ) {
    return this.households.get(params.householdId, query, caller);
  }

  @Patch(':householdId')
  @ApiRoute({
    summary: 'Change a household’s team, name, salutation, primary advisor or last KYC update',
    tags: TAGS,
    params: householdIdParamsSchema,
    body: updateHouseholdSchema,
    response: householdSchema,
    errors: [404],
  })
  update(
    @ValidParams() params: HouseholdParams,
    @ValidBody() body: z.output<typeof updateHouseholdSchema>,
    @Caller() caller: AuthenticatedCaller,
  ) {
    return this.households.update(params.householdId, body, caller);
  }

  @Get(':householdId/members')
  @ApiRoute({
    summary: 'The persons of a household',
    tags: TAGS,
    params: householdIdParamsSchema,
    response: personListSchema,
    errors: [404],
  })
  members(@ValidParams() params: HouseholdParams) {
    return this.households.related(params.householdId, 'members');
  }

  @Get(':householdId/corporations')
  @ApiRoute({
    summary: 'The corporations of a household',
    tags: TAGS,
    params: householdIdParamsSchema,
    response: corporationListSchema,
    errors: [404],
  })
  corporations(@ValidParams() params: HouseholdParams) {
    return this.households.related(params.householdId, 'corporations');
  }

  @Get(':householdId/trusts')
  @ApiRoute({
    summary: 'The trusts of a household',
    tags: TAGS,
    params: householdIdParamsSchema,
    response: trustListSchema,
    errors: [404],
  })
  trusts(@ValidParams() params: HouseholdParams) {
    return this.households.related(params.householdId, 'trusts');
  }

  @Get(':householdId/foundations')
  @ApiRoute({
    summary: 'The foundations of a household',
    tags: TAGS,
    params: householdIdParamsSchema,
    response: foundationListSchema,
    errors: [404],
  })
  foundations(@ValidParams() params: HouseholdParams) {
    return this.households.related(params.householdId, 'foundations');
  }
}

/** The advisors the lists filter by. */
@Controller('advisors')
export class AdvisorsController {
  constructor(@Inject(HouseholdsService) private readonly households: HouseholdsService) {}

  @Get()
  @ApiRoute({
    summary: 'The organization’s professionals who can advise a household, by name',
    tags: TAGS,
    response: advisorListSchema,
  })
  list() {
    return this.households.advisors();
  }
}
