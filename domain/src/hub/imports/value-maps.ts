import type { ContactType, Gender, LeadSource } from '../../crm/contacts/enums.js';
import type { FamilyMemberRole } from '../../crm/households/enums.js';
import type { TaskStatus } from '../../crm/tasks/enums.js';
import { ContactMessage } from '../../crm/contacts/schemas.js';
import { HouseholdMessage } from '../../crm/households/schemas.js';
import { TaskMessage } from '../../crm/tasks/schemas.js';
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

/** The default map and message of each enum field. */
export const ENUM_FIELDS: Readonly<
  Record<string, { values: Readonly<Record<string, string | null>>; message: string }>
> = {
  gender: { values: GENDER_VALUES, message: ContactMessage.genderInvalid },
  contactType: { values: CONTACT_TYPE_VALUES, message: ImportMessage.valueNotInList },
  leadSource: { values: LEAD_SOURCE_VALUES, message: ContactMessage.sourceInvalid },
  householdRole: { values: HOUSEHOLD_ROLE_VALUES, message: HouseholdMessage.roleInvalid },
  status: { values: TASK_STATUS_VALUES, message: TaskMessage.statusInvalid },
};
