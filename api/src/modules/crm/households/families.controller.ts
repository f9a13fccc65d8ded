import { Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  addContactAddressSchema,
  addressListSchema,
  createFamilySchema,
  familyAddressParamsSchema,
  familyIdParamsSchema,
  familyListSchema,
  familyMemberParamsSchema,
  familyQuerySchema,
  familySchema,
  personIdParamsSchema,
  primaryAddressSchema,
  removeFamilyMemberSchema,
  renameFamilySchema,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { FamiliesService } from './families.service.js';

const TAGS = ['families'];
type FamilyParams = z.output<typeof familyIdParamsSchema>;

/**
 * Families (foundations §7 `/families/...`, crm §7 `/family/...` for addresses: both spellings as
 * the specs give them).
 */
@Controller()
export class FamiliesController {
  constructor(@Inject(FamiliesService) private readonly families: FamiliesService) {}

  @Post('families')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Create a family of a household from its members, at most one of them its head',
    tags: TAGS,
    body: createFamilySchema,
    response: familySchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: z.output<typeof createFamilySchema>) {
    return this.families.create(body);
  }

  @Get('families/by-person/:personId')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'A person’s families',
    tags: TAGS,
    params: personIdParamsSchema,
    response: familyListSchema,
    errors: [404],
  })
  byPerson(@ValidParams() params: z.output<typeof personIdParamsSchema>) {
    return this.families.byPerson(params.personId);
  }

  @Get('families/:familyId')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'The family view: members with their relationship to the family, addresses, invitations on request',
    tags: TAGS,
    params: familyIdParamsSchema,
    query: familyQuerySchema,
    response: familySchema,
    errors: [404],
  })
  get(@ValidParams() params: FamilyParams, @ValidQuery() query: z.output<typeof familyQuerySchema>) {
    return this.families.get(params.familyId, query.withInvitations);
  }

  @Patch('families/:familyId/rename')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Rename a family',
    tags: TAGS,
    params: familyIdParamsSchema,
    body: renameFamilySchema,
    response: familySchema,
    errors: [404],
  })
  rename(@ValidParams() params: FamilyParams, @ValidBody() body: z.output<typeof renameFamilySchema>) {
    return this.families.rename(params.familyId, body.name);
  }

  @Patch('families/:familyId/members/:member/remove')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Remove a member from a family; with deleteRelationships, also from every other family of the household',
    tags: TAGS,
    params: familyMemberParamsSchema,
    body: removeFamilyMemberSchema,
    response: familySchema,
    errors: [404],
  })
  removeMember(
    @ValidParams() params: z.output<typeof familyMemberParamsSchema>,
    @ValidBody() body: z.output<typeof removeFamilyMemberSchema>,
  ) {
    return this.families.removeMember(params.familyId, params.member, body.deleteRelationships);
  }

  @Get('family/:familyId/addresses')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'A family’s addresses, exactly one of them primary',
    tags: TAGS,
    params: familyIdParamsSchema,
    response: addressListSchema,
    errors: [404],
  })
  addresses(@ValidParams() params: FamilyParams) {
    return this.families.addresses(params.familyId);
  }

  @Patch('family/:familyId/add-address')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Add an address to a family; the first one, or one marked primary, becomes the primary',
    tags: TAGS,
    params: familyIdParamsSchema,
    body: addContactAddressSchema,
    response: familySchema,
    errors: [404],
  })
  addAddress(@ValidParams() params: FamilyParams, @ValidBody() body: z.output<typeof addContactAddressSchema>) {
    return this.families.addAddress(params.familyId, body);
  }

  @Patch('family/:familyId/remove-address/:addressId')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Remove a family address; removing the primary promotes the oldest remaining one',
    tags: TAGS,
    params: familyAddressParamsSchema,
    response: familySchema,
    errors: [404],
  })
  removeAddress(@ValidParams() params: z.output<typeof familyAddressParamsSchema>) {
    return this.families.removeAddress(params.familyId, params.addressId);
  }

  @Patch('family/:familyId/set-primary-address')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Make a family address the primary one',
    tags: TAGS,
    params: familyIdParamsSchema,
    body: primaryAddressSchema,
    response: familySchema,
    errors: [404],
  })
  setPrimaryAddress(@ValidParams() params: FamilyParams, @ValidBody() body: z.output<typeof primaryAddressSchema>) {
    return this.families.setPrimaryAddress(params.familyId, body.addressId);
  }
}
