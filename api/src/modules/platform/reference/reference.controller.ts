import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { ENUMERATIONS, FORMS } from '@meridian/domain';
import { ApiRoute } from '../../../common/http/api-route.js';

const enumerationsSchema = z.record(
  z.string(),
  z.object({
    values: z.array(z.union([z.string(), z.number()])),
    labels: z.record(z.string(), z.string()).optional(),
    description: z.string().optional(),
  }),
);
const formsSchema = z.record(z.string(), z.object({ id: z.string(), title: z.string() }).loose());

/** The product's enumerations and form definitions, so the dashboard never hard-codes them. */
@Controller('reference')
export class ReferenceController {
  @Get('enums')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'Every enumeration of the product, with labels',
    tags: ['reference'],
    response: enumerationsSchema,
  })
  enums(): typeof ENUMERATIONS {
    return ENUMERATIONS;
  }

  @Get('forms')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'Every form definition (fields, defaults, buttons, target call)',
    tags: ['reference'],
    response: formsSchema,
  })
  forms(): typeof FORMS {
    return FORMS;
  }
}
