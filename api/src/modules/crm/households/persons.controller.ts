import { Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import { createPersonSchema, personIdParamsSchema, personSchema, updatePersonSchema } from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { PersonsService } from './persons.service.js';

const TAGS = ['households'];
type PersonParams = z.output<typeof personIdParamsSchema>;

@Controller('persons')
export class PersonsController {
  constructor(@Inject(PersonsService) private readonly persons: PersonsService) {}

  @Post()
  @ApiRoute({
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
  @ApiRoute({ summary: 'A person', tags: TAGS, params: personIdParamsSchema, response: personSchema, errors: [404] })
  get(@ValidParams() params: PersonParams) {
    return this.persons.get(params.personId);
  }

  @Patch(':personId')
  @ApiRoute({
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
}
