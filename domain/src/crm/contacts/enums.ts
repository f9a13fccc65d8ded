/** Contact, lead and opportunity enumerations (crm §3; contact link types from foundations §3). */

/** A contact's access to the client portal. */
export const PortalAccess = ['ACTIVE', 'INVITED', 'NONE', 'REVOKED'] as const;
export type PortalAccess = (typeof PortalAccess)[number];

export const PORTAL_ACCESS_LABELS: Readonly<Record<PortalAccess, string>> = {
  ACTIVE: 'Active',
  INVITED: 'Invited',
  NONE: 'No access',
  REVOKED: 'Revoked',
};

export const Gender = ['FEMALE', 'MALE', 'OTHER'] as const;
export type Gender = (typeof Gender)[number];

export const GENDER_LABELS: Readonly<Record<Gender, string>> = { FEMALE: 'Female', MALE: 'Male', OTHER: 'Other' };

export const ContactType = ['CLIENT', 'LEAD', 'ONBOARDING', 'OTHER', 'PROSPECT'] as const;
export type ContactType = (typeof ContactType)[number];

export const CONTACT_TYPE_LABELS: Readonly<Record<ContactType, string>> = {
  CLIENT: 'Client',
  LEAD: 'Lead',
  ONBOARDING: 'Onboarding',
  OTHER: 'Other',
  PROSPECT: 'Prospect',
};

/** The contact types a contact may be created with (crm §5). */
export const CreatableContactType = ['OTHER', 'LEAD'] as const satisfies readonly ContactType[];
export type CreatableContactType = (typeof CreatableContactType)[number];

export const CREATABLE_CONTACT_TYPE_LABELS: Readonly<Record<CreatableContactType, string>> = {
  OTHER: CONTACT_TYPE_LABELS.OTHER,
  LEAD: CONTACT_TYPE_LABELS.LEAD,
};

export const EmploymentStatus = [
  'CONTRACT',
  'FULL_TIME',
  'PART_TIME',
  'RETIRED',
  'SELF_EMPLOYED',
  'STUDENT',
  'UNEMPLOYED',
] as const;
export type EmploymentStatus = (typeof EmploymentStatus)[number];

export const EMPLOYMENT_STATUS_LABELS: Readonly<Record<EmploymentStatus, string>> = {
  CONTRACT: 'Contract',
  FULL_TIME: 'Full-time',
  PART_TIME: 'Part-time',
  RETIRED: 'Retired',
  SELF_EMPLOYED: 'Self-employed',
  STUDENT: 'Student',
  UNEMPLOYED: 'Unemployed',
};

export const LeadQualificationReason = [
  'FRIEND_AND_FAMILY',
  'MATCHES_NICHE',
  'MEETS_AUM',
  'MEETS_HH_INCOME',
  'OTHER',
  'RELATIVE_OF_CLIENT',
  'WILLING_TO_PAY',
] as const;
export type LeadQualificationReason = (typeof LeadQualificationReason)[number];

export const LEAD_QUALIFICATION_REASON_LABELS: Readonly<Record<LeadQualificationReason, string>> = {
  FRIEND_AND_FAMILY: 'Friends and family',
  MATCHES_NICHE: 'Matches our niche',
  MEETS_AUM: 'Meets the AUM minimum',
  MEETS_HH_INCOME: 'Meets the household income minimum',
  OTHER: 'Other',
  RELATIVE_OF_CLIENT: 'Relative of a client',
  WILLING_TO_PAY: 'Willing to pay',
};

export const Temperature = ['COLD', 'HOT', 'WARM'] as const;
export type Temperature = (typeof Temperature)[number];

export const TEMPERATURE_LABELS: Readonly<Record<Temperature, string>> = { COLD: 'Cold', HOT: 'Hot', WARM: 'Warm' };

export const OpportunityType = ['CORPORATION', 'FAMILY', 'LEAD'] as const;
export type OpportunityType = (typeof OpportunityType)[number];

export const OPPORTUNITY_TYPE_LABELS: Readonly<Record<OpportunityType, string>> = {
  CORPORATION: 'Corporation',
  FAMILY: 'Family',
  LEAD: 'Lead',
};

export const LeadSource = [
  'ADVERTISING',
  'COLD_CALLING',
  'COMMUNITY_INVOLVEMENT',
  'COMPANY_WEBSITE',
  'CONFERENCE',
  'CONTENT_MARKETING',
  'DIRECT_MAIL',
  'GOOGLE',
  'INTERNAL',
  'LEAD_MAGNET',
  'LINKED_IN',
  'LINKS_PROFILE',
  'ONLINE_DIRECTORY',
  'OTHER',
  'PUBLIC_SPEAKING',
  'REFERRAL',
  'SEO',
  'SOCIAL_MEDIA',
  'TRADE_SHOW',
  'YOUTUBE',
] as const;
export type LeadSource = (typeof LeadSource)[number];

export const LEAD_SOURCE_LABELS: Readonly<Record<LeadSource, string>> = {
  ADVERTISING: 'Advertising',
  COLD_CALLING: 'Cold calling',
  COMMUNITY_INVOLVEMENT: 'Community involvement',
  COMPANY_WEBSITE: 'Company website',
  CONFERENCE: 'Conference',
  CONTENT_MARKETING: 'Content marketing',
  DIRECT_MAIL: 'Direct mail',
  GOOGLE: 'Google',
  INTERNAL: 'Internal',
  LEAD_MAGNET: 'Lead magnet',
  LINKED_IN: 'LinkedIn',
  LINKS_PROFILE: 'Links profile',
  ONLINE_DIRECTORY: 'Online directory',
  OTHER: 'Other',
  PUBLIC_SPEAKING: 'Public speaking',
  REFERRAL: 'Referral',
  SEO: 'SEO',
  SOCIAL_MEDIA: 'Social media',
  TRADE_SHOW: 'Trade show',
  YOUTUBE: 'YouTube',
};

export const DiscoveryMethod = ['INBOUND', 'INTRODUCTION', 'MUTUAL', 'OUTBOUND'] as const;
export type DiscoveryMethod = (typeof DiscoveryMethod)[number];

export const DISCOVERY_METHOD_LABELS: Readonly<Record<DiscoveryMethod, string>> = {
  INBOUND: 'Inbound',
  INTRODUCTION: 'Introduction',
  MUTUAL: 'Mutual connection',
  OUTBOUND: 'Outbound',
};

export const MarketingMedium = [
  'DIRECT',
  'DISPLAY',
  'EMAIL',
  'ORGANIC',
  'OTHER',
  'PAID_SEARCH',
  'REFERRAL',
  'SOCIAL',
] as const;
export type MarketingMedium = (typeof MarketingMedium)[number];

export const MARKETING_MEDIUM_LABELS: Readonly<Record<MarketingMedium, string>> = {
  DIRECT: 'Direct',
  DISPLAY: 'Display',
  EMAIL: 'E-mail',
  ORGANIC: 'Organic',
  OTHER: 'Other',
  PAID_SEARCH: 'Paid search',
  REFERRAL: 'Referral',
  SOCIAL: 'Social',
};

export const PhoneType = ['LANDLINE', 'MOBILE'] as const;
export type PhoneType = (typeof PhoneType)[number];

export const PHONE_TYPE_LABELS: Readonly<Record<PhoneType, string>> = { LANDLINE: 'Landline', MOBILE: 'Mobile' };

/** Social and web link types of a contact, stored with the spec's capitalisation. */
export const ContactLinkType = [
  'blog',
  'Facebook',
  'Instagram',
  'link',
  'LinkedIn',
  'meeting',
  'Twitter',
  'website',
  'WhatsApp',
  'YouTube',
] as const;
export type ContactLinkType = (typeof ContactLinkType)[number];

/** The social sites keep their own spelling; the plain kinds read as words. */
export const CONTACT_LINK_TYPE_LABELS: Readonly<Record<ContactLinkType, string>> = {
  blog: 'Blog',
  Facebook: 'Facebook',
  Instagram: 'Instagram',
  link: 'Link',
  LinkedIn: 'LinkedIn',
  meeting: 'Meeting link',
  Twitter: 'X (Twitter)',
  website: 'Website',
  WhatsApp: 'WhatsApp',
  YouTube: 'YouTube',
};

/**
 * The address a social link's branch is appended to (crm §2 "Add social profile"): each social
 * site has its own; website, blog, link and meeting take a plain `https://`. The spec names the
 * sites but not the addresses; these are each site's public profile address (Twitter's is now
 * x.com, which twitter.com redirects to).
 */
export const CONTACT_LINK_PREFIXES: Readonly<Record<ContactLinkType, string>> = {
  blog: 'https://',
  Facebook: 'https://www.facebook.com/',
  Instagram: 'https://www.instagram.com/',
  link: 'https://',
  LinkedIn: 'https://www.linkedin.com/in/',
  meeting: 'https://',
  Twitter: 'https://x.com/',
  website: 'https://',
  WhatsApp: 'https://wa.me/',
  YouTube: 'https://www.youtube.com/',
};
