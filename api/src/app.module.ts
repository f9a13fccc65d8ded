import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Logger } from 'pino';
import type { AppConfig } from './common/config/config.js';
import { CoreModule } from './infra/core.module.js';
import { HealthModule } from './modules/platform/health/health.module.js';
import { AuthModule } from './modules/platform/auth/auth.module.js';
import { UsersModule } from './modules/platform/users/users.module.js';
import { OrganizationsModule } from './modules/platform/organizations/organizations.module.js';
import { TeamsModule } from './modules/platform/teams/teams.module.js';
import { CalculatorsModule } from './modules/financials/calculators/calculators.module.js';
import { ReferenceModule } from './modules/platform/reference/reference.module.js';
import { AuditModule } from './modules/platform/audit/audit.module.js';
import { FxRatesModule } from './modules/financials/fx-rates/fx-rates.module.js';
import { FinancialRecordsModule } from './modules/financials/financial-records/financial-records.module.js';
import { FinancialViewModule } from './modules/financials/financial-view/financial-view.module.js';
import { CashFlowsModule } from './modules/financials/cash-flows/cash-flows.module.js';
import { CustomFieldsModule } from './modules/crm/custom-fields/custom-fields.module.js';
import { ContactsModule } from './modules/crm/contacts/contacts.module.js';
import { HouseholdsModule } from './modules/crm/households/households.module.js';
import { ReportsModule } from './modules/crm/reports/reports.module.js';
import { ConnectionsModule } from './modules/hub/connections/connections.module.js';
import { SyncRunsModule } from './modules/hub/sync-runs/sync-runs.module.js';
import { PlaidModule } from './modules/hub/providers/plaid/plaid.module.js';
import { ImportsModule } from './modules/hub/imports/imports.module.js';
import { ImportFoldersModule } from './modules/hub/imports/drop-folders/import-folders.module.js';

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
