import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Logger } from 'pino';
import type { AppConfig } from './common/config/config.js';
import { CoreModule } from './infra/core.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { OrganizationsModule } from './modules/organizations/organizations.module.js';
import { TeamsModule } from './modules/teams/teams.module.js';
import { CalculatorsModule } from './modules/calculators/calculators.module.js';
import { ReferenceModule } from './modules/reference/reference.module.js';
import { AuditModule } from './modules/audit/audit.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        DiscoveryModule,
        AuditModule,
        HealthModule,
        AuthModule,
        UsersModule,
        OrganizationsModule,
        TeamsModule,
        CalculatorsModule,
        ReferenceModule,
      ],
    };
  }
}
