import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  contactIdParamsSchema,
  createCustomFieldSchema,
  customFieldDefinitionListSchema,
  customFieldDefinitionSchema,
  customFieldIdParamsSchema,
  customFieldListQuerySchema,
  customFieldValueViewSchema,
  householdIdParamsSchema,
  setCustomFieldValueSchema,
  updateCustomFieldSchema,
} from '@meridian/domain';
import { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { CustomFieldsService } from './custom-fields.service.js';

const TAGS = ['custom fields'];
const valuesSchema = z.array(customFieldValueViewSchema);

@Controller()
export class CustomFieldsController {
  constructor(@Inject(CustomFieldsService) private readonly fields: CustomFieldsService) {}

  @Get('custom-fields')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'The organization’s custom fields, of one entity kind when asked',
    tags: TAGS,
    query: customFieldListQuerySchema,
    response: customFieldDefinitionListSchema,
  })
  list(@ValidQuery() query: z.output<typeof customFieldListQuerySchema>) {
    return this.fields.list(query.entityKind);
  }

  @Post('custom-fields')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Define a custom field for contacts, households, professionals or teams (crm §3)',
    tags: TAGS,
    body: createCustomFieldSchema,
    response: customFieldDefinitionSchema,
    status: 201,
    errors: [409],
  })
  define(@ValidBody() body: z.output<typeof createCustomFieldSchema>) {
    return this.fields.define(body);
  }

  @Patch('custom-fields/:definitionId')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Rename a custom field or change a select field’s options',
    tags: TAGS,
    params: customFieldIdParamsSchema,
    body: updateCustomFieldSchema,
    response: customFieldDefinitionSchema,
    errors: [404, 409],
  })
  update(
    @ValidParams() params: z.output<typeof customFieldIdParamsSchema>,
    @ValidBody() body: z.output<typeof updateCustomFieldSchema>,
  ) {
    return this.fields.update(params.definitionId, body);
  }

  @Delete('custom-fields/:definitionId')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Archive a custom field: it leaves forms and views, its values are kept',
    tags: TAGS,
    params: customFieldIdParamsSchema,
    response: customFieldDefinitionSchema,
    errors: [404],
  })
  archive(@ValidParams() params: z.output<typeof customFieldIdParamsSchema>) {
    return this.fields.archive(params.definitionId);
  }

  @Patch('contacts/:contactId/custom-fields')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Set (or with null, clear) a contact’s value of a custom field; the value must suit the field’s type',
    tags: TAGS,
    params: contactIdParamsSchema,
    body: setCustomFieldValueSchema,
    response: valuesSchema,
    errors: [404],
  })
  setContactValue(
    @ValidParams() params: z.output<typeof contactIdParamsSchema>,
    @ValidBody() body: z.output<typeof setCustomFieldValueSchema>,
  ) {
    return this.fields.setValue({ kind: 'CONTACT', contactId: params.contactId }, body.definitionId, body.value);
  }

  @Patch('households/:householdId/custom-fields')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Set (or with null, clear) a household’s value of a custom field',
    tags: TAGS,
    params: householdIdParamsSchema,
    body: setCustomFieldValueSchema,
    response: valuesSchema,
    errors: [404],
  })
  setHouseholdValue(
    @ValidParams() params: z.output<typeof householdIdParamsSchema>,
    @ValidBody() body: z.output<typeof setCustomFieldValueSchema>,
  ) {
    return this.fields.setValue({ kind: 'HOUSEHOLD', householdId: params.householdId }, body.definitionId, body.value);
  }
}
