import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  addressListSchema,
  contactEntityIdParamsSchema,
  contactIdParamsSchema,
  contactListQuerySchema,
  contactListSchema,
  contactPageSchema,
  contactsByTeamQuerySchema,
  contactSchema,
  createContactSchema,
  lifecycleResultSchema,
  personIdParamsSchema,
  possibleDuplicateListSchema,
  possibleDuplicatesQuerySchema,
  removeTagSchema,
  setAvatarSchema,
  setContactNameSchema,
  setEmploymentStatusSchema,
  setGenderSchema,
  tagListSchema,
  tagSchema,
  teamIdParamSchema,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { ContactsService } from './contacts.service.js';

const TAGS = ['contacts'];
type ContactParams = z.output<typeof contactIdParamsSchema>;
type EntityParams = z.output<typeof contactEntityIdParamsSchema>;

/** Contacts and their own fields (crm §5, §7); sub-records are in ContactRecordsController. */
@Controller()
export class ContactsController {
  constructor(@Inject(ContactsService) private readonly contacts: ContactsService) {}

  @Post('contacts')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Create a contact of type OTHER or LEAD; a LEAD needs a discovery method and a source (crm §5)',
    tags: TAGS,
    body: createContactSchema,
    response: contactSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: z.output<typeof createContactSchema>) {
    return this.contacts.create(body);
  }

  @Get('contacts')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'Search contacts by name, e-mail or phone; filter by type, tag and team; stable sort and paging',
    tags: TAGS,
    query: contactListQuerySchema,
    response: contactPageSchema,
  })
  list(@ValidQuery() query: z.output<typeof contactListQuerySchema>) {
    return this.contacts.list(query);
  }

  @Get('tags')
  @ApiRoute({ summary: 'The organization’s contact tags', tags: TAGS, response: tagListSchema, permission: 'CRM_READ' })
  tags() {
    return this.contacts.listTags();
  }

  @Get('contacts/by-team/:teamId')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'A team’s contacts; birthdays by dobDay and dobMonth; linked entities and tags on request',
    tags: TAGS,
    params: teamIdParamSchema,
    query: contactsByTeamQuerySchema,
    response: contactPageSchema,
    errors: [404],
  })
  byTeam(
    @ValidParams() params: z.output<typeof teamIdParamSchema>,
    @ValidQuery() query: z.output<typeof contactsByTeamQuerySchema>,
  ) {
    return this.contacts.byTeam(params.teamId, query);
  }

  @Get('contacts/by-person/:personId')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'The contacts that are this person',
    tags: TAGS,
    params: personIdParamsSchema,
    response: contactListSchema,
    errors: [404],
  })
  byPerson(@ValidParams() params: z.output<typeof personIdParamsSchema>) {
    return this.contacts.byPerson(params.personId);
  }

  @Get('contacts/possible-duplicates')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'Contacts with this e-mail or phone number: the possible duplicates of a contact about to be created',
    tags: TAGS,
    query: possibleDuplicatesQuerySchema,
    response: possibleDuplicateListSchema,
  })
  possibleDuplicates(@ValidQuery() query: z.output<typeof possibleDuplicatesQuerySchema>) {
    return this.contacts.possibleDuplicates(query);
  }

  @Delete('contacts/:contactId')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary: 'Delete a contact (soft: hidden everywhere, restorable by an admin from the deleted records)',
    tags: TAGS,
    params: contactIdParamsSchema,
    response: lifecycleResultSchema,
    errors: [404],
  })
  remove(@ValidParams() params: ContactParams) {
    return this.contacts.softDelete(params.contactId);
  }

  @Get('contacts/:contactId')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'A contact with every sub-record and custom field',
    tags: TAGS,
    params: contactIdParamsSchema,
    response: contactSchema,
    errors: [404],
  })
  get(@ValidParams() params: ContactParams) {
    return this.contacts.get(params.contactId);
  }

  @Get('contacts/:contactId/addresses')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'A contact’s addresses, exactly one of them primary',
    tags: TAGS,
    params: contactIdParamsSchema,
    response: addressListSchema,
    errors: [404],
  })
  async addresses(@ValidParams() params: ContactParams) {
    return (await this.contacts.get(params.contactId)).addresses;
  }

  @Patch('contacts/:contactId/name')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Rename a contact: first and last required; middle, preferred and short may be null',
    tags: TAGS,
    params: contactIdParamsSchema,
    body: setContactNameSchema,
    response: contactSchema,
    errors: [404],
  })
  setName(@ValidParams() params: ContactParams, @ValidBody() body: z.output<typeof setContactNameSchema>) {
    return this.contacts.setName(params.contactId, body.name);
  }

  @Patch('contacts/:contactId/gender')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Set or clear a contact’s gender (an empty value clears it)',
    tags: TAGS,
    params: contactIdParamsSchema,
    body: setGenderSchema,
    response: contactSchema,
    errors: [404],
  })
  setGender(@ValidParams() params: ContactParams, @ValidBody() body: z.output<typeof setGenderSchema>) {
    return this.contacts.setGender(params.contactId, body.gender);
  }

  @Patch('contacts/:contactId/avatar')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Set a contact’s avatar URL',
    tags: TAGS,
    params: contactIdParamsSchema,
    body: setAvatarSchema,
    response: contactSchema,
    errors: [404],
  })
  setAvatar(@ValidParams() params: ContactParams, @ValidBody() body: z.output<typeof setAvatarSchema>) {
    return this.contacts.setAvatar(params.contactId, body.avatarUrl);
  }

  @Patch('contacts/:contactId/set-employment-status')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Set a contact’s employment status',
    tags: TAGS,
    params: contactIdParamsSchema,
    body: setEmploymentStatusSchema,
    response: contactSchema,
    errors: [404],
  })
  setEmploymentStatus(
    @ValidParams() params: ContactParams,
    @ValidBody() body: z.output<typeof setEmploymentStatusSchema>,
  ) {
    return this.contacts.setEmploymentStatus(params.contactId, body.employmentStatus);
  }

  @Patch('contacts/:entityId/add-tag')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Tag a contact; the organization’s tag of that type and name is created on first use',
    tags: TAGS,
    params: contactEntityIdParamsSchema,
    body: tagSchema,
    response: contactSchema,
    errors: [404],
  })
  addTag(@ValidParams() params: EntityParams, @ValidBody() body: z.output<typeof tagSchema>) {
    return this.contacts.addTag(params.entityId, body);
  }

  @Delete('contacts/:entityId/remove-tag')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Remove a tag (by name and type) from a contact',
    tags: TAGS,
    params: contactEntityIdParamsSchema,
    body: removeTagSchema,
    response: contactSchema,
    errors: [404],
  })
  removeTag(@ValidParams() params: EntityParams, @ValidBody() body: z.output<typeof removeTagSchema>) {
    return this.contacts.removeTag(params.entityId, body);
  }
}
