// What the worker process and the tests use from the API package.
export { createApiApp, API_PREFIX } from './bootstrap.js';
export { loadConfig, configSchema, ConfigError, APP_CONFIG, type AppConfig } from './common/config/config.js';
export {
  assertPostgresReachable,
  assertRedisReachable,
  ServiceUnreachableError,
} from './common/config/connectivity.js';
export {
  createLogger,
  formatLogLine,
  LOGGER,
  logFormatFor,
  PinoNestLogger,
  type LogFormat,
} from './common/logging/logger.js';
export { runAsOrganization, currentContext } from './common/tenancy/request-context.js';
export { CoreModule } from './infra/core.module.js';
export {
  SystemPrisma,
  TENANT_PRISMA,
  createPrismaClient,
  type TenantPrismaClient,
} from './infra/prisma/prisma.service.js';
export { REDIS, createRedis } from './infra/redis/redis.module.js';
export { QueueService, DEFAULT_JOB_OPTIONS } from './infra/queue/queue.service.js';
export { CredentialVault, type SealedCredentials } from './infra/secrets/credential-vault.js';
export {
  FILE_STORAGE,
  FileUrlSigner,
  LocalDiskStorage,
  createFileStorage,
  type FileStorage,
} from './infra/storage/index.js';
export { FilesService, FilesCoreModule } from './modules/platform/files/index.js';
export { ContactFormStamp } from './modules/crm/links-profiles/index.js';
export { WindowLimiter, type WindowRule } from './infra/redis/window-limiter.js';
export { BrandsService, BrandsCoreModule, LogoProcessor, defaultBrandId } from './modules/platform/brands/index.js';
export {
  CONNECTORS,
  PLAID_CLIENT,
  PLAID_CONNECTOR,
  createPlaidClient,
  StripeClients,
  StripeModule,
  type ConnectorRegistry,
} from './modules/hub/providers/index.js';
export { EmailModule, OutboxService, OutboxRepository } from './modules/platform/email/index.js';
export { WorkflowsModule, WorkflowsService } from './modules/practice/workflows/index.js';
export { CommsModule, EmailThreadsUpdate, EmailThreadsUpdateRefused } from './modules/practice/comms/index.js';
export {
  SchedulerConfigurationRefused,
  SchedulerConfigurationsModule,
  SchedulerConfigurationSync,
} from './modules/practice/meetings/index.js';
export {
  CalendarWriteBack,
  CalendarWriteBackModule,
  CalendarWriteBackRefused,
  type CalendarWriteBackOutcome,
} from './modules/hub/providers/nylas/api/index.js';
export { NotificationsCoreModule, TaskDigestService } from './modules/practice/notifications/index.js';
export {
  AumInvoicingService,
  BILLING_SWEEP_EVERY_MS,
  BillingModule,
  BillingSetUpService,
  BillingSweeper,
  ProviderEventsApplier,
} from './modules/sales/billing/index.js';
export {
  InvitationDeliveryModule,
  InvitationDeliveryService,
  UNSENT_SMS_GRACE_MS,
} from './modules/platform/invitations/index.js';
export { AuditService, AuditModule, type AuditEntry } from './modules/platform/audit/index.js';
export { hashPassword, TokenService } from './modules/platform/auth/index.js';
export {
  OPERATOR_ORGANIZATION_NAME,
  createOperatorAccount,
  verifyOperatorAccount,
  type OperatorAccountResult,
} from './modules/platform/users/index.js';
export { portInUseMessage, runMain } from './run-main.js';
export type { PrismaClient, Prisma } from './generated/prisma/client.js';
export {
  SyncModule,
  SyncRunLauncher,
  SyncScheduler,
  SyncPageWriter,
  SyncRunLifecycle,
  SyncRunExecutor,
  SyncSweeper,
  SYNC_SWEEP_EVERY_MS,
  syncBackoffDelay,
  type SyncRunRef,
} from './modules/hub/sync/index.js';
export {
  ImportsModule,
  ImportEngine,
  ImportSweeper,
  sweepJobId,
  IMPORT_SWEEP_EVERY_MS,
  ImportFoldersModule,
  ImportFolderScheduler,
  DropFolderScanner,
  folderScheduleId,
  FOLDER_LEASE_MS,
  type ScanResult,
  type FileOutcome,
} from './modules/hub/imports/index.js';
