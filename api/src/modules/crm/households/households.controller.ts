import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  advisorListSchema,
  addHouseholdMemberSchema,
  corporationListSchema,
  createHouseholdSchema,
  foundationListSchema,
  householdIdParamsSchema,
  householdDeletionSchema,
  householdListQuerySchema,
  householdMemberParamsSchema,
  householdPageSchema,
  householdQuerySchema,
  householdSchema,
  lifecycleResultSchema,
  personListSchema,
  trustListSchema,
  updateHouseholdSchema,
} from '@meridian/domain';
import type { z } from 'zod';
import { Caller } from '../../../common/auth/caller.decorator.js';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { DeletedRecordsService } from './deleted-records.service.js';
import { HouseholdMembersService } from './household-members.service.js';
import { HouseholdsService } from './households.service.js';

const TAGS = ['households'];
type HouseholdParams = z.output<typeof householdIdParamsSchema>;

@Controller('households')
export class HouseholdsController {
  constructor(
    @Inject(HouseholdsService) private readonly households: HouseholdsService,
    @Inject(HouseholdMembersService) private readonly members_: HouseholdMembersService,
    @Inject(DeletedRecordsService) private readonly deleted: DeletedRecordsService,
  ) {}

  @Post()
  @ApiRoute({
    permission: 'CRM_WRITE',
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
    permission: 'CRM_READ',
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
    permission: 'CRM_READ',
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
    permission: 'CRM_WRITE',
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
    permission: 'CRM_READ',
    summary: 'The persons of a household',
    tags: TAGS,
    params: householdIdParamsSchema,
    response: personListSchema,
    errors: [404],
  })
  members(@ValidParams() params: HouseholdParams) {
    return this.households.related(params.householdId, 'members');
  }

  @Post(':householdId/members')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary:
      'Add a member to a household with their family role: a new person, an existing person or an existing contact (whose person joins)',
    tags: TAGS,
    params: householdIdParamsSchema,
    body: addHouseholdMemberSchema,
    response: householdSchema,
    status: 201,
    errors: [404, 409],
  })
  addMember(
    @ValidParams() params: HouseholdParams,
    @ValidBody() body: z.output<typeof addHouseholdMemberSchema>,
    @Caller() caller: AuthenticatedCaller,
  ) {
    return this.members_.add(params.householdId, body, caller);
  }

  @Delete(':householdId/members/:personId')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary:
      'Remove a member from a household and all its families; their contacts leave it too (person and contacts stay)',
    tags: TAGS,
    params: householdMemberParamsSchema,
    response: householdSchema,
    errors: [404],
  })
  removeMember(
    @ValidParams() params: z.output<typeof householdMemberParamsSchema>,
    @Caller() caller: AuthenticatedCaller,
  ) {
    return this.members_.remove(params.householdId, params.personId, caller);
  }

  @Get(':householdId/deletion')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'What deleting a household takes with it: its members, contacts, financial records and families',
    tags: TAGS,
    params: householdIdParamsSchema,
    response: householdDeletionSchema,
    errors: [404],
  })
  deletion(@ValidParams() params: HouseholdParams) {
    return this.deleted.householdDeletion(params.householdId);
  }

  @Delete(':householdId')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary:
      'Delete a household with its members and contacts (soft: hidden everywhere, restorable together by an admin)',
    tags: TAGS,
    params: householdIdParamsSchema,
    response: lifecycleResultSchema,
    errors: [404],
  })
  remove(@ValidParams() params: HouseholdParams) {
    return this.deleted.deleteHousehold(params.householdId);
  }

  @Post(':householdId/restore')
  @ApiRoute({
    permission: 'RECORDS_RESTORE',
    summary: 'Restore a deleted household with the members and contacts deleted with it (admins)',
    tags: TAGS,
    params: householdIdParamsSchema,
    response: lifecycleResultSchema,
    errors: [403, 404, 409],
  })
  restore(@ValidParams() params: HouseholdParams) {
    return this.deleted.restoreHousehold(params.householdId);
  }

  @Get(':householdId/corporations')
  @ApiRoute({
    permission: 'CRM_READ',
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
    permission: 'CRM_READ',
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
    permission: 'CRM_READ',
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
    permission: 'CRM_READ',
    summary: 'The organization’s professionals who can advise a household, by name',
    tags: TAGS,
    response: advisorListSchema,
  })
  list() {
    return this.households.advisors();
  }
}
