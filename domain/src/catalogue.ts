import * as contacts from './crm/contacts/enums.js';
import * as customFields from './crm/custom-fields/enums.js';
import * as households from './crm/households/enums.js';
import * as meetings from './practice/meetings/enums.js';
import * as notes from './practice/notes/enums.js';
import * as services from './crm/proposals/enums.js';
import * as tasks from './practice/tasks/enums.js';
import * as opportunities from './sales/opportunities/enums.js';
import * as proposals from './sales/proposals/enums.js';
import * as billing from './sales/billing/enums.js';
import * as notifications from './practice/notifications/enums.js';
import * as documents from './practice/documents/enums.js';
import * as files from './platform/files/schemas.js';
import * as workflows from './practice/workflows/templates.js';
import * as workflowApi from './practice/workflows/api.js';
import * as taskTypes from './practice/tasks/task-types.js';
import * as timelines from './crm/timelines/enums.js';
import * as cashFlows from './financials/cash-flows/enums.js';
import {
  PLAID_DETAILED_CATEGORY_LABELS,
  PLAID_PRIMARY_CATEGORY_LABELS,
} from './financials/categories/classification.js';
import { PLAID_DETAILED_CATEGORIES, PLAID_PRIMARY_CATEGORIES } from './financials/categories/plaid-pfc-v1.js';
import * as financialView from './financials/financial-view/enums.js';
import * as planning from './planning/plans/enums.js';
import * as financial from './financials/records/enums.js';
import * as connections from './hub/connections/enums.js';
import * as audit from './platform/audit/enums.js';
import * as invitations from './platform/invitations/enums.js';
import * as organizations from './platform/organizations/enums.js';
import * as users from './platform/users/enums.js';
import * as permissions from './platform/permissions/permissions.js';
import * as forms from './shared/forms/enums.js';
import * as entities from './shared/ids/entity-kinds.js';
import { codeToWords } from './shared/format/words.js';
import { CURRENCY_CODES, CURRENCY_LABELS } from './shared/money/currency.js';
import * as regions from './shared/regions/regions.js';
import {
  addSocialProfileForm,
  createContactForm,
  createLeadForm,
  removeContactEmailForm,
  removeEmploymentForm,
  removePhoneNumberForm,
  setConfidenceForm,
  setEmploymentStatusForm,
  setGenderForm,
  setPrimaryEmailForm,
  setPrimaryNumberForm,
  updateContactNameForm,
} from './crm/contacts/forms.js';
import { removeFamilyMemberForm } from './crm/households/forms.js';
import { saveMeetingTranscriptForm } from './practice/meetings/forms.js';
import { createTaskForm } from './practice/tasks/forms.js';
import { addExpenseForm, addIncomeForm, deleteStreamForm, renameStreamForm } from './financials/cash-flows/forms.js';
import { createPlanForm } from './planning/plans/forms.js';
import {
  addAdditionalCardForm,
  addBorrowerForm,
  addCosignerForm,
  addOwnerForm,
  editCardForm,
  editNameForm,
} from './financials/records/forms.js';
import { removeTeamMemberForm, setJobTitleForm } from './platform/organizations/forms.js';
import type { FormDefinition } from './shared/forms/types.js';

/*
 * What the reference API serves (`GET /api/reference/enums` and `/forms`), gathered from the areas
 * that own each enumeration and form.
 */

/** One enumeration as the reference API serves it. */
export interface EnumerationEntry {
  /** The stored values, in the order the product lists them. */
  readonly values: readonly (string | number)[];
  /** The label a person sees, by value: every value has one (a test walks the catalogue). */
  readonly labels: Readonly<Record<string, string>>;
  readonly description?: string;
}

function entry(
  values: readonly (string | number)[],
  description: string,
  labels: Readonly<Record<string | number, string>>,
): EnumerationEntry {
  return { values, description, labels };
}

/**
 * Every enumeration of the product by name (the exported constant's name), for
 * `GET /api/reference/enums`. A test checks that each entry is the exported array itself and that
 * every label map covers exactly its values.
 */
export const ENUMERATIONS = {
  // Roles and users
  UserRole: entry(users.UserRole, 'User roles', users.USER_ROLE_LABELS),
  AdminRole: entry(users.AdminRole, 'The second role enumeration, holding only ADMIN', users.ADMIN_ROLE_LABELS),
  Permission: entry(permissions.Permission, 'What a role may do (docs/PERMISSIONS.md)', permissions.PERMISSION_LABELS),
  UserType: entry(users.UserType, 'User types', users.USER_TYPE_LABELS),
  ProfessionalRole: entry(users.ProfessionalRole, 'Roles of a professional', users.PROFESSIONAL_ROLE_LABELS),
  // Entities and shared records
  EntityKind: entry(
    entities.EntityKind,
    'Entity kinds; the account-owner kind is stored misspelt',
    entities.ENTITY_KIND_LABELS,
  ),
  MentionableEntityType: entry(
    entities.MentionableEntityType,
    'Entity types a note or document may mention',
    entities.MENTIONABLE_ENTITY_TYPE_LABELS,
  ),
  ExternalSourceSystem: entry(
    connections.ExternalSourceSystem,
    'Systems records can originate from',
    connections.EXTERNAL_SOURCE_SYSTEM_LABELS,
  ),
  FamilyMemberRole: entry(households.FamilyMemberRole, 'Roles within a family', households.FAMILY_MEMBER_ROLE_LABELS),
  BrandLogoType: entry(organizations.BrandLogoType, 'Shapes of a brand logo', organizations.BRAND_LOGO_TYPE_LABELS),
  Currency: entry(CURRENCY_CODES, 'Supported currencies, CAD and USD first', CURRENCY_LABELS),
  CountryCode: entry(regions.CountryCode, 'Countries', regions.COUNTRY_NAMES),
  TaxJurisdiction: entry(regions.TaxJurisdiction, 'Federal tax jurisdictions', regions.TAX_JURISDICTION_LABELS),
  TaxProvince: entry(regions.TaxProvince, 'Canadian provinces for tax, with FEDERAL', regions.TAX_PROVINCE_LABELS),
  CanadianProvinceCode: entry(
    regions.CanadianProvinceCode,
    'Canadian provinces and territories',
    regions.CANADIAN_PROVINCE_NAMES,
  ),
  UsStateCode: entry(regions.UsStateCode, 'US states and the District of Columbia', regions.US_STATE_NAMES),
  // Financial records
  FinancialRecordType: entry(
    financial.FinancialRecordType,
    'Kinds of financial record',
    financial.FINANCIAL_RECORD_TYPE_LABELS,
  ),
  BalanceSheetSide: entry(financial.BalanceSheetSide, 'Asset or liability', financial.BALANCE_SHEET_SIDE_LABELS),
  OwnerKind: entry(financial.OwnerKind, 'Who may own a financial record', financial.OWNER_KIND_LABELS),
  ConnectionType: entry(financial.ConnectionType, 'How a record receives its data', financial.CONNECTION_TYPE_LABELS),
  AccountGroup: entry(financial.AccountGroup, 'Groups records are shown under', financial.ACCOUNT_GROUP_LABELS),
  BankAccountType: entry(financial.BankAccountType, 'Bank account types', financial.BANK_ACCOUNT_TYPE_LABELS),
  InvestmentAccountType: entry(
    financial.InvestmentAccountType,
    'Investment account types, Canadian and US',
    financial.INVESTMENT_ACCOUNT_TYPE_LABELS,
  ),
  TaxStatus: entry(financial.TaxStatus, 'How an investment account is taxed', financial.TAX_STATUS_LABELS),
  Creatability: entry(
    financial.Creatability,
    'Whether an attribute may be set at creation',
    financial.CREATABILITY_LABELS,
  ),
  DebtType: entry(financial.DebtType, 'Debt types', financial.DEBT_TYPE_LABELS),
  SecuredLoanPurpose: entry(
    financial.SecuredLoanPurpose,
    'What a secured loan is for',
    financial.SECURED_LOAN_PURPOSE_LABELS,
  ),
  PropertyKind: entry(financial.PropertyKind, 'Kinds of real estate property', financial.PROPERTY_KIND_LABELS),
  RealAssetType: entry(financial.RealAssetType, 'Real-asset types', financial.REAL_ASSET_TYPE_LABELS),
  PaymentFrequency: entry(financial.PaymentFrequency, 'Payment frequencies', financial.PAYMENT_FREQUENCY_LABELS),
  IncomeType: entry(financial.IncomeType, 'Income types', financial.INCOME_TYPE_LABELS),
  PensionSubtype: entry(financial.PensionSubtype, 'Pension subtypes', financial.PENSION_SUBTYPE_LABELS),
  CanadianPensionSubtype: entry(
    financial.CanadianPensionSubtype,
    'Pension subtypes of the Canadian rule set',
    financial.CANADIAN_PENSION_SUBTYPE_LABELS,
  ),
  PensionBenefitFormulaType: entry(
    financial.PensionBenefitFormulaType,
    'Defined-benefit pension formula types',
    financial.PENSION_BENEFIT_FORMULA_TYPE_LABELS,
  ),
  SecurityType: entry(financial.SecurityType, 'Security types', financial.SECURITY_TYPE_LABELS),
  // Cash flows
  CashFlowType: entry(cashFlows.CashFlowType, 'Cash flow source types', cashFlows.CASH_FLOW_TYPE_LABELS),
  Necessity: entry(cashFlows.Necessity, 'Whether an expense is a need or a want', cashFlows.NECESSITY_LABELS),
  FlowStatus: entry(cashFlows.FlowStatus, 'Cash flow status', cashFlows.FLOW_STATUS_LABELS),
  FlowDirection: entry(cashFlows.FlowDirection, 'Flow directions', cashFlows.FLOW_DIRECTION_LABELS),
  CashFlowSourceCategory: entry(
    cashFlows.CashFlowSourceCategory,
    'Cash flow source categories',
    cashFlows.CASH_FLOW_SOURCE_CATEGORY_LABELS,
  ),
  ExpenseSubtypeCategory: entry(
    cashFlows.ExpenseSubtypeCategory,
    'Expense subtype categories',
    cashFlows.EXPENSE_SUBTYPE_CATEGORY_LABELS,
  ),
  TransactionCategoryGroup: entry(
    cashFlows.TransactionCategoryGroup,
    'Groups of transaction categories',
    cashFlows.TRANSACTION_CATEGORY_GROUP_LABELS,
  ),
  TransactionCategoryNature: entry(
    cashFlows.TransactionCategoryNature,
    'Whether spending is essential',
    cashFlows.TRANSACTION_CATEGORY_NATURE_LABELS,
  ),
  PlaidPrimaryCategory: entry(
    PLAID_PRIMARY_CATEGORIES,
    "Plaid's primary transaction categories (v1)",
    PLAID_PRIMARY_CATEGORY_LABELS,
  ),
  PlaidDetailedCategory: entry(
    Object.keys(PLAID_DETAILED_CATEGORIES),
    "Plaid's detailed transaction categories (v1); see TRANSACTION_CATEGORIES for group and nature",
    PLAID_DETAILED_CATEGORY_LABELS,
  ),
  // Invitations
  InvitationType: entry(invitations.InvitationType, 'Invitation types', invitations.INVITATION_TYPE_LABELS),
  InvitationAcceptanceKind: entry(
    invitations.InvitationAcceptanceKind,
    'Kinds named by the acceptance calls',
    invitations.INVITATION_ACCEPTANCE_KIND_LABELS,
  ),
  InvitationDeliveryMethod: entry(
    invitations.InvitationDeliveryMethod,
    'How an invitation is delivered',
    invitations.INVITATION_DELIVERY_METHOD_LABELS,
  ),
  InvitationStatus: entry(invitations.InvitationStatus, 'Invitation statuses', invitations.INVITATION_STATUS_LABELS),
  InvitationInvalidationReason: entry(
    invitations.InvitationInvalidationReason,
    'Why an invitation stopped working',
    invitations.INVITATION_INVALIDATION_REASON_LABELS,
  ),
  InvitationDeliveryStatus: entry(
    invitations.InvitationDeliveryStatus,
    "How far an invitation's e-mail or SMS has got",
    invitations.INVITATION_DELIVERY_STATUS_LABELS,
  ),
  // Planning
  GoalType: entry(planning.GoalType, 'Goal types', planning.GOAL_TYPE_LABELS),
  GoalHorizon: entry(planning.GoalHorizon, 'Goal horizons, nearest first', planning.GOAL_HORIZON_LABELS),
  RateType: entry(planning.RateType, 'Rate types', planning.RATE_TYPE_LABELS),
  PaymentType: entry(planning.PaymentType, 'Payment types', planning.PAYMENT_TYPE_LABELS),
  ProgressStatus: entry(planning.ProgressStatus, 'Progress statuses', planning.PROGRESS_STATUS_LABELS),
  InterestType: entry(planning.InterestType, 'Interest types', planning.INTEREST_TYPE_LABELS),
  RiskProfileDimension: entry(
    planning.RiskProfileDimension,
    'Risk profile dimensions',
    planning.RISK_PROFILE_DIMENSION_LABELS,
  ),
  RiskLevel: entry(planning.RiskLevel, 'Risk levels, lowest first', planning.RISK_LEVEL_LABELS),
  FlowChangeType: entry(planning.FlowChangeType, 'How a plan flow changes each year', planning.FLOW_CHANGE_TYPE_LABELS),
  TimePointKind: entry(planning.TimePointKind, 'Where a plan flow starts or ends', planning.TIME_POINT_KIND_LABELS),
  MarketReturnClass: entry(planning.MarketReturnClass, 'Market return classes', planning.MARKET_RETURN_CLASS_LABELS),
  UsFilingStatus: entry(planning.UsFilingStatus, 'US federal filing statuses', planning.US_FILING_STATUS_LABELS),
  PlanIncomeKind: entry(planning.PlanIncomeKind, 'Kinds of plan income', planning.PLAN_INCOME_KIND_LABELS),
  FundingSourceKind: entry(
    planning.FundingSourceKind,
    'Where a plan expense is paid from',
    planning.FUNDING_SOURCE_KIND_LABELS,
  ),
  MilestoneConditionKind: entry(
    planning.MilestoneConditionKind,
    'Milestone conditions',
    planning.MILESTONE_CONDITION_KIND_LABELS,
  ),
  PlanAssetKind: entry(planning.PlanAssetKind, 'Kinds of plan asset', planning.PLAN_ASSET_KIND_LABELS),
  // Services and pricing
  ServiceType: entry(services.ServiceType, 'Service or product types', services.SERVICE_TYPE_LABELS),
  ServiceCategory: entry(services.ServiceCategory, 'Service categories', services.SERVICE_CATEGORY_LABELS),
  BillingStart: entry(services.BillingStart, 'When billing starts', services.BILLING_START_LABELS),
  PaymentSource: entry(services.PaymentSource, 'How a fee is collected', services.PAYMENT_SOURCE_LABELS),
  FeeType: entry(services.FeeType, 'Pricing types', services.FEE_TYPE_LABELS),
  // Meetings
  MeetingType: entry(meetings.MeetingType, 'Meeting types', meetings.MEETING_TYPE_LABELS),
  MeetingTaskTiming: entry(
    meetings.MeetingTaskTiming,
    'When a meeting task is done',
    meetings.MEETING_TASK_TIMING_LABELS,
  ),
  MeetingParticipantRole: entry(
    meetings.MeetingParticipantRole,
    'Roles of meeting participants',
    meetings.MEETING_PARTICIPANT_ROLE_LABELS,
  ),
  AgendaItemType: entry(meetings.AgendaItemType, 'Agenda item types', meetings.AGENDA_ITEM_TYPE_LABELS),
  CalendarProvider: entry(meetings.CalendarProvider, 'Calendar providers', meetings.CALENDAR_PROVIDER_LABELS),
  MeetingTimeZone: entry(
    meetings.MeetingTimeZone,
    'Time zones of booking templates',
    meetings.MEETING_TIME_ZONE_LABELS,
  ),
  Weekday: entry(meetings.Weekday, 'Days of the week, 0 is Sunday', meetings.WEEKDAY_LABELS),
  // Contacts, leads and opportunities
  PortalAccess: entry(contacts.PortalAccess, 'Client portal access', contacts.PORTAL_ACCESS_LABELS),
  Gender: entry(contacts.Gender, 'Genders', contacts.GENDER_LABELS),
  ContactType: entry(contacts.ContactType, 'Contact types', contacts.CONTACT_TYPE_LABELS),
  CreatableContactType: entry(
    contacts.CreatableContactType,
    'Contact types a contact may be created with',
    contacts.CREATABLE_CONTACT_TYPE_LABELS,
  ),
  EmploymentStatus: entry(contacts.EmploymentStatus, 'Employment statuses', contacts.EMPLOYMENT_STATUS_LABELS),
  LeadQualificationReason: entry(
    contacts.LeadQualificationReason,
    'Why a lead qualifies',
    contacts.LEAD_QUALIFICATION_REASON_LABELS,
  ),
  Temperature: entry(contacts.Temperature, 'Opportunity temperatures', contacts.TEMPERATURE_LABELS),
  OpportunityType: entry(contacts.OpportunityType, 'Opportunity types', contacts.OPPORTUNITY_TYPE_LABELS),
  LeadSource: entry(contacts.LeadSource, 'Lead sources', contacts.LEAD_SOURCE_LABELS),
  DiscoveryMethod: entry(contacts.DiscoveryMethod, 'How a lead was discovered', contacts.DISCOVERY_METHOD_LABELS),
  MarketingMedium: entry(contacts.MarketingMedium, 'Marketing media', contacts.MARKETING_MEDIUM_LABELS),
  OpportunityStage: entry(
    opportunities.OpportunityStage,
    'Stages of an opportunity',
    opportunities.OPPORTUNITY_STAGE_LABELS,
  ),
  ProposalStatus: entry(proposals.ProposalStatus, 'States of a proposal', proposals.PROPOSAL_STATUS_LABELS),
  HouseholdServiceBillingStatus: entry(
    billing.HouseholdServiceBillingStatus,
    'Billing states of a household service',
    billing.HOUSEHOLD_SERVICE_BILLING_STATUS_LABELS,
  ),
  BillingInvoiceKind: entry(billing.BillingInvoiceKind, 'What an invoice bills', billing.BILLING_INVOICE_KIND_LABELS),
  BillingInvoiceStatus: entry(billing.BillingInvoiceStatus, 'Invoice states', billing.BILLING_INVOICE_STATUS_LABELS),
  PhoneType: entry(contacts.PhoneType, 'Phone types', contacts.PHONE_TYPE_LABELS),
  ContactLinkType: entry(contacts.ContactLinkType, 'Social and web link types', contacts.CONTACT_LINK_TYPE_LABELS),
  // Tasks
  TaskStatus: entry(tasks.TaskStatus, 'Task statuses', tasks.TASK_STATUS_LABELS),
  TaskOwnerKind: entry(tasks.TaskOwnerKind, 'Kinds of entity a task may belong to', tasks.TASK_OWNER_KIND_LABELS),
  WorkflowTaskView: entry(tasks.WorkflowTaskView, 'Workflow task views', tasks.WORKFLOW_TASK_VIEW_LABELS),
  TaskType: entry(taskTypes.TaskType, 'The advisory kinds of task', taskTypes.TASK_TYPE_LABELS),
  WorkflowSubject: entry(
    workflows.WorkflowSubject,
    'Whom a workflow is started for',
    workflows.WORKFLOW_SUBJECT_LABELS,
  ),
  WorkflowRequirementKind: entry(
    workflows.WorkflowRequirementKind,
    'What a workflow step may require besides its tasks',
    workflows.WORKFLOW_REQUIREMENT_LABELS,
  ),
  WorkflowAssignee: entry(
    workflows.WorkflowAssignee,
    'Who a workflow step’s task goes to',
    workflows.WORKFLOW_ASSIGNEE_LABELS,
  ),
  WorkflowDueFrom: entry(
    workflows.WorkflowDueFrom,
    'When a workflow task’s due date is counted from',
    workflows.WORKFLOW_DUE_FROM_LABELS,
  ),
  WorkflowStatus: entry(workflowApi.WorkflowStatus, 'Workflow statuses', workflowApi.WORKFLOW_STATUS_LABELS),
  WorkflowStepStatus: entry(
    workflowApi.WorkflowStepStatus,
    'Where a workflow step stands',
    workflowApi.WORKFLOW_STEP_STATUS_LABELS,
  ),
  WorkflowRequirementStatus: entry(
    workflowApi.WorkflowRequirementStatus,
    'Where a workflow step’s requirement stands',
    workflowApi.WORKFLOW_REQUIREMENT_STATUS_LABELS,
  ),
  NotificationKind: entry(
    notifications.NotificationKind,
    'What a notification tells',
    notifications.NOTIFICATION_KIND_LABELS,
  ),
  DocumentFileType: entry(
    documents.DocumentFileType,
    'Kinds of file a firm keeps as documents',
    documents.DOCUMENT_FILE_TYPE_LABELS,
  ),
  UploadPurpose: entry(files.UploadPurpose, 'What an upload is for', files.UPLOAD_PURPOSE_LABELS),
  // Timelines
  LifeEventCategory: entry(
    timelines.LifeEventCategory,
    'Types of life event on a timeline',
    timelines.LIFE_EVENT_CATEGORY_LABELS,
  ),
  // Practice
  IntegrationService: entry(
    connections.IntegrationService,
    'Third-party services',
    connections.INTEGRATION_SERVICE_LABELS,
  ),
  ConnectionStatus: entry(connections.ConnectionStatus, 'Connection statuses', connections.CONNECTION_STATUS_LABELS),
  OrganizationType: entry(organizations.OrganizationType, 'Organization types', organizations.ORGANIZATION_TYPE_LABELS),
  Regulator: entry(organizations.Regulator, 'Securities regulators', organizations.REGULATOR_NAMES),
  CustomFieldType: entry(customFields.CustomFieldType, 'Custom field types', customFields.CUSTOM_FIELD_TYPE_LABELS),
  CustomFieldEntityKind: entry(
    customFields.CustomFieldEntityKind,
    'Entities custom fields can be defined on',
    customFields.CUSTOM_FIELD_ENTITY_KIND_LABELS,
  ),
  NoteSortField: entry(notes.NoteSortField, 'Fields notes can be sorted by', notes.NOTE_SORT_FIELD_LABELS),
  SortOrder: entry(notes.SortOrder, 'Sort orders', notes.SORT_ORDER_LABELS),
  FinancialSnapshotGroup: entry(
    financialView.FinancialSnapshotGroup,
    'Groups of the financial snapshot',
    financialView.FINANCIAL_SNAPSHOT_GROUP_LABELS,
  ),
  ProfessionalDesignation: entry(
    organizations.ProfessionalDesignation,
    'Professional designations',
    organizations.PROFESSIONAL_DESIGNATION_TITLES,
  ),
  // Audit log
  AuditAction: entry(audit.AuditAction, 'What a change did', audit.AUDIT_ACTION_LABELS),
  AuditActorKind: entry(audit.AuditActorKind, 'Who or what made a change', audit.AUDIT_ACTOR_KIND_LABELS),
  // Forms
  FormFieldKind: entry(forms.FormFieldKind, 'Form field kinds', forms.FORM_FIELD_KIND_LABELS),
  FormButtonType: entry(forms.FormButtonType, 'Form button types', forms.FORM_BUTTON_TYPE_LABELS),
} as const satisfies Record<string, EnumerationEntry>;

export type EnumerationName = keyof typeof ENUMERATIONS;

/** The forms of crm §2. */
export const CRM_FORMS = [
  createContactForm,
  createLeadForm,
  createPlanForm,
  addSocialProfileForm,
  setConfidenceForm,
  setEmploymentStatusForm,
  updateContactNameForm,
  setGenderForm,
  createTaskForm,
  saveMeetingTranscriptForm,
  setJobTitleForm,
  removeContactEmailForm,
  removeEmploymentForm,
  removePhoneNumberForm,
  setPrimaryEmailForm,
  setPrimaryNumberForm,
  removeTeamMemberForm,
] as const satisfies readonly FormDefinition[];

/** The forms of foundations §2. */
export const FINANCIAL_RECORD_FORMS = [
  addOwnerForm,
  editNameForm,
  addBorrowerForm,
  addCosignerForm,
  addAdditionalCardForm,
  editCardForm,
  addIncomeForm,
  addExpenseForm,
  renameStreamForm,
  deleteStreamForm,
  removeFamilyMemberForm,
] as const satisfies readonly FormDefinition[];

/** Every form definition by id. */
export const FORMS: Readonly<Record<string, FormDefinition>> = Object.fromEntries(
  [...FINANCIAL_RECORD_FORMS, ...CRM_FORMS].map((form) => [form.id, form]),
);

/**
 * The label a person sees for one value of an enumeration: every page, export and e-mail shows
 * values through this, never the stored value.
 */
export function enumLabel(enumeration: EnumerationName, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const entry: EnumerationEntry = ENUMERATIONS[enumeration];
  // A value no enumeration lists (data older than the list) still reads as words.
  return entry.labels[String(value)] ?? codeToWords(String(value));
}

/** A select's options for an enumeration, in the product's order, each with its label. */
export function enumerationOptions(enumeration: EnumerationName): { value: string; label: string }[] {
  return ENUMERATIONS[enumeration].values.map((value) => ({
    value: String(value),
    label: enumLabel(enumeration, value),
  }));
}

const ENTRY_BY_VALUES: ReadonlyMap<readonly unknown[], EnumerationEntry> = new Map(
  Object.values(ENUMERATIONS as Record<string, EnumerationEntry>).map((entry) => [entry.values, entry]),
);

/**
 * The label of a value of the enumeration array `values` (the exported array itself, as a field
 * specification carries it): for pages that hold the values but not the enumeration's name.
 */
export function labelOfValue(values: readonly (string | number)[], value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return ENTRY_BY_VALUES.get(values)?.labels[String(value)] ?? codeToWords(String(value));
}
