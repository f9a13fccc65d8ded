import type { MoneyJson } from '../../shared/money/money.js';
import type { CurrencyCode } from '../../shared/money/currency.js';
import type { CountryCode, TaxProvince } from '../../shared/regions/regions.js';
import type { DebtType, InvestmentAccountType, PaymentFrequency } from '../../financials/records/enums.js';
import type { ExpenseSubtypeCategory } from '../../financials/cash-flows/enums.js';
import type { PensionInput } from '../../financials/pension/pension-input.js';
import type {
  FlowChangeType,
  InterestType,
  MarketReturnClass,
  PaymentType,
  PlanAssetKind,
  PlanIncomeKind,
  RateType,
  UsFilingStatus,
} from './enums.js';

/**
 * A plan as the projection reads it and the API returns it (crm §3 "Plan"). A plan is copied from
 * the household's records once, when it is made, and is its own afterwards: editing the plan never
 * changes the records, and the records' later changes do not reach the plan.
 *
 * Amounts are MoneyJson (a decimal string and a currency); rates are percent as decimal strings
 * ('5.5' is 5.5%); dates are ISO dates; every id a part names (a person, an account, an asset, a
 * liability) is one of this plan's own.
 */
export interface PlanDocument {
  id: string;
  householdId: string;
  name: string;
  published: boolean;
  settings: PlanSettings;
  people: PlanPerson[];
  incomes: PlanIncome[];
  expenses: PlanExpense[];
  accounts: PlanAccount[];
  assets: PlanAsset[];
  liabilities: PlanLiability[];
  milestones: PlanMilestone[];
  createdAt: string;
  updatedAt: string;
}

export interface PlanSettings {
  /** The first projected year; the projection runs until the last person is 100. */
  startYear: number;
  /** The currency the plan's own amounts are mostly in; the projection converts to the one asked for. */
  currency: CurrencyCode;
  /** Yearly inflation, percent. */
  inflationPercent: string;
  /** Whether a Canadian couple splits eligible pension income (up to half) to lower their tax. */
  pensionIncomeSplitting: boolean;
}

/** A person of the household the plan covers (one, or a couple). */
export interface PlanPerson {
  /** The household person's id. */
  personId: string;
  name: string;
  birthDate: string;
  retirementAge: number;
  /** Where the person pays tax: CA (federal + `province`) or US (FEDERAL_US with `usFilingStatus`). */
  country: CountryCode;
  /** A Canadian's province of residence for tax; null for a US person. Never FEDERAL. */
  province: TaxProvince | null;
  /** A US person's filing status; null for a Canadian. */
  usFilingStatus: UsFilingStatus | null;
  /** Unused RRSP room carried into the first year (CA), or null for none known. */
  rrspRoom: MoneyJson | null;
  /** Unused TFSA room carried into the first year (CA), or null: then the cumulative room since 18 (or 2009). */
  tfsaRoom: MoneyJson | null;
}

/** A point in time a flow starts or ends at. */
export type TimePoint =
  | { kind: 'PLAN_START' }
  | { kind: 'YEAR'; year: number }
  | { kind: 'AGE'; personId: string; age: number }
  | { kind: 'RETIREMENT'; personId: string }
  | { kind: 'PLAN_END' };

/**
 * The years a flow runs: from the year `start` falls in (inclusive) to the year `end` falls in
 * (exclusive; PLAN_END runs through the last year). Salary to retirement ends the year before the
 * retirement year; CPP from age 65 starts the year the person turns 65.
 */
export interface TimeFrame {
  start: TimePoint;
  end: TimePoint;
}

/** An amount paid at a frequency; ONE_TIME is paid once, in the time frame's first year. */
export interface FrequencyAmount {
  amount: MoneyJson;
  frequency: PaymentFrequency;
}

/** How a flow changes each year after its first; the amount is in the plan's start-year money. */
export interface FlowChange {
  type: FlowChangeType;
  /** Percent a year, for FIXED_RATE; null otherwise. */
  ratePercent: string | null;
}

export interface PlanIncome {
  id: string;
  name: string;
  kind: PlanIncomeKind;
  timeFrame: TimeFrame;
  frequencyAmount: FrequencyAmount;
  change: FlowChange;
  /** The people whose income it is (shared equally when more than one). */
  earners: string[];
  /** Not taxed (e.g. an inheritance, a gift). */
  taxExempt: boolean;
  /**
   * A defined-benefit pension paid by the domain's formula (foundations §9): the payout at the
   * start of the time frame, reduced for early retirement; dates as ISO strings. When set,
   * `frequencyAmount` is ignored.
   */
  definedBenefit: PensionInput | null;
}

export type FundingSource = { kind: 'PLAN_CASH' } | { kind: 'ACCOUNT'; accountId: string };

export interface PlanExpense {
  id: string;
  name: string;
  category: ExpenseSubtypeCategory;
  timeFrame: TimeFrame;
  frequencyAmount: FrequencyAmount;
  change: FlowChange;
  /** The people it is spent on (empty: the household). */
  spenders: string[];
  fundingSource: FundingSource;
}

export interface AccountGrowth {
  type: RateType;
  /** Percent a year, for FIXED_RATE. */
  ratePercent: string | null;
  /** The market return class, for MARKET_RETURN_PROFILE. */
  marketClass: MarketReturnClass | null;
}

/** Whether, and in what order, an account takes the year's surplus (lowest priority first). */
export interface LiquidityRule {
  acceptsSurplus: boolean;
  priority: number;
}

/** Whether, and in what order, an account is drawn on to cover a shortfall (lowest order first). */
export interface WithdrawalRule {
  allowed: boolean;
  order: number;
  /** No withdrawal before the (first) owner reaches this age; null for none. */
  earliestAge: number | null;
}

export interface PlanAccount {
  id: string;
  /** The household record it was copied from, if any. */
  financialRecordId: string | null;
  name: string;
  /** The account's type; a bank account is CASH. */
  accountType: InvestmentAccountType;
  jurisdiction: CountryCode;
  /** One person, or two for a joint account. */
  owners: string[];
  marketValue: MoneyJson;
  /** What was paid for what the account holds (taxable accounts' capital gains); null: equal to the market value. */
  costBasis: MoneyJson | null;
  /** Yearly dividend yield, percent of the balance, paid into the account. */
  dividendPercent: string;
  /** Yearly fees, percent of the balance. */
  feesPercent: string;
  growth: AccountGrowth;
  liquidityRule: LiquidityRule;
  withdrawalRule: WithdrawalRule;
  /** Whether the planned contributions below are made. */
  paymentsActive: boolean;
  /** Planned contributions, capped by each year's room. */
  contribution: { frequencyAmount: FrequencyAmount; timeFrame: TimeFrame } | null;
  /** A yearly amount of withdrawals from this account that is not taxed (e.g. a return of capital); null for none. */
  annualTaxExemptAmount: MoneyJson | null;
}

export interface PlanAsset {
  id: string;
  financialRecordId: string | null;
  name: string;
  kind: PlanAssetKind;
  owners: string[];
  /** Today's value; null for an asset bought later in the plan. */
  currentValue: MoneyJson | null;
  costBasis: MoneyJson | null;
  valueChange: FlowChange;
  purchase: {
    year: number;
    price: MoneyJson;
    paymentType: PaymentType;
    /** The account the price (or the down payment of a financed purchase) is paid from; null: plan cash. */
    fundingAccountId: string | null;
    /** The liability a FINANCED purchase takes on. */
    liabilityId: string | null;
  } | null;
  sale: {
    year: number;
    /** The account the proceeds go to; null: plan cash (then the surplus rules). */
    proceedsAccountId: string | null;
  } | null;
  rentalIncome: { frequencyAmount: FrequencyAmount; change: FlowChange } | null;
  /** A principal residence: its gain on sale is excluded (CA 100%, US up to 250,000). */
  isPrimaryResidence: boolean;
}

export interface PlanLiability {
  id: string;
  financialRecordId: string | null;
  name: string;
  type: DebtType;
  currentBalance: MoneyJson;
  /** The down payment of a purchase this liability finances. */
  downPayment: MoneyJson | null;
  /** When the liability starts (a future purchase's mortgage); null: it exists at the plan's start. */
  effectiveDate: string | null;
  interest: {
    ratePercent: string;
    compounding: { frequency: PaymentFrequency; type: InterestType };
  };
  payment: { frequencyAmount: FrequencyAmount; start: string | null };
  /** The asset it is secured by or finances. */
  assetId: string | null;
}

export type MilestoneCondition =
  | { kind: 'YEAR_REACHED'; year: number }
  | { kind: 'AGE_REACHED'; personId: string; age: number }
  | { kind: 'RETIRED'; personId: string }
  | { kind: 'NET_WORTH_AT_LEAST'; amount: MoneyJson }
  | { kind: 'ACCOUNT_BALANCE_AT_LEAST'; accountId: string; amount: MoneyJson }
  | { kind: 'DEBT_FREE' };

export interface PlanMilestone {
  id: string;
  name: string;
  /** All must hold; the milestone is reached in the first year they do. */
  conditions: MilestoneCondition[];
  display: { colorHex: string | null; icon: string | null };
}
