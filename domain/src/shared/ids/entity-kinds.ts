/**
 * Entity kinds (foundations §3). The spec lists the kinds in words; they are stored here in upper
 * snake case (the spelling of the additional kind SUPER_ADMIN), so that a kind's lower-cased form
 * is also its canonical id prefix (`TEAM_MEMBER` -> `team_member-...`).
 */

/**
 * The stored string of the account-owner kind. Foundations §3 says it "contains a spelling error"
 * but does not give it; we store ACOUNT_OWNER (one "c" short), chosen by us. Stored data and
 * clients must use this exact string, so it lives in this one constant: never retype it, and never
 * "fix" it without a data migration.
 */
export const ACCOUNT_OWNER_ENTITY_KIND = 'ACOUNT_OWNER';

/**
 * Every entity kind: the spec's list in its order, then the account-owner kind, then SUPER_ADMIN.
 * The spec also saw a kind `{product}`, an unfilled template placeholder; it is left out.
 */
export const EntityKind = [
  'BANK_ACCOUNT',
  'BASIC_TASK',
  'CLIENT',
  'CLIENT_REAL_ESTATE',
  'CONTACT',
  'CONTACT_EMAIL',
  'CONTACT_PHONE_NUMBER',
  'CORPORATION',
  'CREDIT_CARD_ACCOUNT',
  'FAMILY',
  'FINANCIAL_TASK',
  'FOUNDATION',
  'GROUP',
  'HOUSEHOLD',
  'INSTITUTION',
  'INVESTMENT_ACCOUNT',
  'INVITATION',
  'LEAD',
  'LINE_OF_CREDIT_ACCOUNT',
  'LINKS_PROFILE',
  'LOAN_ACCOUNT',
  'MEETING',
  'MEETING_TEMPLATE',
  'OPPORTUNITY',
  'ORGANIZATION',
  'PERSON',
  'PROFESSIONAL',
  'PROFILE_LINK',
  'PROSPECT',
  'QUESTIONS_TASK',
  'SERVICE',
  'SERVICE_VARIANT',
  'TASK',
  'TEAM',
  'TEAM_MEMBER',
  'TRUST',
  'UPDATE_FAMILY_TASK',
  'USER',
  'WORKFLOW',
  ACCOUNT_OWNER_ENTITY_KIND,
  'SUPER_ADMIN',
] as const;
export type EntityKind = (typeof EntityKind)[number];

export const ENTITY_KIND_LABELS: Readonly<Record<EntityKind, string>> = {
  BANK_ACCOUNT: 'Bank account',
  BASIC_TASK: 'Basic task',
  CLIENT: 'Client',
  CLIENT_REAL_ESTATE: 'Client real estate',
  CONTACT: 'Contact',
  CONTACT_EMAIL: 'Contact e-mail',
  CONTACT_PHONE_NUMBER: 'Contact phone number',
  CORPORATION: 'Corporation',
  CREDIT_CARD_ACCOUNT: 'Credit card',
  FAMILY: 'Family',
  FINANCIAL_TASK: 'Financial task',
  FOUNDATION: 'Foundation',
  GROUP: 'Group',
  HOUSEHOLD: 'Household',
  INSTITUTION: 'Institution',
  INVESTMENT_ACCOUNT: 'Investment account',
  INVITATION: 'Invitation',
  LEAD: 'Lead',
  LINE_OF_CREDIT_ACCOUNT: 'Line of credit',
  LINKS_PROFILE: 'Links profile',
  LOAN_ACCOUNT: 'Loan',
  MEETING: 'Meeting',
  MEETING_TEMPLATE: 'Meeting template',
  OPPORTUNITY: 'Opportunity',
  ORGANIZATION: 'Organization',
  PERSON: 'Person',
  PROFESSIONAL: 'Professional',
  PROFILE_LINK: 'Profile link',
  PROSPECT: 'Prospect',
  QUESTIONS_TASK: 'Questionnaire task',
  SERVICE: 'Service',
  SERVICE_VARIANT: 'Service variant',
  TASK: 'Task',
  TEAM: 'Team',
  TEAM_MEMBER: 'Team member',
  TRUST: 'Trust',
  UPDATE_FAMILY_TASK: 'Family update task',
  USER: 'User',
  WORKFLOW: 'Workflow',
  [ACCOUNT_OWNER_ENTITY_KIND]: 'Account owner',
  SUPER_ADMIN: 'Super admin',
};

/** Kinds that cannot be mentioned: SUPER_ADMIN is a platform operator outside every firm. */
const NOT_MENTIONABLE: ReadonlySet<EntityKind> = new Set<EntityKind>(['SUPER_ADMIN']);

export type MentionableEntityType = Lowercase<Exclude<EntityKind, 'SUPER_ADMIN'>>;

/** The lower-cased entity kinds a note or document may mention (foundations §5). */
export const MentionableEntityType: readonly MentionableEntityType[] = EntityKind.filter(
  (kind): kind is Exclude<EntityKind, 'SUPER_ADMIN'> => !NOT_MENTIONABLE.has(kind),
).map((kind) => kind.toLowerCase() as MentionableEntityType);

/** The mentionable types read as the entity kinds they lower-case. */
export const MENTIONABLE_ENTITY_TYPE_LABELS: Readonly<Record<MentionableEntityType, string>> = Object.fromEntries(
  MentionableEntityType.map((type) => [type, ENTITY_KIND_LABELS[type.toUpperCase() as EntityKind]]),
) as Record<MentionableEntityType, string>;

const MENTIONABLE: ReadonlySet<string> = new Set(MentionableEntityType);

export function isMentionableEntityType(value: unknown): value is MentionableEntityType {
  return typeof value === 'string' && MENTIONABLE.has(value);
}
