/** Organization and professional enumerations (crm §3), and the brand logo shapes (foundations §3). */

export const OrganizationType = ['CORPORATION', 'LIMITED_PARTNERSHIP', 'SOLE_PROPRIETORSHIP'] as const;
export type OrganizationType = (typeof OrganizationType)[number];

export const ORGANIZATION_TYPE_LABELS: Readonly<Record<OrganizationType, string>> = {
  CORPORATION: 'Corporation',
  LIMITED_PARTNERSHIP: 'Limited partnership',
  SOLE_PROPRIETORSHIP: 'Sole proprietorship',
};

/** Canadian securities regulators an organization may be registered with. */
export const Regulator = [
  'AMF',
  'ASC',
  'BCSC',
  'FCAAS',
  'FCSC',
  'IIROC',
  'MFDA',
  'MSC',
  'NSO',
  'NSSC',
  'OSC',
  'OSSNL',
  'OSSNT',
  'OSSP',
  'OYSS',
] as const;
export type Regulator = (typeof Regulator)[number];

/** The regulators' names (the spec gives only the abbreviations). */
export const REGULATOR_NAMES: Readonly<Record<Regulator, string>> = {
  AMF: 'Autorité des marchés financiers',
  ASC: 'Alberta Securities Commission',
  BCSC: 'British Columbia Securities Commission',
  FCAAS: 'Financial and Consumer Affairs Authority of Saskatchewan',
  FCSC: 'Financial and Consumer Services Commission (New Brunswick)',
  IIROC: 'Investment Industry Regulatory Organization of Canada',
  MFDA: 'Mutual Fund Dealers Association of Canada',
  MSC: 'Manitoba Securities Commission',
  NSO: 'Nunavut Securities Office',
  NSSC: 'Nova Scotia Securities Commission',
  OSC: 'Ontario Securities Commission',
  OSSNL: 'Office of the Superintendent of Securities, Newfoundland and Labrador',
  OSSNT: 'Office of the Superintendent of Securities, Northwest Territories',
  OSSP: 'Office of the Superintendent of Securities, Prince Edward Island',
  OYSS: 'Office of the Yukon Superintendent of Securities',
};

/**
 * Professional designations with their titles. The spec says there are 18 and names six (CFP,
 * CFA, CPA, CIM, CLU, TEP) without showing the list; the other twelve are our choice of the most
 * common Canadian and US advisory designations. Codes are stored in upper case (ChFC as CHFC).
 */
export const ProfessionalDesignation = [
  'CFP',
  'CFA',
  'CPA',
  'CIM',
  'CLU',
  'TEP',
  'PFP',
  'QAFP',
  'FCSI',
  'FMA',
  'CHS',
  'EPC',
  'RRC',
  'CHFC',
  'CAIA',
  'CIMA',
  'CPWA',
  'CRPC',
] as const;
export type ProfessionalDesignation = (typeof ProfessionalDesignation)[number];

export const PROFESSIONAL_DESIGNATION_TITLES: Readonly<Record<ProfessionalDesignation, string>> = {
  CFP: 'Certified Financial Planner',
  CFA: 'Chartered Financial Analyst',
  // The Canadian title; in the US the letters stand for Certified Public Accountant.
  CPA: 'Chartered Professional Accountant',
  CIM: 'Chartered Investment Manager',
  CLU: 'Chartered Life Underwriter',
  TEP: 'Trust and Estate Practitioner',
  PFP: 'Personal Financial Planner',
  QAFP: 'Qualified Associate Financial Planner',
  FCSI: 'Fellow of the Canadian Securities Institute',
  FMA: 'Financial Management Advisor',
  CHS: 'Certified Health Insurance Specialist',
  EPC: 'Elder Planning Counselor',
  RRC: 'Registered Retirement Consultant',
  CHFC: 'Chartered Financial Consultant',
  CAIA: 'Chartered Alternative Investment Analyst',
  CIMA: 'Certified Investment Management Analyst',
  CPWA: 'Certified Private Wealth Advisor',
  CRPC: 'Chartered Retirement Planning Counselor',
};

/** The shapes of a firm's brand logo (foundations §3). */
export const BrandLogoType = ['HORIZONTAL', 'SQUARE'] as const;
export type BrandLogoType = (typeof BrandLogoType)[number];

export const BRAND_LOGO_TYPE_LABELS: Readonly<Record<BrandLogoType, string>> = {
  HORIZONTAL: 'Horizontal',
  SQUARE: 'Square',
};
