import { Global, Module } from '@nestjs/common';
import { EntityResolverModule } from '../entity-resolver/index.js';
import { AuditController } from './audit.controller.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** Global: every feature module records its changes through AuditService, and reads them through AuditRepository. */
@Global()
@Module({
  imports: [EntityResolverModule],
  controllers: [AuditController],
  providers: [AuditService, AuditRepository],
  exports: [AuditService, AuditRepository],
})
export class AuditModule {}
