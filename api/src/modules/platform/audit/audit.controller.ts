import { Controller, Get, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { auditLogPageSchema, auditLogQuerySchema, canBeyond, DomainError, ErrorCode } from '@meridian/domain';
import { Caller } from '../../../common/auth/caller.decorator.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { ApiRoute, ValidQuery } from '../../../common/http/api-route.js';
import { AuditRepository } from './audit.repository.js';

@Controller('audit-logs')
export class AuditController {
  constructor(@Inject(AuditRepository) private readonly audit: AuditRepository) {}

  @Get()
  @ApiRoute({
    permission: 'CRM_READ',
    condition: 'ONE_RECORD_HISTORY',
    summary:
      'Who changed what and when, newest first, with the actor and the entity named and each change as before and after per field; filters: entity, entity type, actor, from/to day',
    tags: ['audit'],
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
  })
  async list(@ValidQuery() query: z.output<typeof auditLogQuerySchema>, @Caller() caller: AuthenticatedCaller) {
    const { page, limit, ...filter } = query;
    // The declared condition: anyone who reads the CRM reads the history of a record they can reach
    // (a contact's Activity tab, a household's History); the organization-wide log needs AUDIT_READ.
    if (!canBeyond(caller, 'ONE_RECORD_HISTORY')) {
      if (!filter.entityId) {
        throw new DomainError(
          ErrorCode.FORBIDDEN,
          'Your role reads the history of one record at a time: give its entityId',
        );
      }
      await this.audit.assertReachable(filter.entityId);
    }
    const { items, total } = await this.audit.list(filter, { page, limit });
    return { items, page, limit, total };
  }
}
