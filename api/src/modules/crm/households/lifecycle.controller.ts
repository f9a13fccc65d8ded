import { Controller, Get, Inject, Post } from '@nestjs/common';
import {
  contactIdParamsSchema,
  contactSchema,
  convertLeadSchema,
  deletedListQuerySchema,
  deletedPageSchema,
  lifecycleResultSchema,
} from '@meridian/domain';
import type { z } from 'zod';

import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';

import { DeletedRecordsService } from './deleted-records.service.js';
import { HouseholdMembersService } from './household-members.service.js';

type ContactParams = z.output<typeof contactIdParamsSchema>;

/**
 * The routes of a contact's lifecycle that need households (lead conversion, the restore that
 * checks its household) and the admins' deleted records. Here rather than in the contacts module,
 * which households depends on.
 */
@Controller()
export class LifecycleController {
  constructor(
    @Inject(HouseholdMembersService) private readonly members: HouseholdMembersService,
    @Inject(DeletedRecordsService) private readonly deleted: DeletedRecordsService,
  ) {}

  @Post('contacts/:contactId/convert')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary:
      'Convert a lead into a client of a new or existing household: same contact and history, its lead marked qualified',
    tags: ['contacts'],
    params: contactIdParamsSchema,
    body: convertLeadSchema,
    response: contactSchema,
    errors: [404, 409],
  })
  convert(@ValidParams() params: ContactParams, @ValidBody() body: z.output<typeof convertLeadSchema>) {
    return this.members.convertLead(params.contactId, body);
  }

  @Post('contacts/:contactId/restore')
  @ApiRoute({
    permission: 'RECORDS_RESTORE',
    summary: 'Restore a deleted contact (admins); a merged one comes back only through its merge’s undo',
    tags: ['contacts'],
    params: contactIdParamsSchema,
    response: lifecycleResultSchema,
    errors: [403, 404, 409],
  })
  restore(@ValidParams() params: ContactParams) {
    return this.deleted.restoreContact(params.contactId);
  }

  @Get('deleted-records')
  @ApiRoute({
    permission: 'RECORDS_RESTORE',
    summary: 'Deleted contacts, households and persons, newest first, with whether each can be restored (admins)',
    tags: ['households'],
    query: deletedListQuerySchema,
    response: deletedPageSchema,
    errors: [403],
  })
  list(@ValidQuery() query: z.output<typeof deletedListQuerySchema>) {
    return this.deleted.list(query);
  }
}
