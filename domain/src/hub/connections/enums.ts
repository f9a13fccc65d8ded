/**
 * Enumerations of the integration hub (crm §3, foundations §1): the services a connection links to,
 * a connection's status, and the systems records and import files come from.
 */

/** Third-party services a connection links to. */
export const IntegrationService = ['NDEX', 'NYLAS', 'PLAID', 'STRIPE', 'WEALTHICA'] as const;
export type IntegrationService = (typeof IntegrationService)[number];

export const INTEGRATION_SERVICE_LABELS: Readonly<Record<IntegrationService, string>> = {
  NDEX: 'NDEX',
  NYLAS: 'Nylas',
  PLAID: 'Plaid',
  STRIPE: 'Stripe',
  WEALTHICA: 'Wealthica',
};

export const ConnectionStatus = ['CANCELLED', 'CREATED', 'FAILED', 'PENDING', 'SUCCESS'] as const;
export type ConnectionStatus = (typeof ConnectionStatus)[number];

export const CONNECTION_STATUS_LABELS: Readonly<Record<ConnectionStatus, string>> = {
  CANCELLED: 'Cancelled',
  CREATED: 'Created',
  FAILED: 'Failed',
  PENDING: 'Pending',
  SUCCESS: 'Connected',
};

/**
 * The systems records can originate from (foundations §1), in the spec's order. The spec names
 * two of them only by what they are ("a business suite CRM", "a sales CRM") and mentions "several
 * manual-load sources for individual firms" without naming them; those become BUSINESS_SUITE_CRM,
 * SALES_CRM and one MANUAL_LOAD. The stored spelling is not given; upper snake case is ours.
 * SALESFORCE and REDTAIL come after the spec's list (issue 14): the CRMs advisory firms most often
 * leave, so their exports have profiles of their own.
 */
export const ExternalSourceSystem = [
  'APPROACH_ADVISORY',
  'CLOVEN',
  'BUSINESS_SUITE_CRM',
  'EQUISOFT',
  'CEDAR_POINT',
  'MANUAL_LOAD',
  'SALES_CRM',
  'IFAST',
  'MONDAY',
  'MODERN_CENTS',
  'NDEX',
  'ODYSSEY_MANUAL_LOAD',
  'PIPEDRIVE',
  'PLAYBOOK_CUSTOM',
  'RITTINGER_MANUAL_LOAD',
  'TEST',
  'WEALTHBOX',
  'WESTMOUNT_ACCESS_DB',
  'SALESFORCE',
  'REDTAIL',
] as const;
export type ExternalSourceSystem = (typeof ExternalSourceSystem)[number];

export const EXTERNAL_SOURCE_SYSTEM_LABELS: Readonly<Record<ExternalSourceSystem, string>> = {
  APPROACH_ADVISORY: 'Approach Advisory',
  CLOVEN: 'Cloven',
  BUSINESS_SUITE_CRM: 'Business suite CRM',
  EQUISOFT: 'Equisoft',
  CEDAR_POINT: 'Cedar Point',
  MANUAL_LOAD: 'Manual load',
  SALES_CRM: 'Sales CRM',
  IFAST: 'iFAST',
  MONDAY: 'Monday.com',
  MODERN_CENTS: 'Modern Cents',
  NDEX: 'NDEX',
  ODYSSEY_MANUAL_LOAD: 'Odyssey (manual load)',
  PIPEDRIVE: 'Pipedrive',
  PLAYBOOK_CUSTOM: 'Playbook (custom)',
  RITTINGER_MANUAL_LOAD: 'Rittinger (manual load)',
  TEST: 'Test',
  WEALTHBOX: 'Wealthbox',
  WESTMOUNT_ACCESS_DB: 'Westmount (Access database)',
  SALESFORCE: 'Salesforce',
  REDTAIL: 'Redtail',
};

/**
 * How a person names a connection: the name it was given, else its service's label ("Plaid"), else
 * the label of the system its files come from ("Sales CRM imports"), never a stored code (a file
 * source's connection may have been named after its source's code).
 */
export function connectionName(connection: {
  displayName: string | null;
  service: IntegrationService | null;
  source: ExternalSourceSystem | null;
}): string {
  const { displayName, service, source } = connection;
  if (displayName && !(ExternalSourceSystem as readonly string[]).includes(displayName)) return displayName;
  if (service) return INTEGRATION_SERVICE_LABELS[service];
  if (source) return `${EXTERNAL_SOURCE_SYSTEM_LABELS[source]} imports`;
  return displayName ? EXTERNAL_SOURCE_SYSTEM_LABELS[displayName as ExternalSourceSystem] : 'Connection';
}
