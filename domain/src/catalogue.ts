import * as contacts from './crm/contacts/enums.js';
import * as customFields from './crm/custom-fields/enums.js';
import * as households from './crm/households/enums.js';
import * as meetings from './crm/meetings/enums.js';
import * as notes from './crm/notes/enums.js';
import * as services from './crm/proposals/enums.js';
import * as tasks from './crm/tasks/enums.js';
import * as cashFlows from './financials/cash-flows/enums.js';
import { PLAID_DETAILED_CATEGORIES, PLAID_PRIMARY_CATEGORIES } from './financials/categories/plaid-pfc-v1.js';
import * as financialView from './financials/financial-view/enums.js';
import * as planning from './financials/planning/enums.js';
import * as financial from './financials/records/enums.js';
import * as connections from './hub/connections/enums.js';
import * as invitations from './platform/invitations/enums.js';
import * as organizations from './platform/organizations/enums.js';
import * as users from './platform/users/enums.js';
import * as forms from './shared/forms/enums.js';
import * as entities from './shared/ids/entity-kinds.js';
import { CURRENCY_CODES } from './shared/money/currency.js';
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
import { saveMeetingTranscriptForm } from './crm/meetings/forms.js';
import { createTaskForm } from './crm/tasks/forms.js';
import { addExpenseForm, addIncomeForm, deleteStreamForm, renameStreamForm } from './financials/cash-flows/forms.js';
import { createPlanForm } from './financials/planning/forms.js';
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
  /** Display labels by value, where the value is not its own label. */
  readonly labels?: Readonly<Record<string, string>>;
  readonly description?: string;
}

function entry(
  values: readonly (string | number)[],
  description: string,
  labels?: Readonly<Record<string | number, string>>,
): EnumerationEntry {
  return labels === undefined ? { values, description } : { values, description, labels };
}

/**
 * Every enumeration of the product by name (the exported constant's name), for
 * `GET /api/reference/enums`. A test checks that each entry is the exported array itself and that
 * every label map covers exactly its values.
 */
export const ENUMERATIONS = {
  // Roles and users
  UserRole: entry(users.UserRole, 'User roles'),
  AdminRole: entry(users.AdminRole, 'The second role enumeration, holding only ADMIN'),
  UserType: entry(users.UserType, 'User types'),
  ProfessionalRole: entry(users.ProfessionalRole, 'Roles of a professional'),
  // Entities and shared records
  EntityKind: entry(entities.EntityKind, 'Entity kinds; the account-owner kind is stored misspelt'),
  MentionableEntityType: entry(entities.MentionableEntityType, 'Entity types a note or document may mention'),
  ExternalSourceSystem: entry(connections.ExternalSourceSystem, 'Systems records can originate from'),
  FamilyMemberRole: entry(households.FamilyMemberRole, 'Roles within a family'),
  BrandLogoType: entry(organizations.BrandLogoType, 'Shapes of a brand logo'),
  Currency: entry(CURRENCY_CODES, 'Supported currencies, CAD and USD first'),
  CountryCode: entry(regions.CountryCode, 'Countries', regions.COUNTRY_FLAGS),
  TaxJurisdiction: entry(regions.TaxJurisdiction, 'Federal tax jurisdictions'),
  TaxProvince: entry(regions.TaxProvince, 'Canadian provinces for tax, with FEDERAL'),
  CanadianProvinceCode: entry(
    regions.CanadianProvinceCode,
    'Canadian provinces and territories',
    regions.CANADIAN_PROVINCE_NAMES,
  ),
  UsStateCode: entry(regions.UsStateCode, 'US states and the District of Columbia', regions.US_STATE_NAMES),
  // Financial records
  FinancialRecordType: entry(financial.FinancialRecordType, 'Kinds of financial record'),
  BalanceSheetSide: entry(financial.BalanceSheetSide, 'Asset or liability'),
  OwnerKind: entry(financial.OwnerKind, 'Who may own a financial record'),
  ConnectionType: entry(financial.ConnectionType, 'How a record receives its data'),
  AccountGroup: entry(financial.AccountGroup, 'Groups records are shown under'),
  BankAccountType: entry(financial.BankAccountType, 'Bank account types'),
  InvestmentAccountType: entry(
    financial.InvestmentAccountType,
    'Investment account types, Canadian and US',
    financial.INVESTMENT_ACCOUNT_TYPE_LABELS,
  ),
  TaxStatus: entry(financial.TaxStatus, 'How an investment account is taxed'),
  Creatability: entry(financial.Creatability, 'Whether an attribute may be set at creation'),
  DebtType: entry(financial.DebtType, 'Debt types'),
  SecuredLoanPurpose: entry(financial.SecuredLoanPurpose, 'What a secured loan is for'),
  PropertyKind: entry(financial.PropertyKind, 'Kinds of real estate property'),
  RealAssetType: entry(financial.RealAssetType, 'Real-asset types'),
  PaymentFrequency: entry(financial.PaymentFrequency, 'Payment frequencies'),
  IncomeType: entry(financial.IncomeType, 'Income types'),
  PensionSubtype: entry(financial.PensionSubtype, 'Pension subtypes'),
  CanadianPensionSubtype: entry(financial.CanadianPensionSubtype, 'Pension subtypes of the Canadian rule set'),
  PensionBenefitFormulaType: entry(financial.PensionBenefitFormulaType, 'Defined-benefit pension formula types'),
  SecurityType: entry(financial.SecurityType, 'Security types', financial.SECURITY_TYPE_LABELS),
  // Cash flows
  CashFlowType: entry(cashFlows.CashFlowType, 'Cash flow source types'),
  Necessity: entry(cashFlows.Necessity, 'Whether an expense is a need or a want', cashFlows.NECESSITY_LABELS),
  FlowStatus: entry(cashFlows.FlowStatus, 'Cash flow status', cashFlows.FLOW_STATUS_LABELS),
  FlowDirection: entry(cashFlows.FlowDirection, 'Flow directions'),
  CashFlowSourceCategory: entry(cashFlows.CashFlowSourceCategory, 'Cash flow source categories'),
  ExpenseSubtypeCategory: entry(cashFlows.ExpenseSubtypeCategory, 'Expense subtype categories'),
  TransactionCategoryGroup: entry(cashFlows.TransactionCategoryGroup, 'Groups of transaction categories'),
  TransactionCategoryNature: entry(cashFlows.TransactionCategoryNature, 'Whether spending is essential'),
  PlaidPrimaryCategory: entry(PLAID_PRIMARY_CATEGORIES, "Plaid's primary transaction categories (v1)"),
  PlaidDetailedCategory: entry(
    Object.keys(PLAID_DETAILED_CATEGORIES),
    "Plaid's detailed transaction categories (v1); see TRANSACTION_CATEGORIES for group and nature",
  ),
  // Invitations
  InvitationType: entry(invitations.InvitationType, 'Invitation types'),
  InvitationAcceptanceKind: entry(invitations.InvitationAcceptanceKind, 'Kinds named by the acceptance calls'),
  InvitationDeliveryMethod: entry(invitations.InvitationDeliveryMethod, 'How an invitation is delivered'),
  InvitationStatus: entry(invitations.InvitationStatus, 'Invitation statuses'),
  // Planning
  GoalType: entry(planning.GoalType, 'Goal types'),
  GoalHorizon: entry(planning.GoalHorizon, 'Goal horizons, nearest first'),
  RateType: entry(planning.RateType, 'Rate types'),
  PaymentType: entry(planning.PaymentType, 'Payment types'),
  ProgressStatus: entry(planning.ProgressStatus, 'Progress statuses'),
  InterestType: entry(planning.InterestType, 'Interest types'),
  RiskProfileDimension: entry(planning.RiskProfileDimension, 'Risk profile dimensions'),
  RiskLevel: entry(planning.RiskLevel, 'Risk levels, lowest first'),
  // Services and pricing
  ServiceType: entry(services.ServiceType, 'Service or product types'),
  ServiceCategory: entry(services.ServiceCategory, 'Service categories'),
  BillingStart: entry(services.BillingStart, 'When billing starts'),
  PaymentSource: entry(services.PaymentSource, 'How a fee is collected'),
  FeeType: entry(services.FeeType, 'Pricing types'),
  // Meetings
  MeetingType: entry(meetings.MeetingType, 'Meeting types'),
  MeetingTaskTiming: entry(meetings.MeetingTaskTiming, 'When a meeting task is done'),
  MeetingParticipantRole: entry(meetings.MeetingParticipantRole, 'Roles of meeting participants'),
  AgendaItemType: entry(meetings.AgendaItemType, 'Agenda item types'),
  CalendarProvider: entry(meetings.CalendarProvider, 'Calendar providers'),
  MeetingTimeZone: entry(
    meetings.MeetingTimeZone,
    'Time zones of booking templates',
    meetings.MEETING_TIME_ZONE_LABELS,
  ),
  Weekday: entry(meetings.Weekday, 'Days of the week, 0 is Sunday', meetings.WEEKDAY_LABELS),
  // Contacts, leads and opportunities
  PortalAccess: entry(contacts.PortalAccess, 'Client portal access'),
  Gender: entry(contacts.Gender, 'Genders'),
  ContactType: entry(contacts.ContactType, 'Contact types'),
  CreatableContactType: entry(contacts.CreatableContactType, 'Contact types a contact may be created with'),
  EmploymentStatus: entry(contacts.EmploymentStatus, 'Employment statuses'),
  LeadQualificationReason: entry(contacts.LeadQualificationReason, 'Why a lead qualifies'),
  Temperature: entry(contacts.Temperature, 'Opportunity temperatures'),
  OpportunityType: entry(contacts.OpportunityType, 'Opportunity types'),
  LeadSource: entry(contacts.LeadSource, 'Lead sources'),
  DiscoveryMethod: entry(contacts.DiscoveryMethod, 'How a lead was discovered'),
  MarketingMedium: entry(contacts.MarketingMedium, 'Marketing media'),
  PhoneType: entry(contacts.PhoneType, 'Phone types'),
  ContactLinkType: entry(contacts.ContactLinkType, 'Social and web link types'),
  // Tasks
  TaskStatus: entry(tasks.TaskStatus, 'Task statuses'),
  TaskOwnerKind: entry(tasks.TaskOwnerKind, 'Kinds of entity a task may belong to'),
  WorkflowTaskView: entry(tasks.WorkflowTaskView, 'Workflow task views'),
  // Practice
  IntegrationService: entry(connections.IntegrationService, 'Third-party services'),
  ConnectionStatus: entry(connections.ConnectionStatus, 'Connection statuses'),
  OrganizationType: entry(organizations.OrganizationType, 'Organization types'),
  Regulator: entry(organizations.Regulator, 'Securities regulators', organizations.REGULATOR_NAMES),
  CustomFieldType: entry(customFields.CustomFieldType, 'Custom field types'),
  CustomFieldEntityKind: entry(customFields.CustomFieldEntityKind, 'Entities custom fields can be defined on'),
  NoteSortField: entry(notes.NoteSortField, 'Fields notes can be sorted by'),
  SortOrder: entry(notes.SortOrder, 'Sort orders'),
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
  // Forms
  FormFieldKind: entry(forms.FormFieldKind, 'Form field kinds'),
  FormButtonType: entry(forms.FormButtonType, 'Form button types'),
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

/** Upper snake case as words, the fallback while an enumeration has no label of its own. */
function wordsOf(value: string): string {
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The label a person sees for one value of an enumeration: every page, export and e-mail shows
 * values through this, never the stored value.
 */
export function enumLabel(enumeration: EnumerationName, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const entry: EnumerationEntry = ENUMERATIONS[enumeration];
  return entry.labels?.[String(value)] ?? wordsOf(String(value));
}

/** A select's options for an enumeration, in the product's order, each with its label. */
export function enumerationOptions(enumeration: EnumerationName): { value: string; label: string }[] {
  return ENUMERATIONS[enumeration].values.map((value) => ({
    value: String(value),
    label: enumLabel(enumeration, value),
  }));
}
