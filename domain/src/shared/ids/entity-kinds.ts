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

/** Kinds that cannot be mentioned: SUPER_ADMIN is a platform operator outside every firm. */
const NOT_MENTIONABLE: ReadonlySet<EntityKind> = new Set<EntityKind>(['SUPER_ADMIN']);

export type MentionableEntityType = Lowercase<Exclude<EntityKind, 'SUPER_ADMIN'>>;

/** The lower-cased entity kinds a note or document may mention (foundations §5). */
export const MentionableEntityType: readonly MentionableEntityType[] = EntityKind.filter(
  (kind): kind is Exclude<EntityKind, 'SUPER_ADMIN'> => !NOT_MENTIONABLE.has(kind),
).map((kind) => kind.toLowerCase() as MentionableEntityType);

const MENTIONABLE: ReadonlySet<string> = new Set(MentionableEntityType);

export function isMentionableEntityType(value: unknown): value is MentionableEntityType {
  return typeof value === 'string' && MENTIONABLE.has(value);
}
