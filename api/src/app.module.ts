import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Logger } from 'pino';
import type { AppConfig } from './common/config/config.js';
import { CoreModule } from './infra/core.module.js';
import { HealthModule } from './modules/platform/health/index.js';
import { AuthModule } from './modules/platform/auth/index.js';
import { UsersModule } from './modules/platform/users/index.js';
import { OrganizationsModule } from './modules/platform/organizations/index.js';
import { TeamsModule } from './modules/platform/teams/index.js';
import { InvitationsModule } from './modules/platform/invitations/index.js';
import { FilesModule } from './modules/platform/files/index.js';
import { BrandsModule } from './modules/platform/brands/index.js';
import { ProfessionalsModule } from './modules/platform/professionals/index.js';
import { CalculatorsModule } from './modules/financials/calculators/index.js';
import { ReferenceModule } from './modules/platform/reference/index.js';
import { AuditModule } from './modules/platform/audit/index.js';
import { FxRatesModule } from './modules/financials/fx-rates/index.js';
import { FinancialRecordsModule } from './modules/financials/financial-records/index.js';
import { FinancialViewModule } from './modules/financials/financial-view/index.js';
import { CashFlowsModule } from './modules/financials/cash-flows/index.js';
import { CustomFieldsModule } from './modules/crm/custom-fields/index.js';
import { ContactsModule } from './modules/crm/contacts/index.js';
import { HouseholdsModule } from './modules/crm/households/index.js';
import { MergesModule } from './modules/crm/merges/index.js';
import { ReportsModule } from './modules/crm/reports/index.js';
import { TasksModule } from './modules/practice/tasks/index.js';
import { NotesApiModule } from './modules/practice/notes/index.js';
import { CommsApiModule } from './modules/practice/comms/index.js';
import { DocumentsModule } from './modules/practice/documents/index.js';
import { WorkflowsModule } from './modules/practice/workflows/index.js';
import { NotificationsModule } from './modules/practice/notifications/index.js';
import { MeetingTemplatesModule } from './modules/practice/meetings/index.js';
import { OpportunitiesModule } from './modules/sales/opportunities/index.js';
import { SearchModule } from './modules/crm/search/index.js';
import { AddressesModule } from './modules/crm/addresses/index.js';
import { HomeModule } from './modules/crm/home/index.js';
import { LinksProfilesModule } from './modules/crm/links-profiles/index.js';
import { TimelinesModule } from './modules/crm/timelines/index.js';
import { ConnectionsModule } from './modules/hub/connections/index.js';
import { SyncRunsModule } from './modules/hub/sync-runs/index.js';
import { PlaidModule } from './modules/hub/providers/plaid/index.js';
import { StripeApiModule } from './modules/hub/providers/stripe/api/index.js';
import { NylasApiModule } from './modules/hub/providers/nylas/api/index.js';
import { ImportFoldersModule, ImportsModule } from './modules/hub/imports/index.js';
import { OfferingsModule } from './modules/sales/offerings/index.js';
import { PackageTemplatesModule } from './modules/sales/package-templates/index.js';
import { ProposalsModule } from './modules/sales/proposals/index.js';
import { BillingModule } from './modules/sales/billing/index.js';
import { PlansModule } from './modules/planning/plans/index.js';

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
        FilesModule,
        BrandsModule,
        TeamsModule,
        InvitationsModule,
        ProfessionalsModule,
        CalculatorsModule,
        ReferenceModule,
        CustomFieldsModule,
        ContactsModule,
        HouseholdsModule,
        MergesModule,
        ReportsModule,
        TasksModule,
        NotesApiModule,
        CommsApiModule,
        DocumentsModule,
        WorkflowsModule,
        NotificationsModule,
        MeetingTemplatesModule,
        OpportunitiesModule,
        SearchModule,
        AddressesModule,
        HomeModule,
        LinksProfilesModule,
        TimelinesModule,
        FxRatesModule,
        FinancialRecordsModule,
        FinancialViewModule,
        CashFlowsModule,
        ConnectionsModule,
        SyncRunsModule,
        PlaidModule,
        StripeApiModule,
        NylasApiModule,
        ImportsModule,
        ImportFoldersModule,
        OfferingsModule,
        PackageTemplatesModule,
        ProposalsModule,
        BillingModule,
        PlansModule,
      ],
    };
  }
}
