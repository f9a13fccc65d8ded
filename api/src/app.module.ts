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
import { FxRatesModule } from './modules/fx-rates/fx-rates.module.js';
import { FinancialRecordsModule } from './modules/financial-records/financial-records.module.js';
import { FinancialViewModule } from './modules/financial-view/financial-view.module.js';
import { CashFlowsModule } from './modules/cash-flows/cash-flows.module.js';
import { CustomFieldsModule } from './modules/custom-fields/custom-fields.module.js';
import { ContactsModule } from './modules/contacts/contacts.module.js';
import { HouseholdsModule } from './modules/households/households.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { ConnectionsModule } from './modules/connections/connections.module.js';
import { SyncRunsModule } from './modules/sync-runs/sync-runs.module.js';
import { PlaidModule } from './modules/plaid/plaid.module.js';
import { ImportsModule } from './modules/imports/imports.module.js';
import { ImportFoldersModule } from './modules/import-folders/import-folders.module.js';

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
        CustomFieldsModule,
        ContactsModule,
        HouseholdsModule,
        ReportsModule,
        FxRatesModule,
        FinancialRecordsModule,
        FinancialViewModule,
        CashFlowsModule,
        ConnectionsModule,
        SyncRunsModule,
        PlaidModule,
        ImportsModule,
        ImportFoldersModule,
      ],
    };
  }
}
