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

export const FINANCIAL_RECORD_TYPE_LABELS: Readonly<Record<FinancialRecordType, string>> = {
  BANK_ACCOUNT: 'Bank account',
  COMPANY_EQUITY: 'Company equity',
  CREDIT_CARD: 'Credit card',
  DEFINED_BENEFIT_PENSION: 'Defined benefit pension',
  INSURANCE_POLICY: 'Insurance policy',
  INVESTMENT_ACCOUNT: 'Investment account',
  LINE_OF_CREDIT: 'Line of credit',
  LOAN: 'Loan',
  MORTGAGE: 'Mortgage',
  PRIVATE_INVESTMENT: 'Private investment',
  REAL_ASSET: 'Real asset',
  REAL_ESTATE_PROPERTY: 'Real estate property',
};

/** Whether a record counts for or against net worth (see `accounts/` for the mapping). */
export const BalanceSheetSide = ['ASSET', 'LIABILITY'] as const;
export type BalanceSheetSide = (typeof BalanceSheetSide)[number];

export const BALANCE_SHEET_SIDE_LABELS: Readonly<Record<BalanceSheetSide, string>> = {
  ASSET: 'Asset',
  LIABILITY: 'Liability',
};

/** Who may own a financial record. Spelt in title case, as the spec spells them. */
export const OwnerKind = ['Person', 'Corporation', 'Trust', 'Foundation'] as const;
export type OwnerKind = (typeof OwnerKind)[number];

export const OWNER_KIND_LABELS: Readonly<Record<OwnerKind, string>> = {
  Person: 'Person',
  Corporation: 'Corporation',
  Trust: 'Trust',
  Foundation: 'Foundation',
};

/** How a record's data arrives: a live connection, a managed feed or manual entry. */
export const ConnectionType = ['CONNECTION', 'MANAGED', 'MANUAL'] as const;
export type ConnectionType = (typeof ConnectionType)[number];

export const CONNECTION_TYPE_LABELS: Readonly<Record<ConnectionType, string>> = {
  CONNECTION: 'Linked',
  MANAGED: 'Managed feed',
  MANUAL: 'Manual',
};

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

export const ACCOUNT_GROUP_LABELS: Readonly<Record<AccountGroup, string>> = {
  BANKING: 'Banking',
  CREDIT_CARDS: 'Credit cards',
  INVESTMENT: 'Investments',
  LINES_OF_CREDIT: 'Lines of credit',
  LOANS: 'Loans',
  MORTGAGES: 'Mortgages',
  PRIVATE_INVESTMENT: 'Private investments',
  REAL_ASSETS: 'Real assets',
};

export const BankAccountType = ['CHECKING', 'SAVINGS'] as const;
export type BankAccountType = (typeof BankAccountType)[number];

export const BANK_ACCOUNT_TYPE_LABELS: Readonly<Record<BankAccountType, string>> = {
  CHECKING: 'Chequing',
  SAVINGS: 'Savings',
};

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

export const TAX_STATUS_LABELS: Readonly<Record<TaxStatus, string>> = {
  TAXABLE: 'Taxable',
  TAX_DEFERRED: 'Tax-deferred',
  TAX_EXEMPT: 'Tax-exempt',
  DEDUCTIBLE_FREE: 'Deductible and tax-free',
};

/** Whether an attribute may be set when an account is created (foundations §5). */
export const Creatability = ['OPTIONAL', 'NEVER'] as const;
export type Creatability = (typeof Creatability)[number];

export const CREATABILITY_LABELS: Readonly<Record<Creatability, string>> = {
  OPTIONAL: 'Optional at creation',
  NEVER: 'Not set at creation',
};

export const DebtType = ['CREDIT_CARD', 'LOC', 'SECURED_LOAN', 'UNSECURED_LOAN'] as const;
export type DebtType = (typeof DebtType)[number];

export const DEBT_TYPE_LABELS: Readonly<Record<DebtType, string>> = {
  CREDIT_CARD: 'Credit card',
  LOC: 'Line of credit',
  SECURED_LOAN: 'Secured loan',
  UNSECURED_LOAN: 'Unsecured loan',
};

export const SecuredLoanPurpose = ['AUTO', 'DEPOSIT', 'HELOC', 'MORTGAGE', 'OTHER'] as const;
export type SecuredLoanPurpose = (typeof SecuredLoanPurpose)[number];

export const SECURED_LOAN_PURPOSE_LABELS: Readonly<Record<SecuredLoanPurpose, string>> = {
  AUTO: 'Auto loan',
  DEPOSIT: 'Deposit',
  HELOC: 'HELOC',
  MORTGAGE: 'Mortgage',
  OTHER: 'Other',
};

export const PropertyKind = ['COMMERCIAL', 'FARM', 'INDUSTRIAL', 'LAND', 'RESIDENTIAL'] as const;
export type PropertyKind = (typeof PropertyKind)[number];

export const PROPERTY_KIND_LABELS: Readonly<Record<PropertyKind, string>> = {
  COMMERCIAL: 'Commercial',
  FARM: 'Farm',
  INDUSTRIAL: 'Industrial',
  LAND: 'Land',
  RESIDENTIAL: 'Residential',
};

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

export const REAL_ASSET_TYPE_LABELS: Readonly<Record<RealAssetType, string>> = {
  BOAT: 'Boat',
  CAR: 'Car',
  CASH: 'Cash',
  COLLECTIBLES: 'Collectibles',
  CUSTOM: 'Other asset',
  FURNITURE: 'Furniture',
  INSTRUMENT: 'Musical instrument',
  JEWELRY: 'Jewellery',
  MACHINERY: 'Machinery',
  MOTORCYCLE: 'Motorcycle',
  OTHER_VEHICLE: 'Other vehicle',
  PRECIOUS_METALS: 'Precious metals',
  REAL_ESTATE: 'Real estate',
};

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

export const PAYMENT_FREQUENCY_LABELS: Readonly<Record<PaymentFrequency, string>> = {
  ANNUALLY: 'Annually',
  BI_WEEKLY: 'Bi-weekly',
  DAILY: 'Daily',
  MONTHLY: 'Monthly',
  ONE_TIME: 'One time',
  OTHER: 'Other',
  QUARTERLY: 'Quarterly',
  SEMI_ANNUALLY: 'Semi-annually',
  SEMI_MONTHLY: 'Semi-monthly',
  VARIED: 'Varies',
  WEEKLY: 'Weekly',
};

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

export const INCOME_TYPE_LABELS: Readonly<Record<IncomeType, string>> = {
  CUSTOM: 'Other income',
  EMPLOYER_CONTRIBUTION: 'Employer contribution',
  HOURLY_WAGE: 'Hourly wage',
  INHERITANCE: 'Inheritance',
  PENSION: 'Pension',
  RENTAL: 'Rental income',
  RSU_GRANT: 'RSU grant',
  SALARY: 'Salary',
  SELF_EMPLOYMENT: 'Self-employment',
  SIDE_HUSTLE: 'Side income',
};

export const PensionSubtype = ['CPP', 'IPP', 'OAS', 'QPP', 'RPP', 'SOCIAL_SECURITY', 'SPP'] as const;
export type PensionSubtype = (typeof PensionSubtype)[number];

export const PENSION_SUBTYPE_LABELS: Readonly<Record<PensionSubtype, string>> = {
  CPP: 'CPP',
  IPP: 'IPP',
  OAS: 'OAS',
  QPP: 'QPP',
  RPP: 'RPP',
  SOCIAL_SECURITY: 'Social Security',
  SPP: 'SPP',
};

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

export const CANADIAN_PENSION_SUBTYPE_LABELS: Readonly<Record<CanadianPensionSubtype, string>> = {
  CPP: PENSION_SUBTYPE_LABELS.CPP,
  IPP: PENSION_SUBTYPE_LABELS.IPP,
  OAS: PENSION_SUBTYPE_LABELS.OAS,
  QPP: PENSION_SUBTYPE_LABELS.QPP,
  RPP: PENSION_SUBTYPE_LABELS.RPP,
  SPP: PENSION_SUBTYPE_LABELS.SPP,
};

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

export const PENSION_BENEFIT_FORMULA_TYPE_LABELS: Readonly<Record<PensionBenefitFormulaType, string>> = {
  CAREER_AVERAGE_EARNINGS: 'Career average earnings',
  FINAL_AVERAGE_EARNINGS: 'Final average earnings',
  FLAT_BENEFIT: 'Flat benefit',
  OTHER: 'Other',
};

export const SecurityType = ['COMMON_STOCK', 'CONVERTIBLE_NOTE', 'PREFERRED_STOCK', 'SAFE'] as const;
export type SecurityType = (typeof SecurityType)[number];

export const SECURITY_TYPE_LABELS: Readonly<Record<SecurityType, string>> = {
  COMMON_STOCK: 'Common stock',
  CONVERTIBLE_NOTE: 'Convertible note',
  PREFERRED_STOCK: 'Preferred stock',
  SAFE: 'SAFE',
};
