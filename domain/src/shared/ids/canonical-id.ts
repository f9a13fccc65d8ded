import { customAlphabet } from 'nanoid';
import { ACCOUNT_OWNER_ENTITY_KIND } from './entity-kinds.js';
import { DomainError, ErrorCode } from '../errors/domain-error.js';

/** Suffix length of generated ids (foundations §9). */
export const CANONICAL_ID_SUFFIX_LENGTH = 21;
const SUFFIX_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';
const generateSuffix = customAlphabet(SUFFIX_ALPHABET, CANONICAL_ID_SUFFIX_LENGTH);

const CANONICAL_ID = /^([a-z0-9_]+)-([A-Za-z0-9_-]{21})$/;
// A type name is letters and digits; `$` is allowed too (foundations §3).
const TYPE_NAME = /^[A-Za-z$][A-Za-z0-9$]*$/;

/**
 * The id prefix of each entity kind the platform stores. Spec kinds are spelt as the spec spells them
 * (foundations §3); multi-word kinds join with underscores (the prefix allows only [a-z0-9_]). Kinds
 * the spec lists without a table of their own: `client` (a contact of type CLIENT, or a household)
 * and `task` (the family of the four task kinds, whose ids carry their own kind's prefix).
 */
export const EntityType = {
  // identity and practice
  organization: 'organization',
  team: 'team',
  teamMember: 'team_member',
  user: 'user',
  professional: 'professional',
  outboxEmail: 'outbox_email',
  invitation: 'invitation',
  brand: 'brand',
  brandLogo: 'brand_logo',
  linksProfile: 'links_profile',
  profileLink: 'profile_link',
  // clients
  household: 'household',
  person: 'person',
  corporation: 'corporation',
  trust: 'trust',
  foundation: 'foundation',
  family: 'family',
  familyAddress: 'family_address',
  group: 'group',
  institution: 'institution',
  // contacts and pipeline
  contact: 'contact',
  contactEmail: 'contact_email',
  contactPhoneNumber: 'contact_phone_number',
  contactAddress: 'contact_address',
  contactEmployment: 'contact_employment',
  contactSocialLink: 'contact_social_link',
  tag: 'tag',
  lead: 'lead',
  prospect: 'prospect',
  opportunity: 'opportunity',
  opportunityStageChange: 'opportunity_stage_change',
  proposal: 'proposal',
  proposalRecipient: 'proposal_recipient',
  offer: 'offer',
  offerFeeTier: 'offer_fee_tier',
  offering: 'offering',
  packageTemplate: 'package_template',
  service: 'service',
  serviceVariant: 'service_variant',
  householdService: 'household_service',
  billingInvoice: 'billing_invoice',
  // tasks, workflows, meetings, notes, documents, custom fields
  basicTask: 'basic_task',
  financialTask: 'financial_task',
  questionsTask: 'questions_task',
  updateFamilyTask: 'update_family_task',
  workflow: 'workflow',
  workflowStep: 'workflow_step',
  workflowStepRequirement: 'workflow_step_requirement',
  workflowTemplate: 'workflow_template',
  notification: 'notification',
  meeting: 'meeting',
  meetingParticipant: 'meeting_participant',
  meetingAgendaItem: 'meeting_agenda_item',
  meetingTemplate: 'meeting_template',
  meetingTemplateOpeningHours: 'meeting_template_opening_hours',
  note: 'note',
  emailThread: 'email_thread',
  noteAttachment: 'note_attachment',
  noteMention: 'note_mention',
  document: 'document',
  documentMention: 'document_mention',
  customFieldDefinition: 'custom_field_definition',
  customFieldValue: 'custom_field_value',
  // plans and timelines
  plan: 'plan',
  planMilestone: 'plan_milestone',
  planFlow: 'plan_flow',
  planAccount: 'plan_account',
  planAsset: 'plan_asset',
  planLiability: 'plan_liability',
  timeline: 'timeline',
  lifeEvent: 'life_event',
  // financial records: the spec's kinds where it names one (credit card account, client real estate...)
  bankAccount: 'bank_account',
  investmentAccount: 'investment_account',
  creditCardAccount: 'credit_card_account',
  additionalCard: 'additional_card',
  lineOfCreditAccount: 'line_of_credit_account',
  loanAccount: 'loan_account',
  mortgage: 'mortgage',
  clientRealEstate: 'client_real_estate',
  realAsset: 'real_asset',
  insurancePolicy: 'insurance_policy',
  definedBenefitPension: 'defined_benefit_pension',
  privateInvestment: 'private_investment',
  companyEquity: 'company_equity',
  /** An owner of a financial record: the spec's misspelt account-owner kind, lower-cased. */
  accountOwner: ACCOUNT_OWNER_ENTITY_KIND.toLowerCase() as Lowercase<typeof ACCOUNT_OWNER_ENTITY_KIND>,
  // cash flows
  cashFlowSource: 'cash_flow_source',
  cashFlowParty: 'cash_flow_party',
  cashFlow: 'cash_flow',
  recurringStream: 'recurring_stream',
  transaction: 'transaction',
  transactionCategory: 'transaction_category',
  // integration hub
  connection: 'connection',
  syncRun: 'sync_run',
  syncRecordError: 'sync_record_error',
  importBatch: 'import_batch',
  importProfile: 'import_profile',
  importRowResult: 'import_row_result',
  importReviewItem: 'import_review_item',
  importDropFolder: 'import_drop_folder',
  externalLink: 'external_link',
  fxRate: 'fx_rate',
  auditLog: 'audit_log',
  recordMerge: 'record_merge',
} as const;
export type EntityType = (typeof EntityType)[keyof typeof EntityType];

/** Converts a type name such as `TeamMember` or `teamMember` to its id prefix `team_member`. */
export function canonicalPrefix(typeName: string): string {
  if (typeof typeName !== 'string' || typeName.length === 0) {
    throw new DomainError(ErrorCode.ERR_INVALID_CANONICAL_NAME_STRING, 'Canonical name must be a non-empty string');
  }
  if (!TYPE_NAME.test(typeName)) {
    throw new DomainError(
      ErrorCode.ERR_INVALID_CANONICAL_NAME,
      `Invalid canonical name "${typeName}": letters and digits only`,
    );
  }
  return typeName
    .replace(/\$/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** A new id for the given type name or prefix, e.g. `newId('team')` -> `team-V1StGXR8_Z5jdHi6B-myT`. */
/**
 * An id of one entity kind. `CanonicalId<'team'>` is `team-${string}`, so a team id is not
 * accepted where a user id is expected, at compile time.
 */
export type CanonicalId<P extends string = string> = `${P}-${string}`;
export type IdOf<K extends keyof typeof EntityType> = CanonicalId<(typeof EntityType)[K]>;

/** A new id for the given type name or prefix, typed by its prefix when the prefix is known. */
export function newId<P extends EntityType>(prefix: P): CanonicalId<P>;
export function newId(typeName: string): string;
export function newId(typeName: string): string {
  const prefix = CANONICAL_ID.test(`${typeName}-${'x'.repeat(CANONICAL_ID_SUFFIX_LENGTH)}`)
    ? typeName
    : canonicalPrefix(typeName);
  return `${prefix}-${generateSuffix()}`;
}

export interface ParsedId {
  type: string;
  suffix: string;
}

export function parseId(id: unknown): ParsedId {
  if (typeof id !== 'string') {
    throw new DomainError(ErrorCode.ERR_INVALID_CANONICAL_ID, 'Canonical id must be a string');
  }
  if (!id.includes('-')) {
    throw new DomainError(ErrorCode.ERR_CANONICAL_PREFIX_MISSING, `Canonical id "${id}" has no type prefix`);
  }
  const match = CANONICAL_ID.exec(id);
  if (!match) throw new DomainError(ErrorCode.ERR_INVALID_CANONICAL_ID, `Invalid canonical id "${id}"`);
  return { type: match[1]!, suffix: match[2]! };
}

export function isCanonicalId<P extends string>(id: unknown, allowedTypes?: readonly P[]): id is CanonicalId<P> {
  if (typeof id !== 'string') return false;
  const match = CANONICAL_ID.exec(id);
  return match !== null && (allowedTypes === undefined || (allowedTypes as readonly string[]).includes(match[1]!));
}

/** Validates an id and, when given, that its type is one of `allowedTypes`. */
export function assertCanonicalId<P extends string>(id: unknown, allowedTypes: readonly P[]): CanonicalId<P>;
export function assertCanonicalId(id: unknown): CanonicalId;
export function assertCanonicalId(id: unknown, allowedTypes?: readonly string[]): string {
  const { type } = parseId(id);
  if (allowedTypes && !allowedTypes.includes(type)) {
    throw new DomainError(
      ErrorCode.ERR_INVALID_CANONICAL_ID,
      `Id of type "${type}" is not allowed here; allowed types: ${allowedTypes.join(', ')}`,
    );
  }
  return id as string;
}
