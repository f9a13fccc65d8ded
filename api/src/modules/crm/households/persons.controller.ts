import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createPersonSchema,
  lifecycleResultSchema,
  personIdParamsSchema,
  personSchema,
  updatePersonSchema,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';

import { DeletedRecordsService } from './deleted-records.service.js';
import { PersonsService } from './persons.service.js';

const TAGS = ['households'];
type PersonParams = z.output<typeof personIdParamsSchema>;

@Controller('persons')
export class PersonsController {
  constructor(
    @Inject(PersonsService) private readonly persons: PersonsService,
    @Inject(DeletedRecordsService) private readonly deleted: DeletedRecordsService,
  ) {}

  @Post()
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Create a person, optionally in a household',
    tags: TAGS,
    body: createPersonSchema,
    response: personSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: z.output<typeof createPersonSchema>) {
    return this.persons.create(body);
  }

  @Get(':personId')
  @ApiRoute({
    summary: 'A person',
    tags: TAGS,
    params: personIdParamsSchema,
    response: personSchema,
    errors: [404],
    permission: 'CRM_READ',
  })
  get(@ValidParams() params: PersonParams) {
    return this.persons.get(params.personId);
  }

  @Patch(':personId')
  @ApiRoute({
    permission: 'CRM_WRITE',
    summary: 'Change a person’s name, household, date of birth, gender or e-mail',
    tags: TAGS,
    params: personIdParamsSchema,
    body: updatePersonSchema,
    response: personSchema,
    errors: [404],
  })
  update(@ValidParams() params: PersonParams, @ValidBody() body: z.output<typeof updatePersonSchema>) {
    return this.persons.update(params.personId, body);
  }

  @Delete(':personId')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary:
      'Delete a person (soft: hidden everywhere, restorable by an admin); refused while they own or share financial records',
    tags: TAGS,
    params: personIdParamsSchema,
    response: lifecycleResultSchema,
    errors: [404, 409],
  })
  remove(@ValidParams() params: PersonParams) {
    return this.deleted.deletePerson(params.personId);
  }

  @Post(':personId/restore')
  @ApiRoute({
    permission: 'RECORDS_RESTORE',
    summary: 'Restore a deleted person (admins)',
    tags: TAGS,
    params: personIdParamsSchema,
    response: lifecycleResultSchema,
    errors: [403, 404, 409],
  })
  restore(@ValidParams() params: PersonParams) {
    return this.deleted.restorePerson(params.personId);
  }
}
