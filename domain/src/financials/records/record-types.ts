import { z } from 'zod';
import { listOf } from '../../shared/input/lists.js';
import { isStorableIsoDate } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import {
  AccountGroup,
  BalanceSheetSide,
  ConnectionType,
  FinancialRecordType,
  BankAccountType,
  InvestmentAccountType,
  OwnerKind,
  PaymentFrequency,
  PensionBenefitFormulaType,
  PropertyKind,
  RealAssetType,
  SecuredLoanPurpose,
  SecurityType,
  TaxStatus,
} from './enums.js';
import { FinancialSnapshotGroup } from '../financial-view/enums.js';
import { CountryCode } from '../../shared/regions/regions.js';
import { requiredString } from '../../shared/input/common.js';
import { recordSyncInfoSchema } from '../../hub/connections/schemas.js';
import { createShape, editShape, type FieldSpec, type FieldSpecs, outputShape } from './record-fields.js';
import { idOf, moneyJsonSchema } from '../shared-schemas.js';
import type { EnumerationName } from '../../catalogue.js';

/** What each record type is called in labels and messages. */
export const RECORD_TYPE_LABELS: Readonly<Record<FinancialRecordType, string>> = {
  BANK_ACCOUNT: 'Bank account',
  COMPANY_EQUITY: 'Company equity',
  CREDIT_CARD: 'Credit card',
  DEFINED_BENEFIT_PENSION: 'Defined-benefit pension',
  INSURANCE_POLICY: 'Insurance policy',
  INVESTMENT_ACCOUNT: 'Investment account',
  LINE_OF_CREDIT: 'Line of credit',
  LOAN: 'Loan',
  MORTGAGE: 'Mortgage',
  PRIVATE_INVESTMENT: 'Private investment',
  REAL_ASSET: 'Real asset',
  REAL_ESTATE_PROPERTY: 'Real estate property',
};

/** The id prefix of a financial record of each type: its row in financial_records and its type table share the id. */
export const FINANCIAL_RECORD_ID_TYPE = {
  BANK_ACCOUNT: EntityType.bankAccount,
  COMPANY_EQUITY: EntityType.companyEquity,
  CREDIT_CARD: EntityType.creditCardAccount,
  DEFINED_BENEFIT_PENSION: EntityType.definedBenefitPension,
  INSURANCE_POLICY: EntityType.insurancePolicy,
  INVESTMENT_ACCOUNT: EntityType.investmentAccount,
  LINE_OF_CREDIT: EntityType.lineOfCreditAccount,
  LOAN: EntityType.loanAccount,
  MORTGAGE: EntityType.mortgage,
  PRIVATE_INVESTMENT: EntityType.privateInvestment,
  REAL_ASSET: EntityType.realAsset,
  REAL_ESTATE_PROPERTY: EntityType.clientRealEstate,
} as const satisfies Record<FinancialRecordType, EntityType>;

const money = (label: string): FieldSpec => ({ kind: 'money', label });
const amount = (label: string): FieldSpec => ({ kind: 'money', label, nonNegative: true });
const percent = (label: string): FieldSpec => ({ kind: 'decimal', label, min: 0, max: 100 });
const date = (label: string): FieldSpec => ({ kind: 'date', label });
const text = (label: string): FieldSpec => ({ kind: 'text', label });
const choice = (
  label: string,
  enumeration: EnumerationName,
  values: readonly [string, ...string[]],
  required = false,
): FieldSpec => ({
  kind: 'enum',
  label,
  values,
  enumeration,
  required,
});

/** A debt may name any record as its security; the service accepts only an asset of the household. */
const RECORD_ID_PREFIXES = Object.values(FINANCIAL_RECORD_ID_TYPE);
const securedBy: FieldSpec = { kind: 'reference', label: 'Secured by', prefixes: RECORD_ID_PREFIXES };

/** The fields of each record type's own table (foundations §3), as the API reads and writes them. */
export const RECORD_FIELDS = {
  BANK_ACCOUNT: {
    bankAccountType: choice('Bank account type', 'BankAccountType', BankAccountType, true),
    balance: money('Balance'),
    interestRatePercent: percent('Interest rate'),
  },
  INVESTMENT_ACCOUNT: {
    accountType: choice('Account type', 'InvestmentAccountType', InvestmentAccountType, true),
    taxStatus: choice('Tax status', 'TaxStatus', TaxStatus),
    jurisdiction: choice('Jurisdiction', 'CountryCode', CountryCode),
    marketValue: money('Market value'),
    costBasis: money('Cost basis'),
  },
  CREDIT_CARD: {
    balance: money('Balance'),
    creditLimit: amount('Credit limit'),
    interestRatePercent: percent('Interest rate'),
    lastFourDigits: text('Last four digits'),
    securedByRecordId: securedBy,
  },
  LINE_OF_CREDIT: {
    balance: money('Balance'),
    creditLimit: amount('Credit limit'),
    interestRatePercent: percent('Interest rate'),
    securedByRecordId: securedBy,
  },
  LOAN: {
    originalAmount: amount('Original amount'),
    balance: money('Balance'),
    interestRatePercent: percent('Interest rate'),
    paymentAmount: amount('Payment amount'),
    paymentFrequency: choice('Payment frequency', 'PaymentFrequency', PaymentFrequency),
    startDate: date('Start date'),
    maturityDate: date('Maturity date'),
    securedByRecordId: securedBy,
  },
  MORTGAGE: {
    propertyId: { kind: 'reference', label: 'Property', prefixes: [EntityType.clientRealEstate] },
    originalAmount: amount('Original amount'),
    balance: money('Balance'),
    interestRatePercent: percent('Interest rate'),
    paymentAmount: amount('Payment amount'),
    paymentFrequency: choice('Payment frequency', 'PaymentFrequency', PaymentFrequency),
    termStartDate: date('Term start date'),
    termEndDate: date('Term end date'),
    amortizationMonths: { kind: 'integer', label: 'Amortization months', min: 1 },
  },
  REAL_ESTATE_PROPERTY: {
    propertyKind: choice('Property kind', 'PropertyKind', PropertyKind, true),
    line1: text('Line 1'),
    line2: text('Line 2'),
    city: text('City'),
    province: text('Province'),
    postalCode: text('Postal code'),
    countryName: text('Country'),
    marketValue: amount('Market value'),
    purchasePrice: amount('Purchase price'),
    purchaseDate: date('Purchase date'),
    isPrimaryResidence: { kind: 'boolean', label: 'Primary residence' },
  },
  REAL_ASSET: {
    assetType: choice('Asset type', 'RealAssetType', RealAssetType, true),
    description: text('Description'),
    value: amount('Value'),
    purchasePrice: amount('Purchase price'),
    purchaseDate: date('Purchase date'),
  },
  INSURANCE_POLICY: {
    insuredPersonId: { kind: 'reference', label: 'Insured person', prefixes: [EntityType.person] },
    policyType: text('Policy type'),
    insurer: text('Insurer'),
    policyNumber: text('Policy number'),
    issueDate: date('Issue date'),
    faceAmount: amount('Face amount'),
    premium: amount('Premium'),
    premiumFrequency: choice('Premium frequency', 'PaymentFrequency', PaymentFrequency),
    cashValue: amount('Cash value'),
  },
  DEFINED_BENEFIT_PENSION: {
    formulaType: choice('Benefit formula type', 'PensionBenefitFormulaType', PensionBenefitFormulaType, true),
    planName: text('Plan name'),
    employerName: text('Employer name'),
    serviceStartDate: { kind: 'date', label: 'Service start date', required: true },
    serviceEndDate: date('Service end date'),
    fullRetirementDate: date('Full retirement date'),
    retirementDate: date('Retirement date'),
    averageSalary: amount('Average salary'),
    finalAverageSalary: amount('Final average salary'),
    accrualRatePercent: percent('Accrual rate'),
    amountPerYear: amount('Amount per year'),
    perYearAmountCap: amount('Per-year amount cap'),
    accruedAmountCap: amount('Accrued amount cap'),
    yearsOfServiceCap: { kind: 'decimal', label: 'Years of service cap', min: 0, max: 100 },
    earlyRetirementPenaltyPercentPerYear: {
      kind: 'decimal',
      label: 'Early retirement penalty rate',
      min: 0,
      max: 100,
      defaulted: true,
    },
    earlyRetirementPenaltyCapPercent: percent('Early retirement penalty cap'),
    expectedYearsInRetirement: { kind: 'decimal', label: 'Expected years in retirement', min: 0, max: 100 },
    discountRatePercent: { kind: 'decimal', label: 'Discount rate', min: 0, max: 100, defaulted: true },
  },
  PRIVATE_INVESTMENT: {
    investmentName: text('Investment name'),
    investmentDate: date('Investment date'),
    investedAmount: amount('Invested amount'),
    currentValue: amount('Current value'),
    ownershipPercent: { kind: 'decimal', label: 'Ownership', min: 0, minExclusive: true, max: 100 },
  },
  COMPANY_EQUITY: {
    companyName: { kind: 'text', label: 'Company name', required: true },
    securityType: choice('Security type', 'SecurityType', SecurityType, true),
    quantity: { kind: 'decimal', label: 'Quantity', min: 0 },
    pricePerShare: amount('Price per share'),
    currentValue: amount('Current value'),
    grantDate: date('Grant date'),
  },
} as const satisfies Record<FinancialRecordType, FieldSpecs>;

/** The record types whose table has a `securedByRecordId` (foundations §3: secured by an asset). */
export function hasSecuredBy(type: FinancialRecordType): type is 'CREDIT_CARD' | 'LINE_OF_CREDIT' | 'LOAN' {
  return type === 'CREDIT_CARD' || type === 'LINE_OF_CREDIT' || type === 'LOAN';
}

/** Messages of the record routes' own inputs; ours (the spec's are in schemas.ts). */
export const RecordInputMessage = {
  householdRequired: 'Household is required',
  typeRequired: 'Financial record type is required',
  typeInvalid: 'Financial record type is not valid',
  connectionTypeInvalid: 'Connection type must be MANUAL or MANAGED (connections set CONNECTION)',
  ownerInvalid: 'Owner must be a person, corporation, trust or foundation',
  ownerRequired: 'Owner is required',
  personRequired: 'Person is required',
  personInvalid: 'Person must be a person id',
  recordIdInvalid: 'Invalid financial record id',
  jointNotBoolean: 'Joint must be true or false',
} as const;

/** The prefixes of the ids of the four owner kinds. */
export const OWNER_ID_PREFIXES: Readonly<Record<OwnerKind, string>> = {
  Person: EntityType.person,
  Corporation: EntityType.corporation,
  Trust: EntityType.trust,
  Foundation: EntityType.foundation,
};

/** The owner kind an id names, by its prefix, or undefined. */
export function ownerKindOfId(id: string): OwnerKind | undefined {
  const prefix = id.slice(0, id.indexOf('-'));
  return OwnerKind.find((kind) => OWNER_ID_PREFIXES[kind] === prefix);
}

export const ownerIdSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? undefined : value),
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? RecordInputMessage.ownerRequired : RecordInputMessage.ownerInvalid,
    })
    .pipe(idOf(Object.values(OWNER_ID_PREFIXES), RecordInputMessage.ownerInvalid)),
);

export const personIdSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? undefined : value),
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? RecordInputMessage.personRequired : RecordInputMessage.personInvalid,
    })
    .pipe(idOf([EntityType.person], RecordInputMessage.personInvalid)),
);

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  freeText().nullish(),
);
const optionalDate = z.iso
  .date({ error: 'As-of date must be a date (YYYY-MM-DD)' })
  .refine(isStorableIsoDate, 'As-of date must be a date (YYYY-MM-DD)')
  .nullish();

const commonCreate = {
  householdId: requiredString(RecordInputMessage.householdRequired),
  nickname: optionalText,
  name: optionalText,
  connectionType: z.enum(['MANUAL', 'MANAGED'], { error: RecordInputMessage.connectionTypeInvalid }).default('MANUAL'),
  isJoint: z.boolean({ error: RecordInputMessage.jointNotBoolean }).default(false),
  asOfDate: optionalDate,
  /** Owners at creation: person, corporation, trust or foundation ids of the household. */
  owners: listOf(ownerIdSchema).default([]),
};

const commonEdit = {
  nickname: optionalText.optional(),
  name: optionalText.optional(),
  isJoint: z.boolean({ error: RecordInputMessage.jointNotBoolean }).optional(),
  asOfDate: optionalDate.optional(),
};

function createVariant<T extends FinancialRecordType>(type: T) {
  return z.object({ type: z.literal(type), ...commonCreate, ...createShape(RECORD_FIELDS[type]) });
}

/** The body of `POST /financial-records`: the common fields, `type`, and that type's own fields. */
export const createFinancialRecordSchema = z.discriminatedUnion(
  'type',
  [
    createVariant('BANK_ACCOUNT'),
    createVariant('COMPANY_EQUITY'),
    createVariant('CREDIT_CARD'),
    createVariant('DEFINED_BENEFIT_PENSION'),
    createVariant('INSURANCE_POLICY'),
    createVariant('INVESTMENT_ACCOUNT'),
    createVariant('LINE_OF_CREDIT'),
    createVariant('LOAN'),
    createVariant('MORTGAGE'),
    createVariant('PRIVATE_INVESTMENT'),
    createVariant('REAL_ASSET'),
    createVariant('REAL_ESTATE_PROPERTY'),
  ],
  {
    error: (issue) => {
      const input = issue.input as { type?: unknown } | undefined;
      return input?.type === undefined || input.type === null
        ? RecordInputMessage.typeRequired
        : RecordInputMessage.typeInvalid;
    },
  },
);
export type CreateFinancialRecordInput = z.input<typeof createFinancialRecordSchema>;
export type CreateFinancialRecord = z.output<typeof createFinancialRecordSchema>;

/** The body of `PATCH /financial-records/{id}` for a record of `type`: any common or own field. */
export function editFinancialRecordSchema(type: FinancialRecordType) {
  return z.object({ ...commonEdit, ...editShape(RECORD_FIELDS[type]) });
}
/** For the API document: every type's edit body. */
export const editFinancialRecordDocumentSchema = z.union(
  FinancialRecordType.map((type) => editFinancialRecordSchema(type)) as unknown as [
    z.ZodType,
    z.ZodType,
    ...z.ZodType[],
  ],
);

export const financialRecordIdParamsSchema = z.object({
  financialRecordId: idOf(RECORD_ID_PREFIXES, RecordInputMessage.recordIdInvalid),
});

// ─── Responses ────────────────────────────────────────────────────────────────────────────────

const partySchema = z.object({ personId: z.string(), name: z.string() });

export const recordOwnerSchema = z.object({
  /** The owner row's id (`acount_owner-...`). */
  id: z.string(),
  ownerKind: z.enum(OwnerKind),
  /** The person, corporation, trust or foundation. */
  entityId: z.string(),
  name: z.string(),
});

export const additionalCardResponseSchema = z.object({
  id: z.string(),
  description: z.string(),
  firstFourDigits: z.string(),
  lastFourDigits: z.string(),
});

/** The defined-benefit payout from `pension/` (null figures and an error when it cannot be calculated). */
export const pensionPayoutSchema = z.object({
  yearsOfService: z.string().nullable(),
  accruedAnnualBenefit: moneyJsonSchema.nullable(),
  earlyRetirementReduction: z.string().nullable(),
  annualPayout: moneyJsonSchema.nullable(),
  commutedValue: moneyJsonSchema.nullable(),
  error: z.string().nullable(),
});
export type PensionPayout = z.infer<typeof pensionPayoutSchema>;

export const recordDetailsSchema = z.union(
  FinancialRecordType.map((type) => z.object(outputShape(RECORD_FIELDS[type]))) as unknown as [
    z.ZodType,
    z.ZodType,
    ...z.ZodType[],
  ],
);
/** A record's own fields, as the response gives them (money `{value, currency}`, decimals as strings). */
export type RecordDetails = Record<string, RecordDetailValue>;
export type RecordDetailValue = string | number | boolean | null | { value: string; currency: string };

export const financialRecordResponseSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  type: z.enum(FinancialRecordType),
  side: z.enum(BalanceSheetSide),
  accountGroup: z.enum(AccountGroup),
  snapshotGroup: z.enum(FinancialSnapshotGroup),
  /** The type's label; for an investment account the account type with its country's flag ('🇨🇦 TFSA'). */
  label: z.string(),
  /** The nickname, else the institution's name, else the label. */
  displayName: z.string(),
  nickname: z.string().nullable(),
  name: z.string().nullable(),
  connectionType: z.enum(ConnectionType),
  isJoint: z.boolean(),
  asOfDate: z.string().nullable(),
  owners: z.array(recordOwnerSchema),
  borrowers: z.array(partySchema),
  cosigners: z.array(partySchema),
  additionalCards: z.array(additionalCardResponseSchema),
  /** For a secured debt: the securing asset and the secured type it implies. */
  securedBy: z.object({ recordId: z.string(), securedType: z.enum(SecuredLoanPurpose) }).nullable(),
  details: recordDetailsSchema,
  pension: pensionPayoutSchema.nullable(),
  /** What the record counts for in net worth, in its own currency (null when not recorded). */
  value: moneyJsonSchema.nullable(),
  /** The value in the requested currency, when one was requested. */
  converted: moneyJsonSchema.nullable().optional(),
  /** Freshness of a record that came through a connection (the household page's badge); null for the others. */
  sync: recordSyncInfoSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FinancialRecordResponse = Omit<z.infer<typeof financialRecordResponseSchema>, 'details'> & {
  details: RecordDetails;
};
