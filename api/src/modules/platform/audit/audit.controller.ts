import { Controller, Get, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { auditLogPageSchema, auditLogQuerySchema } from '@meridian/domain';
import { ApiRoute, ValidQuery } from '../../../common/http/api-route.js';
import { AuditRepository } from './audit.repository.js';

@Controller('audit-logs')
export class AuditController {
  constructor(@Inject(AuditRepository) private readonly audit: AuditRepository) {}

  @Get()
  @ApiRoute({
    summary:
      'Who changed what and when, newest first, with the actor and the entity named and each change as before and after per field; filters: entity, entity type, actor, from/to day',
    tags: ['audit'],
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
  })
  async list(@ValidQuery() query: z.output<typeof auditLogQuerySchema>) {
    const { page, limit, ...filter } = query;
    const { items, total } = await this.audit.list(filter, { page, limit });
    return { items, page, limit, total };
  }
}
