import { Controller, Get, Inject } from '@nestjs/common';
import { z } from 'zod';
import { paginationSchema } from '@meridian/domain';
import { ApiRoute, ValidQuery } from '../../../common/http/api-route.js';
import { AuditRepository } from './audit.repository.js';

const auditQuerySchema = paginationSchema.extend({ entityId: z.string().min(1).optional() });
const auditPageSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      occurredAt: z.string(),
      actorKind: z.enum(['USER', 'SYSTEM', 'SYNC']),
      actorId: z.string().nullable(),
      action: z.enum(['CREATE', 'UPDATE', 'DELETE', 'SOFT_DELETE', 'RESTORE']),
      entityType: z.string(),
      entityId: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

@Controller('audit-logs')
export class AuditController {
  constructor(@Inject(AuditRepository) private readonly audit: AuditRepository) {}

  @Get()
  @ApiRoute({
    summary: 'Who changed what and when, newest first; optionally for one entity',
    tags: ['audit'],
    query: auditQuerySchema,
    response: auditPageSchema,
  })
  async list(@ValidQuery() query: z.infer<typeof auditQuerySchema>) {
    const { items, total } = await this.audit.listForEntity(query.entityId, query);
    return { items, page: query.page, limit: query.limit, total };
  }
}
