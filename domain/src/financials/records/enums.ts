/**
 * Enumerations of financial records (foundations §3). Each is an `as const` array of the stored
 * values with a type of the same name, as for the user roles.
 */

/** The kinds of financial record a household can hold. */
export const FinancialRecordType = [
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
] as const;
export type FinancialRecordType = (typeof FinancialRecordType)[number];

/** Whether a record counts for or against net worth (see `accounts/` for the mapping). */
export const BalanceSheetSide = ['ASSET', 'LIABILITY'] as const;
export type BalanceSheetSide = (typeof BalanceSheetSide)[number];

/** Who may own a financial record. Spelt in title case, as the spec spells them. */
export const OwnerKind = ['Person', 'Corporation', 'Trust', 'Foundation'] as const;
export type OwnerKind = (typeof OwnerKind)[number];

/** How a record's data arrives: a live connection, a managed feed or manual entry. */
export const ConnectionType = ['CONNECTION', 'MANAGED', 'MANUAL'] as const;
export type ConnectionType = (typeof ConnectionType)[number];

/** The groups records are shown under. */
export const AccountGroup = [
  'BANKING',
  'CREDIT_CARDS',
  'INVESTMENT',
  'LINES_OF_CREDIT',
  'LOANS',
  'MORTGAGES',
  'PRIVATE_INVESTMENT',
  'REAL_ASSETS',
] as const;
export type AccountGroup = (typeof AccountGroup)[number];

export const BankAccountType = ['CHECKING', 'SAVINGS'] as const;
export type BankAccountType = (typeof BankAccountType)[number];

/** Investment account types, Canadian and US (foundations §3), in the spec's order. */
export const InvestmentAccountType = [
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
] as const;
export type InvestmentAccountType = (typeof InvestmentAccountType)[number];

/**
 * Display names of the investment account types, without a flag (`accounts/` adds the flag). The
 * spec gives no labels; these are the names the plans are known by.
 */
export const INVESTMENT_ACCOUNT_TYPE_LABELS: Readonly<Record<InvestmentAccountType, string>> = {
  ACCOUNT_401K: '401(k)',
  ACCOUNT_403B: '403(b)',
  ACCOUNT_457B: '457(b)',
  ACCOUNT_529: '529 Plan',
  CASH: 'Cash',
  CRYPTO: 'Crypto',
  DCPP: 'DCPP',
  DPSP: 'DPSP',
  EPSP: 'EPSP',
  ESA: 'Coverdell ESA',
  ESOP: 'ESOP',
  ESPP: 'ESPP',
  FHSA: 'FHSA',
  HSA: 'HSA',
  IPP: 'IPP',
  LIF: 'LIF',
  LIRA: 'LIRA',
  LRIF: 'LRIF',
  LRSP: 'LRSP',
  NRSP: 'Non-registered',
  OTHER: 'Other',
  PRIF: 'PRIF',
  RDSP: 'RDSP',
  RESP: 'RESP',
  RLSP: 'RLSP',
  ROTH_401K: 'Roth 401(k)',
  ROTH_403B: 'Roth 403(b)',
  ROTH_IRA: 'Roth IRA',
  RPP: 'RPP',
  RRIF: 'RRIF',
  RRSP: 'RRSP',
  SEP_IRA: 'SEP IRA',
  SIMPLE_IRA: 'SIMPLE IRA',
  SPP: 'SPP',
  TFSA: 'TFSA',
  TRADITIONAL_IRA: 'Traditional IRA',
  UGMA: 'UGMA',
  UTMA: 'UTMA',
  VRSP: 'VRSP',
};

/** How an investment account is taxed (foundations §5, "Tax status by account type"). */
export const TaxStatus = ['TAXABLE', 'TAX_DEFERRED', 'TAX_EXEMPT', 'DEDUCTIBLE_FREE'] as const;
export type TaxStatus = (typeof TaxStatus)[number];

/** Whether an attribute may be set when an account is created (foundations §5). */
export const Creatability = ['OPTIONAL', 'NEVER'] as const;
export type Creatability = (typeof Creatability)[number];

export const DebtType = ['CREDIT_CARD', 'LOC', 'SECURED_LOAN', 'UNSECURED_LOAN'] as const;
export type DebtType = (typeof DebtType)[number];

export const SecuredLoanPurpose = ['AUTO', 'DEPOSIT', 'HELOC', 'MORTGAGE', 'OTHER'] as const;
export type SecuredLoanPurpose = (typeof SecuredLoanPurpose)[number];

export const PropertyKind = ['COMMERCIAL', 'FARM', 'INDUSTRIAL', 'LAND', 'RESIDENTIAL'] as const;
export type PropertyKind = (typeof PropertyKind)[number];

export const RealAssetType = [
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
] as const;
export type RealAssetType = (typeof RealAssetType)[number];

export const PaymentFrequency = [
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
] as const;
export type PaymentFrequency = (typeof PaymentFrequency)[number];

/** The period of the frequencies crm §9 names: a year, three months, one month. */
export const PAYMENT_FREQUENCY_PERIOD_MONTHS = {
  ANNUALLY: 12,
  QUARTERLY: 3,
  MONTHLY: 1,
} as const satisfies Partial<Record<PaymentFrequency, number>>;

export const IncomeType = [
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
] as const;
export type IncomeType = (typeof IncomeType)[number];

export const PensionSubtype = ['CPP', 'IPP', 'OAS', 'QPP', 'RPP', 'SOCIAL_SECURITY', 'SPP'] as const;
export type PensionSubtype = (typeof PensionSubtype)[number];

/** The Canadian rule set: every pension subtype except SOCIAL_SECURITY. */
export const CanadianPensionSubtype = [
  'CPP',
  'IPP',
  'OAS',
  'QPP',
  'RPP',
  'SPP',
] as const satisfies readonly PensionSubtype[];
export type CanadianPensionSubtype = (typeof CanadianPensionSubtype)[number];

/**
 * Benefit formula types of a defined-benefit pension. The same values as `BenefitFormulaType` of
 * `pension/` (an object there, and that name is taken in the package index), kept equal by a test.
 */
export const PensionBenefitFormulaType = [
  'CAREER_AVERAGE_EARNINGS',
  'FINAL_AVERAGE_EARNINGS',
  'FLAT_BENEFIT',
  'OTHER',
] as const;
export type PensionBenefitFormulaType = (typeof PensionBenefitFormulaType)[number];

export const SecurityType = ['COMMON_STOCK', 'CONVERTIBLE_NOTE', 'PREFERRED_STOCK', 'SAFE'] as const;
export type SecurityType = (typeof SecurityType)[number];

export const SECURITY_TYPE_LABELS: Readonly<Record<SecurityType, string>> = {
  COMMON_STOCK: 'Common stock',
  CONVERTIBLE_NOTE: 'Convertible note',
  PREFERRED_STOCK: 'Preferred stock',
  SAFE: 'SAFE',
};
