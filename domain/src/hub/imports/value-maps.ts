import {
  CONTACT_TYPE_LABELS,
  ContactType,
  Gender,
  GENDER_LABELS,
  LEAD_SOURCE_LABELS,
  LeadSource,
} from '../../crm/contacts/enums.js';
import { FAMILY_MEMBER_ROLE_LABELS, FamilyMemberRole } from '../../crm/households/enums.js';
import { TASK_STATUS_LABELS, TaskStatus } from '../../practice/tasks/enums.js';
import { ContactMessage } from '../../crm/contacts/schemas.js';
import { HouseholdMessage } from '../../crm/households/schemas.js';
import { TaskMessage } from '../../practice/tasks/schemas.js';
import { ImportMessage } from './transforms/result.js';

/**
 * Default synonym maps of the enum fields (keys compared folded). A profile column may replace one
 * with its own `values`. The key `*` is the fallback for any other non-empty value; without it an
 * unknown value is an error with the field's message.
 */
export const GENDER_VALUES: Readonly<Record<string, Gender | null>> = {
  male: 'MALE',
  m: 'MALE',
  man: 'MALE',
  homme: 'MALE',
  h: 'MALE',
  female: 'FEMALE',
  f: 'FEMALE',
  woman: 'FEMALE',
  femme: 'FEMALE',
  other: 'OTHER',
  autre: 'OTHER',
  'non binary': 'OTHER',
  nonbinary: 'OTHER',
  x: 'OTHER',
  unknown: null,
  'prefer not to say': null,
  inconnu: null,
  'not specified': null,
};

export const CONTACT_TYPE_VALUES: Readonly<Record<string, ContactType | null>> = {
  client: 'CLIENT',
  customer: 'CLIENT',
  'active client': 'CLIENT',
  'current client': 'CLIENT',
  prospect: 'PROSPECT',
  opportunity: 'PROSPECT',
  lead: 'LEAD',
  subscriber: 'LEAD',
  'marketing qualified lead': 'LEAD',
  'sales qualified lead': 'LEAD',
  mql: 'LEAD',
  sql: 'LEAD',
  new: 'LEAD',
  onboarding: 'ONBOARDING',
  other: 'OTHER',
  'past client': 'OTHER',
  'former client': 'OTHER',
  vendor: 'OTHER',
  organization: 'OTHER',
  evangelist: 'OTHER',
  partner: 'OTHER',
};

export const LEAD_SOURCE_VALUES: Readonly<Record<string, LeadSource | null>> = {
  referral: 'REFERRAL',
  referrals: 'REFERRAL',
  'client referral': 'REFERRAL',
  'employee referral': 'REFERRAL',
  'external referral': 'REFERRAL',
  partner: 'REFERRAL',
  reference: 'REFERRAL',
  advertisement: 'ADVERTISING',
  advertising: 'ADVERTISING',
  'paid search': 'ADVERTISING',
  publicite: 'ADVERTISING',
  'cold call': 'COLD_CALLING',
  'cold calling': 'COLD_CALLING',
  website: 'COMPANY_WEBSITE',
  web: 'COMPANY_WEBSITE',
  'web site': 'COMPANY_WEBSITE',
  'direct traffic': 'COMPANY_WEBSITE',
  'online store': 'COMPANY_WEBSITE',
  'web download': 'COMPANY_WEBSITE',
  'web research': 'COMPANY_WEBSITE',
  'site web': 'COMPANY_WEBSITE',
  'organic search': 'SEO',
  seo: 'SEO',
  google: 'GOOGLE',
  'google+': 'GOOGLE',
  'social media': 'SOCIAL_MEDIA',
  'paid social': 'SOCIAL_MEDIA',
  'organic social': 'SOCIAL_MEDIA',
  facebook: 'SOCIAL_MEDIA',
  twitter: 'SOCIAL_MEDIA',
  instagram: 'SOCIAL_MEDIA',
  'reseaux sociaux': 'SOCIAL_MEDIA',
  linkedin: 'LINKED_IN',
  youtube: 'YOUTUBE',
  'trade show': 'TRADE_SHOW',
  'seminar partner': 'TRADE_SHOW',
  conference: 'CONFERENCE',
  seminar: 'CONFERENCE',
  event: 'CONFERENCE',
  'direct mail': 'DIRECT_MAIL',
  'email marketing': 'CONTENT_MARKETING',
  'content marketing': 'CONTENT_MARKETING',
  'public speaking': 'PUBLIC_SPEAKING',
  internal: 'INTERNAL',
  'online directory': 'ONLINE_DIRECTORY',
  'lead magnet': 'LEAD_MAGNET',
  community: 'COMMUNITY_INVOLVEMENT',
  // Sources keep a long tail of labels ("Offline Sources", "Chat", campaign names): they are not
  // wrong, so they land on OTHER rather than failing the row.
  '*': 'OTHER',
};

export const HOUSEHOLD_ROLE_VALUES: Readonly<Record<string, FamilyMemberRole | null>> = {
  head: 'HEAD',
  'head of household': 'HEAD',
  primary: 'HEAD',
  'primary client': 'HEAD',
  chef: 'HEAD',
  'chef de famille': 'HEAD',
  spouse: 'MEMBER',
  partner: 'MEMBER',
  child: 'MEMBER',
  grandchild: 'MEMBER',
  parent: 'MEMBER',
  grandparent: 'MEMBER',
  sibling: 'MEMBER',
  'other dependent': 'MEMBER',
  member: 'MEMBER',
  dependent: 'MEMBER',
  conjoint: 'MEMBER',
  enfant: 'MEMBER',
  joint: 'MEMBER',
  secondary: 'MEMBER',
};

export const TASK_STATUS_VALUES: Readonly<Record<string, TaskStatus | null>> = {
  done: 'DONE',
  completed: 'DONE',
  complete: 'DONE',
  closed: 'DONE',
  termine: 'DONE',
  fait: 'DONE',
  'working on it': 'IN_PROGRESS',
  'in progress': 'IN_PROGRESS',
  started: 'IN_PROGRESS',
  'en cours': 'IN_PROGRESS',
  stuck: 'BLOCKED',
  blocked: 'BLOCKED',
  'waiting for input': 'BLOCKED',
  'waiting on someone else': 'BLOCKED',
  'not started': 'TODO',
  open: 'TODO',
  todo: 'TODO',
  'to do': 'TODO',
  deferred: 'TODO',
  new: 'TODO',
  'a faire': 'TODO',
  cancelled: 'CANCELLED',
  canceled: 'CANCELLED',
  annule: 'CANCELLED',
  'in review': 'IN_REVIEW',
  review: 'IN_REVIEW',
  scheduled: 'SCHEDULED',
};

/**
 * What a value of a contact column may become besides one of our values (issue 23's value map):
 * a tag on the contact, or a line `<label>: <value>` of the contact's imported note.
 */
export const KEEP_AS_TAG = 'KEEP_AS_TAG';
export const KEEP_ON_NOTE = 'KEEP_ON_NOTE';
export const ValueKeep = [KEEP_AS_TAG, KEEP_ON_NOTE] as const;
export type ValueKeep = (typeof ValueKeep)[number];

export const VALUE_KEEP_LABELS: Readonly<Record<ValueKeep, string>> = {
  KEEP_AS_TAG: 'Keep as a tag',
  KEEP_ON_NOTE: 'Keep on the contact’s note',
};

/**
 * A source's categories and statuses (Redtail `status`, Salesforce's client category): none of ours
 * by default, so each value stays on the contact's note until the user maps it to a contact type
 * or a tag.
 */
export const CATEGORY_VALUES: Readonly<Record<string, string | null>> = { '*': KEEP_ON_NOTE };

/** A documented column with a short list of values and no field of ours (marital status): on the note by default. */
export const KEPT_VALUES: Readonly<Record<string, string | null>> = { '*': KEEP_ON_NOTE };

/**
 * An enum field of the import: its default map (`values`), the message of a value not in it, the
 * values it may take (`ours`, with their labels), and what an empty result means (`none`: its
 * label; null when the field must have a value).
 */
export interface ImportEnumField {
  values: Readonly<Record<string, string | null>>;
  message: string;
  ours: readonly string[];
  labels: Readonly<Record<string, string>>;
  none: string | null;
}

/** The default map and message of each enum field. */
export const ENUM_FIELDS: Readonly<Record<string, ImportEnumField>> = {
  gender: {
    values: GENDER_VALUES,
    message: ContactMessage.genderInvalid,
    ours: Gender,
    labels: GENDER_LABELS,
    none: 'Left empty',
  },
  contactType: {
    values: CONTACT_TYPE_VALUES,
    message: ImportMessage.valueNotInList,
    ours: ContactType,
    labels: CONTACT_TYPE_LABELS,
    // A created contact whose row gives no type gets the one chosen for the import.
    none: 'The import’s contact type',
  },
  leadSource: {
    values: LEAD_SOURCE_VALUES,
    message: ContactMessage.sourceInvalid,
    ours: LeadSource,
    labels: LEAD_SOURCE_LABELS,
    none: 'Left empty',
  },
  householdRole: {
    values: HOUSEHOLD_ROLE_VALUES,
    message: HouseholdMessage.roleInvalid,
    ours: FamilyMemberRole,
    labels: FAMILY_MEMBER_ROLE_LABELS,
    none: 'Left empty',
  },
  status: {
    values: TASK_STATUS_VALUES,
    message: TaskMessage.statusInvalid,
    ours: TaskStatus,
    labels: TASK_STATUS_LABELS,
    none: null,
  },
  // A category's value becomes a contact type when the user says so; the contact type column wins.
  category: {
    values: CATEGORY_VALUES,
    message: ImportMessage.valueNotInList,
    ours: ContactType,
    labels: CONTACT_TYPE_LABELS,
    none: null,
  },
  kept: { values: KEPT_VALUES, message: ImportMessage.valueNotInList, ours: [], labels: {}, none: null },
};

/** A target of a value map as the user reads it: our value's label, a way of keeping it, or what empty means. */
export function valueTargetLabel(field: string, target: string | null): string {
  if (target === KEEP_AS_TAG || target === KEEP_ON_NOTE) return VALUE_KEEP_LABELS[target];
  const enumField = ENUM_FIELDS[field];
  if (target === null) return enumField?.none ?? 'Left empty';
  return enumField?.labels[target] ?? target;
}
