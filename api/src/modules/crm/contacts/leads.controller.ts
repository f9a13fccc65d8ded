import { Controller, Get, Inject, Post } from '@nestjs/common';
import { contactPageSchema, contactSchema, createLeadSchema, leadListQuerySchema } from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidQuery } from '../../../common/http/api-route.js';
import { ContactsService } from './contacts.service.js';

@Controller('leads')
export class LeadsController {
  constructor(@Inject(ContactsService) private readonly contacts: ContactsService) {}

  @Post()
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Create a lead: a contact of type LEAD with a discovery method and a source (crm §5)',
    tags: ['contacts'],
    body: createLeadSchema,
    response: contactSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: z.output<typeof createLeadSchema>) {
    return this.contacts.create({ ...body, type: 'LEAD' });
  }

  @Get()
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'Leads, newest first, of one team when asked',
    tags: ['contacts'],
    query: leadListQuerySchema,
    response: contactPageSchema,
    errors: [404],
  })
  list(@ValidQuery() query: z.output<typeof leadListQuerySchema>) {
    return this.contacts.leads(query);
  }
}
