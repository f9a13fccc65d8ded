import { describe, expect, it } from 'vitest';
import { BenefitFormulaType } from '../financials/pension/pension-input.js';
import {
  ACCOUNT_OWNER_ENTITY_KIND,
  AccountGroup,
  AdminRole,
  AgendaItemType,
  BalanceSheetSide,
  BankAccountType,
  BillingStart,
  BrandLogoType,
  CalendarProvider,
  CanadianPensionSubtype,
  CashFlowSourceCategory,
  CashFlowType,
  CONTACT_LINK_PREFIXES,
  ConnectionStatus,
  ConnectionType,
  ContactLinkType,
  ContactType,
  CreatableContactType,
  CustomFieldEntityKind,
  CustomFieldType,
  DebtType,
  DiscoveryMethod,
  EmploymentStatus,
  EntityKind,
  ExpenseSubtypeCategory,
  ExternalSourceSystem,
  FamilyMemberRole,
  FeeType,
  FINANCIAL_SNAPSHOT_GROUP_LABELS,
  FinancialRecordType,
  FinancialSnapshotGroup,
  FlowDirection,
  FlowStatus,
  FormButtonType,
  FormFieldKind,
  Gender,
  GoalHorizon,
  GoalType,
  IncomeType,
  IntegrationService,
  InterestType,
  INVESTMENT_ACCOUNT_TYPE_LABELS,
  InvestmentAccountType,
  InvitationAcceptanceKind,
  InvitationDeliveryMethod,
  InvitationStatus,
  InvitationType,
  isMentionableEntityType,
  LeadQualificationReason,
  LeadSource,
  MarketingMedium,
  MEETING_TIME_ZONE_LABELS,
  MeetingParticipantRole,
  MeetingTaskTiming,
  MeetingTimeZone,
  MeetingType,
  MentionableEntityType,
  Necessity,
  NoteSortField,
  OpportunityType,
  OrganizationType,
  OwnerKind,
  PAYMENT_FREQUENCY_PERIOD_MONTHS,
  PaymentFrequency,
  PaymentSource,
  PaymentType,
  PensionBenefitFormulaType,
  PensionSubtype,
  PhoneType,
  PortalAccess,
  PROFESSIONAL_DESIGNATION_TITLES,
  ProfessionalDesignation,
  ProgressStatus,
  PropertyKind,
  RateType,
  RealAssetType,
  REGULATOR_NAMES,
  Regulator,
  RiskLevel,
  RiskProfileDimension,
  SecuredLoanPurpose,
  SecurityType,
  ServiceCategory,
  ServiceType,
  SortOrder,
  TaskOwnerKind,
  TaskStatus,
  TaxStatus,
  Temperature,
  TransactionCategoryGroup,
  TransactionCategoryNature,
  UserType,
  Weekday,
  WorkflowTaskView,
} from '../index.js';

/** Every listed value once, with no stray spaces. */
function expectDistinct(values: readonly (string | number)[]): void {
  expect(new Set(values).size).toBe(values.length);
  for (const value of values) if (typeof value === 'string') expect(value).toBe(value.trim());
}

describe('financial record enumerations (foundations §3)', () => {
  it('lists the record types, owner kinds, connection types and account groups', () => {
    expect(FinancialRecordType).toEqual([
      'BANK_ACCOUNT',
      'COMPANY_EQUITY',
      'CREDIT_CARD',
      'DEFINED_BENEFIT_PENSION',
      'INSURANCE_POLICY',
      'INVESTMENT_ACCOUNT',
      'LINE_OF_CREDIT',
      'LOAN',
      'MORTGAGE',
      'PRIVATE_INVESTMENT',
      'REAL_ASSET',
      'REAL_ESTATE_PROPERTY',
    ]);
    expect(BalanceSheetSide).toEqual(['ASSET', 'LIABILITY']);
    expect(OwnerKind).toEqual(['Person', 'Corporation', 'Trust', 'Foundation']);
    expect(ConnectionType).toEqual(['CONNECTION', 'MANAGED', 'MANUAL']);
    expect(AccountGroup).toEqual([
      'BANKING',
      'CREDIT_CARDS',
      'INVESTMENT',
      'LINES_OF_CREDIT',
      'LOANS',
      'MORTGAGES',
      'PRIVATE_INVESTMENT',
      'REAL_ASSETS',
    ]);
    expect(BankAccountType).toEqual(['CHECKING', 'SAVINGS']);
  });

  it('lists the 39 investment account types, each with a label', () => {
    expect(InvestmentAccountType).toEqual([
      'ACCOUNT_401K',
      'ACCOUNT_403B',
      'ACCOUNT_457B',
      'ACCOUNT_529',
      'CASH',
      'CRYPTO',
      'DCPP',
      'DPSP',
      'EPSP',
      'ESA',
      'ESOP',
      'ESPP',
      'FHSA',
      'HSA',
      'IPP',
      'LIF',
      'LIRA',
      'LRIF',
      'LRSP',
      'NRSP',
      'OTHER',
      'PRIF',
      'RDSP',
      'RESP',
      'RLSP',
      'ROTH_401K',
      'ROTH_403B',
      'ROTH_IRA',
      'RPP',
      'RRIF',
      'RRSP',
      'SEP_IRA',
      'SIMPLE_IRA',
      'SPP',
      'TFSA',
      'TRADITIONAL_IRA',
      'UGMA',
      'UTMA',
      'VRSP',
    ]);
    expect(InvestmentAccountType).toHaveLength(39);
    expect(Object.keys(INVESTMENT_ACCOUNT_TYPE_LABELS).sort()).toEqual([...InvestmentAccountType].sort());
    expect(INVESTMENT_ACCOUNT_TYPE_LABELS.ACCOUNT_401K).toBe('401(k)');
    expect(INVESTMENT_ACCOUNT_TYPE_LABELS.TRADITIONAL_IRA).toBe('Traditional IRA');
    expect(TaxStatus).toEqual(['TAXABLE', 'TAX_DEFERRED', 'TAX_EXEMPT', 'DEDUCTIBLE_FREE']);
  });

  it('lists debts, properties, real assets and frequencies', () => {
    expect(DebtType).toEqual(['CREDIT_CARD', 'LOC', 'SECURED_LOAN', 'UNSECURED_LOAN']);
    expect(SecuredLoanPurpose).toEqual(['AUTO', 'DEPOSIT', 'HELOC', 'MORTGAGE', 'OTHER']);
    expect(PropertyKind).toEqual(['COMMERCIAL', 'FARM', 'INDUSTRIAL', 'LAND', 'RESIDENTIAL']);
    expect(RealAssetType).toEqual([
      'BOAT',
      'CAR',
      'CASH',
      'COLLECTIBLES',
      'CUSTOM',
      'FURNITURE',
      'INSTRUMENT',
      'JEWELRY',
      'MACHINERY',
      'MOTORCYCLE',
      'OTHER_VEHICLE',
      'PRECIOUS_METALS',
      'REAL_ESTATE',
    ]);
    expect(PaymentFrequency).toEqual([
      'ANNUALLY',
      'BI_WEEKLY',
      'DAILY',
      'MONTHLY',
      'ONE_TIME',
      'OTHER',
      'QUARTERLY',
      'SEMI_ANNUALLY',
      'SEMI_MONTHLY',
      'VARIED',
      'WEEKLY',
    ]);
    expect(PAYMENT_FREQUENCY_PERIOD_MONTHS).toEqual({ ANNUALLY: 12, QUARTERLY: 3, MONTHLY: 1 });
  });

  it('lists income types, pension subtypes (Canadian: all but SOCIAL_SECURITY) and formula types', () => {
    expect(IncomeType).toEqual([
      'CUSTOM',
      'EMPLOYER_CONTRIBUTION',
      'HOURLY_WAGE',
      'INHERITANCE',
      'PENSION',
      'RENTAL',
      'RSU_GRANT',
      'SALARY',
      'SELF_EMPLOYMENT',
      'SIDE_HUSTLE',
    ]);
    expect(PensionSubtype).toEqual(['CPP', 'IPP', 'OAS', 'QPP', 'RPP', 'SOCIAL_SECURITY', 'SPP']);
    expect(CanadianPensionSubtype).toEqual(PensionSubtype.filter((subtype) => subtype !== 'SOCIAL_SECURITY'));
    expect(PensionBenefitFormulaType).toEqual([
      'CAREER_AVERAGE_EARNINGS',
      'FINAL_AVERAGE_EARNINGS',
      'FLAT_BENEFIT',
      'OTHER',
    ]);
    expect([...PensionBenefitFormulaType]).toEqual(Object.values(BenefitFormulaType));
    expect(SecurityType).toEqual(['COMMON_STOCK', 'CONVERTIBLE_NOTE', 'PREFERRED_STOCK', 'SAFE']);
  });
});

describe('cash flow enumerations (foundations §3)', () => {
  it('lists types, necessity, status, direction and categories', () => {
    expect(CashFlowType).toEqual(['CONTRIBUTION', 'DEBT', 'EXPENSE', 'INCOME']);
    expect(Necessity).toEqual(['NEED', 'WANT']);
    expect(FlowStatus).toEqual(['ACTIVE', 'INACTIVE']);
    expect(FlowDirection).toEqual(['INFLOW', 'OUTFLOW']);
    expect(CashFlowSourceCategory).toEqual([
      'ASSET',
      'CORPORATION',
      'EMPLOYMENT',
      'GOVERNMENT_BENEFIT',
      'INVESTMENT',
      'PENSION',
      'OTHER',
    ]);
    expect(ExpenseSubtypeCategory).toEqual(['ASSET', 'INSURANCE', 'LIFESTYLE', 'OTHER']);
    expect(TransactionCategoryGroup).toEqual(['EXPENSE', 'INCOME', 'OTHER']);
    expect(TransactionCategoryNature).toEqual(['ESSENTIAL', 'NON_ESSENTIAL', 'NA']);
  });
});

describe('invitation and user enumerations (foundations §3)', () => {
  it('lists invitation types, delivery methods, statuses and acceptance kinds', () => {
    expect(InvitationType).toEqual(['CLIENT', 'CREATE_ORG', 'SUBSCRIPTION', 'TEAM_MEMBER']);
    expect(InvitationAcceptanceKind).toEqual(['advisor', 'client', 'create-org', 'team-member']);
    expect(InvitationDeliveryMethod).toEqual(['EMAIL', 'LINK', 'SMS']);
    expect(InvitationStatus).toEqual(['ACCEPTED', 'CREATED', 'INVALIDATED', 'ISSUED']);
  });

  it('lists the admin-only role and the user types', () => {
    expect(AdminRole).toEqual(['ADMIN']);
    expect(UserType).toEqual([
      'householdmember',
      'non-user',
      'organizationadmin',
      'organizationmember',
      'professional',
      'superadmin',
      'teamadmin',
      'teammember',
    ]);
  });
});

describe('planning and service enumerations (foundations §3)', () => {
  it('lists goals, rates, payments, progress, interest and risk', () => {
    expect(GoalType).toEqual(['DEBT', 'EXPENSE', 'INVEST', 'SAVING']);
    expect(GoalHorizon).toEqual(['IMMEDIATE', 'SHORT', 'INTERMEDIATE', 'LONG']);
    expect(RateType).toEqual(['FIXED_RATE', 'MARKET_RETURN_PROFILE', 'NONE']);
    expect(PaymentType).toEqual(['FINANCED', 'OUTRIGHT']);
    expect(ProgressStatus).toEqual(['PENDING', 'ONGOING', 'COMPLETED']);
    expect(InterestType).toEqual(['SIMPLE', 'COMPOUND']);
    expect(RiskProfileDimension).toEqual([
      'COMPOSURE',
      'EXPERIENCE',
      'KNOWLEDGE',
      'PERCEPTION',
      'PREFERENCE',
      'TOLERANCE',
    ]);
    expect(RiskLevel).toEqual(['LOW', 'MODERATE', 'HIGH']);
  });

  it('lists service types, categories, billing starts, payment sources and fee types', () => {
    expect(ServiceType).toEqual(['ONE_OFF_SERVICE', 'ONGOING_SERVICE', 'PRODUCT']);
    expect(ServiceCategory).toEqual(['FINANCIAL_PLANNING', 'INSURANCE', 'INVESTMENT_MANAGEMENT', 'MORTGAGE']);
    expect(BillingStart).toEqual(['CUSTOM_DATE', 'ON_COMPLETION', 'ON_START']);
    expect(PaymentSource).toEqual(['BILLED_FROM_CUSTODIAN', 'MANUAL', 'PAYMENT_PROVIDER']);
    expect(FeeType).toEqual(['AUM_FEE', 'ONE_TIME_FEE', 'RECURRING_PAYMENT']);
  });
});

describe('meeting enumerations (foundations §3, crm §3)', () => {
  it('lists meeting types, task timings, participant roles, agenda items and calendar providers', () => {
    expect(MeetingType).toEqual(['GOOGLE_MEET', 'MICROSOFT_TEAMS', 'IN_PERSON', 'OTHER', 'PHONE', 'SYNC', 'INTERNAL']);
    expect(MeetingTaskTiming).toEqual(['PRE', 'DURING', 'POST']);
    expect(MeetingParticipantRole).toEqual(['CONTACT', 'TEAM_MEMBER', 'EXTERNAL']);
    expect(AgendaItemType).toEqual(['FREEFORM']);
    expect(CalendarProvider).toEqual(['google', 'imap', 'microsoft', 'icloud', 'virtual-calendar']);
  });

  it('permits the six Canadian time zones, as IANA ids the runtime knows', () => {
    expect(MeetingTimeZone).toEqual([
      'America/Halifax',
      'America/Winnipeg',
      'America/Toronto',
      'America/Edmonton',
      'America/St_Johns',
      'America/Vancouver',
    ]);
    expect(Object.values(MEETING_TIME_ZONE_LABELS)).toEqual([
      'Halifax',
      'Winnipeg',
      'Toronto',
      'Edmonton',
      'St Johns',
      'Vancouver',
    ]);
    for (const timeZone of MeetingTimeZone) {
      expect(() => new Intl.DateTimeFormat('en-CA', { timeZone })).not.toThrow();
    }
  });

  it('numbers weekdays 0-6 from Sunday', () => {
    expect(Weekday).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(new Date('2024-03-03T12:00:00Z').getUTCDay()).toBe(0); // a Sunday
  });
});

describe('entity kinds (foundations §3)', () => {
  it('keeps the misspelt account-owner kind in one constant', () => {
    expect(ACCOUNT_OWNER_ENTITY_KIND).toBe('ACOUNT_OWNER');
    expect(EntityKind).toContain(ACCOUNT_OWNER_ENTITY_KIND);
    expect(EntityKind).not.toContain('ACCOUNT_OWNER');
  });

  it('lists the 39 named kinds, the account owner and SUPER_ADMIN, as id prefixes when lower-cased', () => {
    expect(EntityKind).toHaveLength(41);
    expect(EntityKind.slice(0, 5)).toEqual(['BANK_ACCOUNT', 'BASIC_TASK', 'CLIENT', 'CLIENT_REAL_ESTATE', 'CONTACT']);
    expect(EntityKind).toEqual(
      expect.arrayContaining(['TEAM_MEMBER', 'UPDATE_FAMILY_TASK', 'WORKFLOW', 'SUPER_ADMIN']),
    );
    for (const kind of EntityKind) expect(kind.toLowerCase()).toMatch(/^[a-z0-9_]+$/);
    expectDistinct(EntityKind);
  });

  it('makes every kind but SUPER_ADMIN mentionable in lower case', () => {
    expect(MentionableEntityType).toHaveLength(40);
    expect(MentionableEntityType).toContain('contact');
    expect(MentionableEntityType).toContain('team_member');
    expect(MentionableEntityType).toContain('acount_owner');
    expect(MentionableEntityType).not.toContain('super_admin');
    expect(isMentionableEntityType('household')).toBe(true);
    expect(isMentionableEntityType('HOUSEHOLD')).toBe(false);
    expect(isMentionableEntityType('super_admin')).toBe(false);
    expect(isMentionableEntityType(42)).toBe(false);
  });
});

describe('contact, lead and opportunity enumerations (crm §3)', () => {
  it('lists them with the spec values', () => {
    expect(PortalAccess).toEqual(['ACTIVE', 'INVITED', 'NONE', 'REVOKED']);
    expect(Gender).toEqual(['FEMALE', 'MALE', 'OTHER']);
    expect(ContactType).toEqual(['CLIENT', 'LEAD', 'ONBOARDING', 'OTHER', 'PROSPECT']);
    expect(CreatableContactType).toEqual(['OTHER', 'LEAD']);
    expect(EmploymentStatus).toEqual([
      'CONTRACT',
      'FULL_TIME',
      'PART_TIME',
      'RETIRED',
      'SELF_EMPLOYED',
      'STUDENT',
      'UNEMPLOYED',
    ]);
    expect(LeadQualificationReason).toEqual([
      'FRIEND_AND_FAMILY',
      'MATCHES_NICHE',
      'MEETS_AUM',
      'MEETS_HH_INCOME',
      'OTHER',
      'RELATIVE_OF_CLIENT',
      'WILLING_TO_PAY',
    ]);
    expect(Temperature).toEqual(['COLD', 'HOT', 'WARM']);
    expect(OpportunityType).toEqual(['CORPORATION', 'FAMILY', 'LEAD']);
    expect(LeadSource).toHaveLength(20);
    expect(LeadSource).toEqual(expect.arrayContaining(['LINKED_IN', 'LINKS_PROFILE', 'SEO', 'YOUTUBE', 'REFERRAL']));
    expect(DiscoveryMethod).toEqual(['INBOUND', 'INTRODUCTION', 'MUTUAL', 'OUTBOUND']);
    expect(MarketingMedium).toEqual([
      'DIRECT',
      'DISPLAY',
      'EMAIL',
      'ORGANIC',
      'OTHER',
      'PAID_SEARCH',
      'REFERRAL',
      'SOCIAL',
    ]);
    expect(PhoneType).toEqual(['LANDLINE', 'MOBILE']);
  });

  it('keeps the link types capitalised as the spec spells them, each with an https prefix', () => {
    expect(ContactLinkType).toEqual([
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
    ]);
    for (const type of ContactLinkType) expect(CONTACT_LINK_PREFIXES[type]).toMatch(/^https:\/\//);
    for (const plain of ['website', 'blog', 'link', 'meeting'] as const)
      expect(CONTACT_LINK_PREFIXES[plain]).toBe('https://');
    expect(CONTACT_LINK_PREFIXES.LinkedIn).toBe('https://www.linkedin.com/in/');
  });
});

describe('task, practice and form enumerations (crm §3, foundations §2)', () => {
  it('lists task statuses, owner kinds and workflow views', () => {
    expect(TaskStatus).toEqual([
      'BLOCKED',
      'CANCELLED',
      'DONE',
      'IN_PROGRESS',
      'IN_REVIEW',
      'SCHEDULED',
      'TODO',
      'TRIAGE',
    ]);
    expect(TaskOwnerKind).toEqual([
      'TEAM',
      'HOUSEHOLD',
      'PROFESSIONAL',
      'CONTACT',
      'PERSON',
      'CORPORATION',
      'FOUNDATION',
      'TRUST',
      'GROUP',
    ]);
    expect(WorkflowTaskView).toEqual(['AVAILABLE', 'COMPLETED']);
  });

  it('lists integrations, connections, organizations and regulators with their names', () => {
    expect(IntegrationService).toEqual(['NDEX', 'NYLAS', 'PLAID', 'STRIPE', 'WEALTHICA']);
    expect(ConnectionStatus).toEqual(['CANCELLED', 'CREATED', 'FAILED', 'PENDING', 'SUCCESS']);
    expect(OrganizationType).toEqual(['CORPORATION', 'LIMITED_PARTNERSHIP', 'SOLE_PROPRIETORSHIP']);
    expect(Regulator).toEqual([
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
    ]);
    expect(Object.keys(REGULATOR_NAMES)).toEqual([...Regulator]);
    expect(REGULATOR_NAMES.OSC).toBe('Ontario Securities Commission');
  });

  it('lists custom fields, note sorting and snapshot groups', () => {
    expect(CustomFieldType).toEqual([
      'CHECKBOX',
      'CURRENCY_VALUE',
      'DATE',
      'MULTI_SELECT',
      'NUMBER',
      'SINGLE_SELECT',
      'TEXT',
      'TEXTAREA',
      'EXTERNAL_URL',
    ]);
    expect(CustomFieldEntityKind).toEqual(['CONTACT', 'HOUSEHOLD', 'PROFESSIONAL', 'TEAM']);
    expect(NoteSortField).toEqual(['CREATED_AT']);
    expect(SortOrder).toEqual(['ASC', 'DESC']);
    expect(FinancialSnapshotGroup).toEqual(['SAVINGS_AND_INVESTMENTS', 'PROPERTY_AND_REAL_ASSETS', 'TOTAL_DEBT']);
    expect(Object.values(FINANCIAL_SNAPSHOT_GROUP_LABELS)).toEqual([
      'Savings and investments',
      'Property and real assets',
      'Total debt',
    ]);
  });

  it('lists 18 designations with titles, the six the spec names among them', () => {
    expect(ProfessionalDesignation).toHaveLength(18);
    expectDistinct(ProfessionalDesignation);
    expect(ProfessionalDesignation.slice(0, 6)).toEqual(['CFP', 'CFA', 'CPA', 'CIM', 'CLU', 'TEP']);
    expect(Object.keys(PROFESSIONAL_DESIGNATION_TITLES)).toEqual([...ProfessionalDesignation]);
    expect(PROFESSIONAL_DESIGNATION_TITLES.CFP).toBe('Certified Financial Planner');
    expect(PROFESSIONAL_DESIGNATION_TITLES.TEP).toBe('Trust and Estate Practitioner');
  });

  it('lists the form field kinds and button types', () => {
    expect(FormFieldKind).toEqual([
      'AvatarUpload',
      'Checkbox',
      'Currency',
      'DatePicker',
      'DynamicSelect',
      'Editor',
      'FieldGroup',
      'Header',
      'MultiSelect',
      'MultipleItem',
      'RadioGroup',
      'Relationships',
      'Select',
      'Switch',
      'TextField',
      'Upload',
    ]);
    expect(FormButtonType).toEqual(['button', 'submit']);
  });
});

describe('shared enumerations (foundations §1, §3)', () => {
  it('lists source systems, family roles and logo types', () => {
    // The spec's 18, then Salesforce and Redtail (issue 14).
    expect(ExternalSourceSystem).toHaveLength(20);
    expectDistinct(ExternalSourceSystem);
    expect(ExternalSourceSystem).toEqual(expect.arrayContaining(['WEALTHBOX', 'PIPEDRIVE', 'EQUISOFT', 'TEST']));
    expect(ExternalSourceSystem.slice(-2)).toEqual(['SALESFORCE', 'REDTAIL']);
    expect(FamilyMemberRole).toEqual(['HEAD', 'MEMBER']);
    expect(BrandLogoType).toEqual(['HORIZONTAL', 'SQUARE']);
  });
});
