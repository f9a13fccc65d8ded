import { Decimal } from 'decimal.js';
import {
  countryOf,
  DEFAULT_RETIREMENT_AGE,
  EntityType,
  ExpenseSubtypeCategory,
  INVESTMENT_ACCOUNT_TYPE_LABELS,
  newId,
  PlanIncomeKind,
  regionCodeOf,
  TAX_PROVINCE_BY_PROVINCE_CODE,
  type CanadianProvinceCode,
  type CountryCode,
  type CurrencyCode,
  type FlowChange,
  type MoneyJson,
  type PaymentFrequency,
  type PensionInput,
  type PlanAccount,
  type PlanAsset,
  type PlanAssetKind,
  type PlanExpense,
  type PlanIncome,
  type PlanLiability,
  type PlanPerson,
  type TaxProvince,
  type TimePoint,
} from '@meridian/domain';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import type { PlanParts } from './plans.writer.js';

interface DecimalLike {
  toFixed(): string;
}
type Amount = DecimalLike | null;

/** Reads what a plan is made from: the household's persons, addresses, records and cash flows. */
export async function readHouseholdSnapshot(tx: TenantTransaction, householdId: string) {
  const persons = await tx.person.findMany({
    where: { householdId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, firstName: true, lastName: true, displayName: true, dateOfBirth: true },
  });
  const personIds = persons.map((person) => person.id);
  const [familyAddresses, contactAddresses, records, sources] = await Promise.all([
    tx.familyAddress.findMany({
      where: { family: { householdId } },
      orderBy: [{ isPrimary: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { province: true, countryName: true },
    }),
    tx.contactAddress.findMany({
      where: { contact: { personId: { in: personIds } } },
      orderBy: [{ isPrimary: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { province: true, countryName: true, contact: { select: { personId: true } } },
    }),
    tx.financialRecord.findMany({
      where: { householdId, deletedAt: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: {
        owners: { select: { personId: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
        bankAccount: true,
        investmentAccount: true,
        creditCard: true,
        lineOfCredit: true,
        loan: true,
        mortgage: true,
        realEstateProperty: true,
        realAsset: true,
        definedBenefitPension: true,
      },
    }),
    tx.cashFlowSource.findMany({
      where: { householdId, deletedAt: null, type: { in: ['INCOME', 'EXPENSE', 'CONTRIBUTION'] } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: {
        flows: { where: { status: 'ACTIVE' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
        parties: { select: { personId: true, role: true } },
      },
    }),
  ]);
  return { persons, familyAddresses, contactAddresses, records, sources };
}

export type HouseholdSnapshot = Awaited<ReturnType<typeof readHouseholdSnapshot>>;

const WITH_INFLATION: FlowChange = { type: 'INFLATION', ratePercent: null };
const LEVEL: FlowChange = { type: 'NONE', ratePercent: null };
/**
 * Canadian mortgage interest compounds semi-annually (Interest Act, R.S.C. 1985, c. I-15, s. 6:
 * a blended-payment mortgage states its rate "calculated yearly or half-yearly, not in advance");
 * other debts compound monthly, as card and line-of-credit interest is charged.
 */
const MORTGAGE_COMPOUNDING = { frequency: 'SEMI_ANNUALLY', type: 'COMPOUND' } as const;
const MONTHLY_COMPOUNDING = { frequency: 'MONTHLY', type: 'COMPOUND' } as const;

/** A cash flow source's free-text subtype, as an income kind: employment, the public pensions, and so on. */
const INCOME_KIND_OF_SUBTYPE: Readonly<Record<string, PlanIncomeKind>> = {
  EMPLOYMENT: 'EMPLOYMENT',
  SALARY: 'EMPLOYMENT',
  WAGES: 'EMPLOYMENT',
  BONUS: 'EMPLOYMENT',
  COMMISSION: 'EMPLOYMENT',
  SELF_EMPLOYMENT: 'SELF_EMPLOYMENT',
  SIDE_HUSTLE: 'SELF_EMPLOYMENT',
  BUSINESS: 'SELF_EMPLOYMENT',
  CPP: 'CPP',
  QPP: 'QPP',
  OAS: 'OAS',
  SOCIAL_SECURITY: 'SOCIAL_SECURITY',
  RENTAL: 'RENTAL',
  ANNUITY: 'ANNUITY',
  INHERITANCE: 'INHERITANCE',
  GIFT: 'INHERITANCE',
};

const keyOf = (text: string | null) =>
  (text ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

export function incomeKindOf(subtype: string | null): PlanIncomeKind {
  const key = keyOf(subtype);
  return (
    INCOME_KIND_OF_SUBTYPE[key] ??
    ((PlanIncomeKind as readonly string[]).includes(key) ? (key as PlanIncomeKind) : 'OTHER')
  );
}

export function expenseCategoryOf(subtype: string | null): PlanExpense['category'] {
  const key = keyOf(subtype);
  return (ExpenseSubtypeCategory as readonly string[]).includes(key) ? (key as PlanExpense['category']) : 'OTHER';
}

/** Where a person pays tax, from an address: a Canadian province, or the US; null when the address says neither. */
function residenceOf(address: {
  province: string;
  countryName: string;
}): Pick<PlanPerson, 'country' | 'province'> | null {
  const country = countryOf(address.countryName);
  if (country === 'US') return { country: 'US', province: null };
  if (country !== 'CA') return null;
  const code = regionCodeOf('CA', address.province) as CanadianProvinceCode | undefined;
  const province: TaxProvince | undefined = code ? TAX_PROVINCE_BY_PROVINCE_CODE[code] : undefined;
  // A territory has no provincial table here; the plan starts in Ontario and the advisor corrects it.
  return { country: 'CA', province: province ?? 'ONTARIO' };
}

const REAL_ASSET_KIND: Readonly<Record<string, PlanAssetKind>> = {
  BOAT: 'VEHICLE',
  CAR: 'VEHICLE',
  MOTORCYCLE: 'VEHICLE',
  OTHER_VEHICLE: 'VEHICLE',
  COLLECTIBLES: 'COLLECTIBLE',
  JEWELRY: 'COLLECTIBLE',
  INSTRUMENT: 'COLLECTIBLE',
  REAL_ESTATE: 'REAL_ESTATE',
};

/** The plan made from a household's records (see `planFromSnapshot`). */
export interface SnapshotPlan {
  people: PlanPerson[];
  parts: Required<Pick<PlanParts, 'incomes' | 'expenses' | 'accounts' | 'assets' | 'liabilities'>>;
  /** The one currency of every amount copied, else CAD. */
  currency: CurrencyCode;
}

/**
 * A plan copied from a household's records (crm §3 "Plan"; POST /plans):
 * - people: the persons with a birth date, retiring at 65; tax residence from their own contact's
 *   address, else the household's family address; a Canadian address gives its province, a US one
 *   the US (filing jointly for a couple, else single); none known: Canada, Ontario;
 * - accounts: investment accounts as they are; bank accounts as CASH at their interest rate;
 * - assets: real estate (with its primary-residence flag) and real assets at their value;
 * - liabilities: mortgages (on their property's asset), loans, lines of credit and credit cards
 *   with a balance, at their rate and payment;
 * - incomes and expenses: every active flow of the household's income and expense sources, at its
 *   amount and frequency; an income's kind from its source's subtype (employment to retirement,
 *   CPP/QPP/OAS/Social Security from 65); contributions as their account's planned contribution;
 * - a defined-benefit pension: an income of kind DEFINED_BENEFIT_PENSION carrying its formula.
 * Owners and earners are the record's persons that are in the plan; a record with none is the
 * first person's (an account has one owner, or two for a joint one).
 */
export function planFromSnapshot(snapshot: HouseholdSnapshot, today: Date): SnapshotPlan {
  const startYear = today.getUTCFullYear();
  const dated = snapshot.persons.filter((person) => person.dateOfBirth !== null);
  const usCouple = dated.length > 1;
  const householdResidence = snapshot.familyAddresses.map(residenceOf).find((residence) => residence !== null) ?? null;
  const people: PlanPerson[] = dated.map((person) => {
    const own = snapshot.contactAddresses
      .filter((address) => address.contact.personId === person.id)
      .map(residenceOf)
      .find((residence) => residence !== null);
    const residence = own ?? householdResidence ?? { country: 'CA' as CountryCode, province: 'ONTARIO' as TaxProvince };
    return {
      personId: person.id,
      name: person.displayName?.trim() || `${person.firstName} ${person.lastName}`.trim(),
      birthDate: person.dateOfBirth!.toISOString().slice(0, 10),
      retirementAge: DEFAULT_RETIREMENT_AGE,
      country: residence.country,
      province: residence.country === 'CA' ? residence.province : null,
      usFilingStatus: residence.country === 'US' ? (usCouple ? 'MARRIED_FILING_JOINTLY' : 'SINGLE') : null,
      rrspRoom: null,
      tfsaRoom: null,
    };
  });
  const inPlan = new Set(people.map((person) => person.personId));
  const first = people[0]?.personId;
  const ownersOf = (ids: readonly (string | null)[], max: number): string[] => {
    const owners = [...new Set(ids.filter((id): id is string => id !== null && inPlan.has(id)))].slice(0, max);
    return owners.length > 0 || first === undefined ? owners : [first];
  };

  // Every amount copied, to choose the plan's currency; CAD stands in for an amount with none.
  const currencies = new Set<string>();
  const moneyOf = (value: Amount, currency: string | null): MoneyJson | null => {
    if (value === null || currency === null) return null;
    currencies.add(currency);
    return { value: value.toFixed(), currency: currency as CurrencyCode };
  };
  const zero = (currency: string | null): MoneyJson => ({ value: '0', currency: (currency ?? 'CAD') as CurrencyCode });
  const positive = (value: Amount) => value !== null && new Decimal(value.toFixed()).gt(0);
  const percentText = (value: Amount) => (value === null ? '0' : value.toFixed());

  const accounts: PlanAccount[] = [];
  const assets: PlanAsset[] = [];
  const liabilities: PlanLiability[] = [];
  const incomes: PlanIncome[] = [];
  const expenses: PlanExpense[] = [];
  const accountOfRecord = new Map<string, PlanAccount>();
  const assetOfRecord = new Map<string, string>();

  const recordName = (record: { nickname: string | null; name: string | null }, fallback: string) =>
    record.nickname?.trim() || record.name?.trim() || fallback;

  for (const record of snapshot.records) {
    const owners = record.owners.map((owner) => owner.personId);
    const base = { financialRecordId: record.id, owners: ownersOf(owners, 2) };
    if (record.investmentAccount) {
      const account = record.investmentAccount;
      const isCash = account.accountType === 'CASH';
      const plan: PlanAccount = {
        ...base,
        id: newId(EntityType.planAccount),
        name: recordName(record, INVESTMENT_ACCOUNT_TYPE_LABELS[account.accountType]),
        accountType: account.accountType,
        jurisdiction: account.jurisdiction ?? 'CA',
        marketValue: moneyOf(account.marketValue, account.marketValueCurrency) ?? zero(account.marketValueCurrency),
        costBasis: moneyOf(account.costBasis, account.costBasisCurrency),
        dividendPercent: '0',
        feesPercent: '0',
        growth: { type: 'MARKET_RETURN_PROFILE', ratePercent: null, marketClass: isCash ? 'CASH' : 'BALANCED' },
        // Surplus goes to cash first; withdrawals come from cash, then the other accounts in turn.
        liquidityRule: { acceptsSurplus: isCash, priority: isCash ? 1 : 100 },
        withdrawalRule: { allowed: true, order: isCash ? 1 : 100, earliestAge: null },
        paymentsActive: true,
        contribution: null,
        annualTaxExemptAmount: null,
      };
      accounts.push(plan);
      accountOfRecord.set(record.id, plan);
    } else if (record.bankAccount) {
      const bank = record.bankAccount;
      const plan: PlanAccount = {
        ...base,
        id: newId(EntityType.planAccount),
        name: recordName(record, bank.bankAccountType === 'SAVINGS' ? 'Savings account' : 'Chequing account'),
        accountType: 'CASH',
        jurisdiction: 'CA',
        marketValue: moneyOf(bank.balance, bank.balanceCurrency) ?? zero(bank.balanceCurrency),
        costBasis: null,
        dividendPercent: '0',
        feesPercent: '0',
        growth:
          bank.interestRatePercent === null
            ? { type: 'MARKET_RETURN_PROFILE', ratePercent: null, marketClass: 'CASH' }
            : { type: 'FIXED_RATE', ratePercent: bank.interestRatePercent.toFixed(), marketClass: null },
        liquidityRule: { acceptsSurplus: true, priority: 1 },
        withdrawalRule: { allowed: true, order: 1, earliestAge: null },
        paymentsActive: true,
        contribution: null,
        annualTaxExemptAmount: null,
      };
      accounts.push(plan);
      accountOfRecord.set(record.id, plan);
    } else if (record.realEstateProperty) {
      const property = record.realEstateProperty;
      const id = newId(EntityType.planAsset);
      assets.push({
        ...base,
        id,
        name: recordName(record, property.line1?.trim() || 'Property'),
        kind: 'REAL_ESTATE',
        currentValue:
          moneyOf(property.marketValue, property.marketValueCurrency) ??
          moneyOf(property.purchasePrice, property.purchasePriceCurrency) ??
          zero(null),
        costBasis: moneyOf(property.purchasePrice, property.purchasePriceCurrency),
        valueChange: WITH_INFLATION,
        purchase: null,
        sale: null,
        rentalIncome: null,
        isPrimaryResidence: property.isPrimaryResidence,
      });
      assetOfRecord.set(record.id, id);
    } else if (record.realAsset) {
      const asset = record.realAsset;
      const kind = REAL_ASSET_KIND[asset.assetType] ?? 'OTHER';
      const id = newId(EntityType.planAsset);
      assets.push({
        ...base,
        id,
        name: recordName(record, asset.description?.trim() || 'Asset'),
        kind,
        currentValue:
          moneyOf(asset.value, asset.valueCurrency) ??
          moneyOf(asset.purchasePrice, asset.purchasePriceCurrency) ??
          zero(null),
        costBasis: moneyOf(asset.purchasePrice, asset.purchasePriceCurrency),
        // No depreciation is recorded: a vehicle keeps its value until the advisor sets its rate.
        valueChange: kind === 'VEHICLE' ? LEVEL : WITH_INFLATION,
        purchase: null,
        sale: null,
        rentalIncome: null,
        isPrimaryResidence: false,
      });
      assetOfRecord.set(record.id, id);
    }
  }

  for (const record of snapshot.records) {
    const debt = debtOf(record);
    if (!debt || !positive(debt.balance)) continue;
    const balance = moneyOf(debt.balance, debt.balanceCurrency)!;
    const rate = percentText(debt.ratePercent);
    // A recorded payment as it is; a line of credit without one pays its interest (the usual
    // minimum); a card without one is paid off each month.
    const payment =
      debt.paymentAmount !== null && debt.paymentCurrency !== null
        ? { amount: moneyOf(debt.paymentAmount, debt.paymentCurrency)!, frequency: debt.paymentFrequency ?? 'MONTHLY' }
        : debt.type === 'LOC'
          ? { amount: monthlyInterest(balance, rate), frequency: 'MONTHLY' as const }
          : { amount: balance, frequency: 'MONTHLY' as const };
    liabilities.push({
      id: newId(EntityType.planLiability),
      financialRecordId: record.id,
      name: recordName(record, debt.fallbackName),
      type: debt.type,
      currentBalance: balance,
      downPayment: null,
      effectiveDate: null,
      interest: { ratePercent: rate, compounding: debt.mortgage ? MORTGAGE_COMPOUNDING : MONTHLY_COMPOUNDING },
      payment: {
        frequencyAmount: { amount: payment.amount, frequency: payment.frequency as PaymentFrequency },
        start: null,
      },
      assetId: debt.securedBy ? (assetOfRecord.get(debt.securedBy) ?? null) : null,
    });
  }

  const retirementOf = (personId: string): TimePoint => ({ kind: 'RETIREMENT', personId });
  const yearOf = (date: Date | null): TimePoint | null =>
    date && date.getUTCFullYear() > startYear ? { kind: 'YEAR', year: date.getUTCFullYear() } : null;

  for (const record of snapshot.records) {
    const pension = record.definedBenefitPension;
    if (!pension) continue;
    const earner = ownersOf(
      record.owners.map((owner) => owner.personId),
      1,
    );
    if (earner.length === 0) continue;
    const person = people.find((candidate) => candidate.personId === earner[0])!;
    const day = (date: Date | null) => (date === null ? undefined : date.toISOString().slice(0, 10));
    const number = (value: Amount) => (value === null ? undefined : Number(value.toFixed()));
    const retirementYear = Number(person.birthDate.slice(0, 4)) + person.retirementAge;
    const definedBenefit = {
      benefitFormulaType: pension.formulaType,
      serviceStartDate: day(pension.serviceStartDate)!,
      serviceEndDate:
        day(pension.serviceEndDate) ??
        day(pension.retirementDate) ??
        day(pension.fullRetirementDate) ??
        `${retirementYear}-${person.birthDate.slice(5)}`,
      fullRetirementDate: day(pension.fullRetirementDate),
      retirementDate: day(pension.retirementDate),
      averageSalary: number(pension.averageSalary),
      finalAverageSalary: number(pension.finalAverageSalary),
      accrualRatePercent: number(pension.accrualRatePercent),
      amountPerYear: number(pension.amountPerYear),
      perYearAmountCap: number(pension.perYearAmountCap),
      accruedAmountCap: number(pension.accruedAmountCap),
      yearsOfServiceCap: number(pension.yearsOfServiceCap),
      earlyRetirementPenaltyPercentPerYear: number(pension.earlyRetirementPenaltyPercentPerYear) ?? 0,
      earlyRetirementPenaltyCapPercent: number(pension.earlyRetirementPenaltyCapPercent),
      // Paid to the end of the plan (the last person's 100th year) unless the record says how long.
      expectedYearsInRetirement: number(pension.expectedYearsInRetirement) ?? Math.max(1, 100 - person.retirementAge),
      discountRatePercent: number(pension.discountRatePercent) ?? 4,
    };
    const defined = Object.fromEntries(
      Object.entries(definedBenefit).filter(([, value]) => value !== undefined),
    ) as unknown as PensionInput;
    incomes.push({
      id: newId(EntityType.planFlow),
      name: recordName(record, pension.planName?.trim() || 'Defined-benefit pension'),
      kind: 'DEFINED_BENEFIT_PENSION',
      timeFrame: { start: yearOf(pension.retirementDate) ?? retirementOf(person.personId), end: { kind: 'PLAN_END' } },
      frequencyAmount: {
        amount: moneyOf(pension.amountPerYear, pension.amountPerYearCurrency) ?? zero(pension.averageSalaryCurrency),
        frequency: 'ANNUALLY',
      },
      change: LEVEL,
      earners: earner,
      taxExempt: false,
      definedBenefit: defined,
    });
  }

  for (const source of snapshot.sources) {
    const parties = source.parties.map((party) => party.personId);
    for (const flow of source.flows) {
      const name = source.flows.length > 1 ? `${source.name}: ${flow.name}` : source.name;
      const amount = moneyOf(new Decimal(flow.amount.toFixed()).abs(), flow.amountCurrency)!;
      const frequencyAmount = { amount, frequency: flow.frequency };
      const ends = yearOf(flow.endDate);
      if (source.type === 'INCOME') {
        const kind = incomeKindOf(source.subtype);
        const earners = ownersOf(parties, people.length);
        if (earners.length === 0) continue;
        const earned = kind === 'EMPLOYMENT' || kind === 'SELF_EMPLOYMENT';
        const benefit = kind === 'CPP' || kind === 'QPP' || kind === 'OAS' || kind === 'SOCIAL_SECURITY';
        const start: TimePoint =
          yearOf(flow.startDate) ??
          (benefit ? { kind: 'AGE', personId: earners[0]!, age: 65 } : { kind: 'PLAN_START' });
        const end: TimePoint = ends ?? (earned ? retirementOf(earners[0]!) : { kind: 'PLAN_END' });
        incomes.push({
          id: newId(EntityType.planFlow),
          name,
          kind,
          timeFrame: { start, end },
          frequencyAmount,
          change: WITH_INFLATION,
          earners,
          taxExempt: kind === 'INHERITANCE',
          definedBenefit: null,
        });
      } else if (source.type === 'EXPENSE') {
        const fromAccount = source.sourceAccountId ? accountOfRecord.get(source.sourceAccountId) : undefined;
        expenses.push({
          id: newId(EntityType.planFlow),
          name,
          category: expenseCategoryOf(source.subtype),
          timeFrame: { start: yearOf(flow.startDate) ?? { kind: 'PLAN_START' }, end: ends ?? { kind: 'PLAN_END' } },
          frequencyAmount,
          change: WITH_INFLATION,
          spenders: [...new Set(parties.filter((id): id is string => id !== null && inPlan.has(id)))],
          fundingSource: fromAccount ? { kind: 'ACCOUNT', accountId: fromAccount.id } : { kind: 'PLAN_CASH' },
        });
      } else {
        // A contribution: the planned contribution of the account it goes to (the first flow of it).
        const account = source.destinationAccountId ? accountOfRecord.get(source.destinationAccountId) : undefined;
        if (!account || account.contribution !== null) continue;
        const owner = account.owners[0];
        account.contribution = {
          frequencyAmount,
          timeFrame: {
            start: yearOf(flow.startDate) ?? { kind: 'PLAN_START' },
            end: ends ?? (owner ? retirementOf(owner) : { kind: 'PLAN_END' }),
          },
        };
      }
    }
  }

  const only = currencies.size === 1 ? ([...currencies][0] as CurrencyCode) : 'CAD';
  return {
    people,
    parts: { accounts, assets, liabilities, incomes, expenses },
    currency: only,
  };
}

type SnapshotRecord = HouseholdSnapshot['records'][number];

interface Debt {
  type: PlanLiability['type'];
  fallbackName: string;
  balance: Amount;
  balanceCurrency: string | null;
  ratePercent: Amount;
  paymentAmount: Amount;
  paymentCurrency: string | null;
  paymentFrequency: PaymentFrequency | null;
  securedBy: string | null;
  mortgage: boolean;
}

/** A record's debt as a plan liability reads it, or null for a record that is not a debt. */
function debtOf(record: SnapshotRecord): Debt | null {
  if (record.mortgage) {
    const mortgage = record.mortgage;
    return {
      type: 'SECURED_LOAN',
      fallbackName: 'Mortgage',
      balance: mortgage.balance,
      balanceCurrency: mortgage.balanceCurrency,
      ratePercent: mortgage.interestRatePercent,
      paymentAmount: mortgage.paymentAmount,
      paymentCurrency: mortgage.paymentAmountCurrency,
      paymentFrequency: mortgage.paymentFrequency,
      securedBy: mortgage.propertyId,
      mortgage: true,
    };
  }
  if (record.loan) {
    const loan = record.loan;
    return {
      type: loan.securedByRecordId ? 'SECURED_LOAN' : 'UNSECURED_LOAN',
      fallbackName: 'Loan',
      balance: loan.balance,
      balanceCurrency: loan.balanceCurrency,
      ratePercent: loan.interestRatePercent,
      paymentAmount: loan.paymentAmount,
      paymentCurrency: loan.paymentAmountCurrency,
      paymentFrequency: loan.paymentFrequency,
      securedBy: loan.securedByRecordId,
      mortgage: false,
    };
  }
  const revolving = record.lineOfCredit ?? record.creditCard;
  if (!revolving) return null;
  return {
    type: record.lineOfCredit ? 'LOC' : 'CREDIT_CARD',
    fallbackName: record.lineOfCredit ? 'Line of credit' : 'Credit card',
    balance: revolving.balance,
    balanceCurrency: revolving.balanceCurrency,
    ratePercent: revolving.interestRatePercent,
    paymentAmount: null,
    paymentCurrency: null,
    paymentFrequency: null,
    securedBy: revolving.securedByRecordId,
    mortgage: false,
  };
}

/** A month's interest on a balance at a yearly rate, rounded up to the cent. */
function monthlyInterest(balance: MoneyJson, ratePercent: string): MoneyJson {
  const interest = new Decimal(balance.value).times(ratePercent).div(1200).toDecimalPlaces(2, Decimal.ROUND_UP);
  return { value: interest.toFixed(2), currency: balance.currency };
}
