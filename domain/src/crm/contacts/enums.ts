/** Contact, lead and opportunity enumerations (crm §3; contact link types from foundations §3). */

/** A contact's access to the client portal. */
export const PortalAccess = ['ACTIVE', 'INVITED', 'NONE', 'REVOKED'] as const;
export type PortalAccess = (typeof PortalAccess)[number];

export const Gender = ['FEMALE', 'MALE', 'OTHER'] as const;
export type Gender = (typeof Gender)[number];

export const ContactType = ['CLIENT', 'LEAD', 'ONBOARDING', 'OTHER', 'PROSPECT'] as const;
export type ContactType = (typeof ContactType)[number];

/** The contact types a contact may be created with (crm §5). */
export const CreatableContactType = ['OTHER', 'LEAD'] as const satisfies readonly ContactType[];
export type CreatableContactType = (typeof CreatableContactType)[number];

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

export const Temperature = ['COLD', 'HOT', 'WARM'] as const;
export type Temperature = (typeof Temperature)[number];

export const OpportunityType = ['CORPORATION', 'FAMILY', 'LEAD'] as const;
export type OpportunityType = (typeof OpportunityType)[number];

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

export const DiscoveryMethod = ['INBOUND', 'INTRODUCTION', 'MUTUAL', 'OUTBOUND'] as const;
export type DiscoveryMethod = (typeof DiscoveryMethod)[number];

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

export const PhoneType = ['LANDLINE', 'MOBILE'] as const;
export type PhoneType = (typeof PhoneType)[number];

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
