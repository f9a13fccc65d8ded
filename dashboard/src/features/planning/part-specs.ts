import {
  DebtType,
  enumerationOptions,
  enumLabel,
  ExpenseSubtypeCategory,
  InvestmentAccountType,
  MilestoneConditionKind,
  PaymentFrequency,
  PlanAssetKind,
  PlanIncomeKind,
  type FlowChange,
  type FrequencyAmount,
  type PlanAccount,
  type PlanAsset,
  type PlanDocument,
  type PlanExpense,
  type PlanIncome,
  type PlanLiability,
  type PlanMilestone,
  type TimePoint,
} from '@meridian/domain';
import type { PlanPartKind } from '../../api/planning';
import {
  changeInWords,
  conditionInWords,
  frequencyAmountInWords,
  moneyInWords,
  peopleNames,
  percentInWords,
  timeFrameInWords,
} from './describe';
import type { Choice, PartField } from './part-form';

/*
 * Each part of a plan as the page lists and edits it: the table's columns in words, the form's
 * labelled fields, and the body an add or an edit sends (planning/plans/schemas.ts). An edit sends
 * only the fields its form shows, so what the form leaves out (a contribution, a withdrawal rule)
 * stays as it is. Amounts and percents travel as numbers, as the schemas take them.
 */

type Values = Readonly<Record<string, string>>;

export interface PartColumn<P> {
  header: string;
  cell: (part: P, plan: PlanDocument) => string;
  numeric?: boolean;
}

export interface PartSpec<P extends { id: string; name: string }> {
  kind: PlanPartKind;
  /** The tab's and the part's names: "Incomes", "income". */
  title: string;
  singular: string;
  empty: string;
  parts: (plan: PlanDocument) => P[];
  columns: PartColumn<P>[];
  fields: (plan: PlanDocument) => PartField[];
  toValues: (part: P | undefined, plan: PlanDocument) => Record<string, string>;
  toBody: (values: Values, plan: PlanDocument, part: P | undefined) => Record<string, unknown>;
}

const options = (values: readonly string[], labelOf: (value: string) => string): Choice[] =>
  values.map((value) => ({ value, label: labelOf(value) }));

const frequencyChoices = options(PaymentFrequency, (value) => enumLabel('PaymentFrequency', value));

function personChoices(plan: PlanDocument): Choice[] {
  return plan.people.map((person) => ({ value: person.personId, label: person.name }));
}

/** A number the form holds as text; an empty field is sent as null, for the API to name it. */
function numberOf(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A money value as the schemas take it: `{ value: number, currency }`. */
function money(value: string | undefined, currency: string) {
  return { value: numberOf(value), currency };
}

// Time points travel through a select as 'PLAN_START', 'YEAR', 'AGE:<personId>', 'RETIREMENT:<personId>'.
function timePointChoices(plan: PlanDocument, edge: 'start' | 'end'): Choice[] {
  return [
    edge === 'start'
      ? { value: 'PLAN_START', label: 'The start of the plan' }
      : { value: 'PLAN_END', label: 'The end of the plan' },
    { value: 'YEAR', label: 'A calendar year' },
    ...plan.people.flatMap((person) => [
      { value: `RETIREMENT:${person.personId}`, label: `When ${person.name} retires` },
      { value: `AGE:${person.personId}`, label: `When ${person.name} reaches an age` },
    ]),
    edge === 'start'
      ? { value: 'PLAN_END', label: 'The end of the plan' }
      : { value: 'PLAN_START', label: 'The start of the plan' },
  ];
}

function timePointValues(prefix: string, point: TimePoint): Record<string, string> {
  switch (point.kind) {
    case 'YEAR':
      return { [`${prefix}Point`]: 'YEAR', [`${prefix}Number`]: String(point.year) };
    case 'AGE':
      return { [`${prefix}Point`]: `AGE:${point.personId}`, [`${prefix}Number`]: String(point.age) };
    case 'RETIREMENT':
      return { [`${prefix}Point`]: `RETIREMENT:${point.personId}`, [`${prefix}Number`]: '' };
    default:
      return { [`${prefix}Point`]: point.kind, [`${prefix}Number`]: '' };
  }
}

function timePointOf(values: Values, prefix: string) {
  const [kind = 'PLAN_START', personId = ''] = (values[`${prefix}Point`] ?? '').split(':');
  const number = numberOf(values[`${prefix}Number`]);
  if (kind === 'YEAR') return { kind: 'YEAR', year: number };
  if (kind === 'AGE') return { kind: 'AGE', personId, age: number };
  if (kind === 'RETIREMENT') return { kind: 'RETIREMENT', personId };
  return { kind: kind === 'PLAN_END' ? 'PLAN_END' : 'PLAN_START' };
}

function timeFrameFields(plan: PlanDocument): PartField[] {
  const needsNumber = (prefix: string) => (values: Values) => {
    const point = values[`${prefix}Point`] ?? '';
    return point === 'YEAR' || point.startsWith('AGE:');
  };
  const numberLabel = (prefix: string) => `${prefix === 'start' ? 'Starting' : 'Ending'} year or age`;
  return [
    { name: 'startPoint', label: 'Starts', kind: 'select', choices: timePointChoices(plan, 'start') },
    { name: 'startNumber', label: numberLabel('start'), kind: 'number', shown: needsNumber('start') },
    { name: 'endPoint', label: 'Ends', kind: 'select', choices: timePointChoices(plan, 'end') },
    {
      name: 'endNumber',
      label: numberLabel('end'),
      kind: 'number',
      shown: needsNumber('end'),
      hint: 'The flow stops at the start of this year.',
    },
  ];
}

const amountFields: PartField[] = [
  { name: 'amount', label: 'Amount', kind: 'number' },
  { name: 'frequency', label: 'How often', kind: 'select', choices: frequencyChoices },
];

const changeFields: PartField[] = [
  {
    name: 'changeType',
    label: 'How it changes each year',
    kind: 'select',
    choices: enumerationOptions('FlowChangeType'),
  },
  {
    name: 'changeRate',
    label: 'Yearly change',
    kind: 'number',
    hint: 'Percent a year.',
    shown: (values) => values.changeType === 'FIXED_RATE',
  },
];

function frequencyAmountValues(frequencyAmount: FrequencyAmount | undefined): Record<string, string> {
  return frequencyAmount
    ? { amount: frequencyAmount.amount.value, frequency: frequencyAmount.frequency }
    : { frequency: 'ANNUALLY' };
}

function frequencyAmountOf(values: Values, currency: string) {
  return { amount: money(values.amount, currency), frequency: values.frequency ?? 'ANNUALLY' };
}

function changeValues(change: FlowChange | undefined): Record<string, string> {
  return { changeType: change?.type ?? 'INFLATION', changeRate: change?.ratePercent ?? '' };
}

function changeOf(values: Values) {
  const type = values.changeType ?? 'INFLATION';
  return { type, ratePercent: type === 'FIXED_RATE' ? numberOf(values.changeRate) : null };
}

export const incomeSpec: PartSpec<PlanIncome> = {
  kind: 'incomes',
  title: 'Incomes',
  singular: 'income',
  empty: 'No incomes in this plan. Add a salary, a pension or a benefit to project it.',
  parts: (plan) => plan.incomes,
  columns: [
    { header: 'Name', cell: (income) => income.name },
    { header: 'Kind', cell: (income) => enumLabel('PlanIncomeKind', income.kind) },
    { header: 'Earned by', cell: (income, plan) => peopleNames(plan.people, income.earners) },
    {
      header: 'Amount',
      cell: (income) =>
        income.definedBenefit ? 'By the pension formula' : frequencyAmountInWords(income.frequencyAmount),
    },
    { header: 'When', cell: (income, plan) => timeFrameInWords(plan.people, income.timeFrame) },
    { header: 'Change', cell: (income) => changeInWords(income.change) },
    { header: 'Taxed', cell: (income) => (income.taxExempt ? 'Not taxed' : 'Taxed') },
  ],
  fields: (plan) => [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'kind', label: 'Kind of income', kind: 'select', choices: enumerationOptions('PlanIncomeKind') },
    { name: 'earner', label: 'Earned by', kind: 'select', choices: personChoices(plan) },
    ...amountFields,
    ...timeFrameFields(plan),
    ...changeFields,
    { name: 'taxExempt', label: 'Not taxed (an inheritance or a gift)', kind: 'checkbox' },
  ],
  toValues: (income, plan) => ({
    name: income?.name ?? '',
    kind: income?.kind ?? PlanIncomeKind[0],
    earner: income?.earners[0] ?? plan.people[0]?.personId ?? '',
    ...frequencyAmountValues(income?.frequencyAmount),
    ...timePointValues('start', income?.timeFrame.start ?? { kind: 'PLAN_START' }),
    ...timePointValues(
      'end',
      income?.timeFrame.end ??
        (plan.people[0] ? { kind: 'RETIREMENT', personId: plan.people[0].personId } : { kind: 'PLAN_END' }),
    ),
    ...changeValues(income?.change),
    taxExempt: String(income?.taxExempt ?? false),
  }),
  toBody: (values, plan, income) => ({
    name: values.name ?? '',
    kind: values.kind,
    earners: values.earner ? [values.earner] : [],
    frequencyAmount: frequencyAmountOf(values, income?.frequencyAmount.amount.currency ?? plan.settings.currency),
    timeFrame: { start: timePointOf(values, 'start'), end: timePointOf(values, 'end') },
    change: changeOf(values),
    taxExempt: values.taxExempt === 'true',
  }),
};

export const expenseSpec: PartSpec<PlanExpense> = {
  kind: 'expenses',
  title: 'Expenses',
  singular: 'expense',
  empty: 'No expenses in this plan. Add living costs so the projection knows what the household spends.',
  parts: (plan) => plan.expenses,
  columns: [
    { header: 'Name', cell: (expense) => expense.name },
    { header: 'Category', cell: (expense) => enumLabel('ExpenseSubtypeCategory', expense.category) },
    { header: 'Amount', cell: (expense) => frequencyAmountInWords(expense.frequencyAmount) },
    { header: 'When', cell: (expense, plan) => timeFrameInWords(plan.people, expense.timeFrame) },
    { header: 'Change', cell: (expense) => changeInWords(expense.change) },
    {
      header: 'Paid from',
      cell: (expense, plan) =>
        expense.fundingSource.kind === 'ACCOUNT'
          ? (plan.accounts.find((account) => account.id === (expense.fundingSource as { accountId: string }).accountId)
              ?.name ?? 'An account no longer in the plan')
          : enumLabel('FundingSourceKind', 'PLAN_CASH'),
    },
  ],
  fields: (plan) => [
    { name: 'name', label: 'Name', kind: 'text' },
    {
      name: 'category',
      label: 'Category',
      kind: 'select',
      choices: options(ExpenseSubtypeCategory, (value) => enumLabel('ExpenseSubtypeCategory', value)),
    },
    ...amountFields,
    ...timeFrameFields(plan),
    ...changeFields,
    {
      name: 'fundingAccount',
      label: 'Paid from',
      kind: 'select',
      choices: [
        { value: '', label: enumLabel('FundingSourceKind', 'PLAN_CASH') },
        ...plan.accounts.map((account) => ({ value: account.id, label: account.name })),
      ],
    },
  ],
  toValues: (expense) => ({
    name: expense?.name ?? '',
    category: expense?.category ?? 'LIFESTYLE',
    ...frequencyAmountValues(expense?.frequencyAmount),
    ...timePointValues('start', expense?.timeFrame.start ?? { kind: 'PLAN_START' }),
    ...timePointValues('end', expense?.timeFrame.end ?? { kind: 'PLAN_END' }),
    ...changeValues(expense?.change),
    fundingAccount: expense?.fundingSource.kind === 'ACCOUNT' ? expense.fundingSource.accountId : '',
  }),
  toBody: (values, plan, expense) => ({
    name: values.name ?? '',
    category: values.category,
    frequencyAmount: frequencyAmountOf(values, expense?.frequencyAmount.amount.currency ?? plan.settings.currency),
    timeFrame: { start: timePointOf(values, 'start'), end: timePointOf(values, 'end') },
    change: changeOf(values),
    fundingSource: values.fundingAccount
      ? { kind: 'ACCOUNT', accountId: values.fundingAccount }
      : { kind: 'PLAN_CASH' },
  }),
};

export const accountSpec: PartSpec<PlanAccount> = {
  kind: 'accounts',
  title: 'Accounts',
  singular: 'account',
  empty: 'No accounts in this plan. Add the RRSPs, TFSAs and other accounts the household saves in.',
  parts: (plan) => plan.accounts,
  columns: [
    { header: 'Name', cell: (account) => account.name },
    { header: 'Type', cell: (account) => enumLabel('InvestmentAccountType', account.accountType) },
    { header: 'Owners', cell: (account, plan) => peopleNames(plan.people, account.owners) },
    { header: 'Value', cell: (account) => moneyInWords(account.marketValue), numeric: true },
    {
      header: 'Growth',
      cell: (account) =>
        account.growth.type === 'FIXED_RATE'
          ? `${percentInWords(account.growth.ratePercent)} a year`
          : account.growth.type === 'MARKET_RETURN_PROFILE'
            ? `${enumLabel('MarketReturnClass', account.growth.marketClass)} market returns`
            : 'No growth',
    },
    { header: 'Fees', cell: (account) => `${percentInWords(account.feesPercent)} a year` },
    { header: 'From the records', cell: (account) => (account.financialRecordId ? 'Yes' : 'Added to the plan') },
  ],
  fields: (plan) => [
    { name: 'name', label: 'Name', kind: 'text' },
    {
      name: 'accountType',
      label: 'Account type',
      kind: 'select',
      choices: options(InvestmentAccountType, (value) => enumLabel('InvestmentAccountType', value)),
    },
    { name: 'owner', label: 'Owner', kind: 'select', choices: personChoices(plan) },
    { name: 'marketValue', label: 'Market value', kind: 'number' },
    { name: 'growthType', label: 'Growth', kind: 'select', choices: enumerationOptions('RateType') },
    {
      name: 'growthRate',
      label: 'Growth rate',
      kind: 'number',
      hint: 'Percent a year.',
      shown: (values) => values.growthType === 'FIXED_RATE',
    },
    {
      name: 'marketClass',
      label: 'Market return profile',
      kind: 'select',
      choices: enumerationOptions('MarketReturnClass'),
      shown: (values) => values.growthType === 'MARKET_RETURN_PROFILE',
    },
    { name: 'dividendPercent', label: 'Dividend yield', kind: 'number', hint: 'Percent of the balance a year.' },
    { name: 'feesPercent', label: 'Fees', kind: 'number', hint: 'Percent of the balance a year.' },
  ],
  toValues: (account, plan) => ({
    name: account?.name ?? '',
    accountType: account?.accountType ?? 'TFSA',
    owner: account?.owners[0] ?? plan.people[0]?.personId ?? '',
    marketValue: account?.marketValue.value ?? '',
    growthType: account?.growth.type ?? 'FIXED_RATE',
    growthRate: account?.growth.ratePercent ?? '5',
    marketClass: account?.growth.marketClass ?? 'BALANCED',
    dividendPercent: account?.dividendPercent ?? '0',
    feesPercent: account?.feesPercent ?? '0',
  }),
  toBody: (values, plan, account) => {
    const growthType = (values.growthType ?? 'FIXED_RATE') as PlanAccount['growth']['type'];
    const owners = account && account.owners.length > 1 ? account.owners : values.owner ? [values.owner] : [];
    return {
      // A new account is in its owner's country; the schema's defaults give it the surplus and withdrawal rules.
      ...(account ? {} : { jurisdiction: plan.people[0]?.country ?? 'CA' }),
      name: values.name ?? '',
      accountType: values.accountType,
      owners,
      marketValue: money(values.marketValue, account?.marketValue.currency ?? plan.settings.currency),
      growth: {
        type: growthType,
        ratePercent: growthType === 'FIXED_RATE' ? numberOf(values.growthRate) : null,
        marketClass: growthType === 'MARKET_RETURN_PROFILE' ? (values.marketClass ?? null) : null,
      },
      dividendPercent: numberOf(values.dividendPercent),
      feesPercent: numberOf(values.feesPercent),
    };
  },
};

export const assetSpec: PartSpec<PlanAsset> = {
  kind: 'assets',
  title: 'Assets',
  singular: 'asset',
  empty: 'No assets in this plan. Add a home, a cottage or a business the household owns.',
  parts: (plan) => plan.assets,
  columns: [
    { header: 'Name', cell: (asset) => asset.name },
    { header: 'Kind', cell: (asset) => enumLabel('PlanAssetKind', asset.kind) },
    { header: 'Owners', cell: (asset, plan) => peopleNames(plan.people, asset.owners) },
    {
      header: 'Value',
      cell: (asset) =>
        asset.currentValue ? moneyInWords(asset.currentValue) : `Bought in ${asset.purchase?.year ?? 'a later year'}`,
      numeric: true,
    },
    { header: 'Value change', cell: (asset) => changeInWords(asset.valueChange) },
    { header: 'Sold', cell: (asset) => (asset.sale ? `In ${asset.sale.year}` : 'Kept') },
    { header: 'Residence', cell: (asset) => (asset.isPrimaryResidence ? 'Principal residence' : '—') },
  ],
  fields: (plan) => [
    { name: 'name', label: 'Name', kind: 'text' },
    {
      name: 'kind',
      label: 'Kind of asset',
      kind: 'select',
      choices: options(PlanAssetKind, (value) => enumLabel('PlanAssetKind', value)),
    },
    { name: 'owner', label: 'Owner', kind: 'select', choices: personChoices(plan) },
    { name: 'currentValue', label: 'Value today', kind: 'number' },
    ...changeFields,
    { name: 'saleYear', label: 'Year it is sold', kind: 'number', hint: 'Leave empty to keep it.' },
    { name: 'isPrimaryResidence', label: 'Principal residence', kind: 'checkbox' },
  ],
  toValues: (asset, plan) => ({
    name: asset?.name ?? '',
    kind: asset?.kind ?? 'REAL_ESTATE',
    owner: asset?.owners[0] ?? plan.people[0]?.personId ?? '',
    currentValue: asset?.currentValue?.value ?? '',
    ...changeValues(asset?.valueChange),
    saleYear: asset?.sale ? String(asset.sale.year) : '',
    isPrimaryResidence: String(asset?.isPrimaryResidence ?? false),
  }),
  toBody: (values, plan, asset) => {
    const saleYear = (values.saleYear ?? '').trim();
    return {
      name: values.name ?? '',
      kind: values.kind,
      owners: asset && asset.owners.length > 1 ? asset.owners : values.owner ? [values.owner] : [],
      currentValue: money(values.currentValue, asset?.currentValue?.currency ?? plan.settings.currency),
      valueChange: changeOf(values),
      sale: saleYear ? { year: numberOf(saleYear), proceedsAccountId: asset?.sale?.proceedsAccountId ?? null } : null,
      isPrimaryResidence: values.isPrimaryResidence === 'true',
    };
  },
};

export const liabilitySpec: PartSpec<PlanLiability> = {
  kind: 'liabilities',
  title: 'Liabilities',
  singular: 'liability',
  empty: 'No debts in this plan. Add a mortgage, a loan or a line of credit the household pays down.',
  parts: (plan) => plan.liabilities,
  columns: [
    { header: 'Name', cell: (liability) => liability.name },
    { header: 'Type', cell: (liability) => enumLabel('DebtType', liability.type) },
    { header: 'Balance owed', cell: (liability) => moneyInWords(liability.currentBalance), numeric: true },
    { header: 'Interest', cell: (liability) => `${percentInWords(liability.interest.ratePercent)} a year` },
    { header: 'Payment', cell: (liability) => frequencyAmountInWords(liability.payment.frequencyAmount) },
    {
      header: 'Secured by',
      cell: (liability, plan) =>
        liability.assetId ? (plan.assets.find((asset) => asset.id === liability.assetId)?.name ?? '—') : '—',
    },
  ],
  fields: (plan) => [
    { name: 'name', label: 'Name', kind: 'text' },
    {
      name: 'type',
      label: 'Type of debt',
      kind: 'select',
      choices: options(DebtType, (value) => enumLabel('DebtType', value)),
    },
    { name: 'currentBalance', label: 'Balance owed', kind: 'number' },
    { name: 'ratePercent', label: 'Interest rate', kind: 'number', hint: 'Percent a year.' },
    { name: 'amount', label: 'Payment', kind: 'number' },
    { name: 'frequency', label: 'Payment frequency', kind: 'select', choices: frequencyChoices },
    {
      name: 'assetId',
      label: 'Secured by',
      kind: 'select',
      choices: [
        { value: '', label: 'Nothing' },
        ...plan.assets.map((asset) => ({ value: asset.id, label: asset.name })),
      ],
    },
  ],
  toValues: (liability) => ({
    name: liability?.name ?? '',
    type: liability?.type ?? 'SECURED_LOAN',
    currentBalance: liability?.currentBalance.value ?? '',
    ratePercent: liability?.interest.ratePercent ?? '',
    ...frequencyAmountValues(liability?.payment.frequencyAmount ?? undefined),
    frequency: liability?.payment.frequencyAmount.frequency ?? 'MONTHLY',
    assetId: liability?.assetId ?? '',
  }),
  toBody: (values, plan, liability) => {
    const currency = liability?.currentBalance.currency ?? plan.settings.currency;
    return {
      name: values.name ?? '',
      type: values.type,
      currentBalance: money(values.currentBalance, currency),
      interest: {
        ratePercent: numberOf(values.ratePercent),
        compounding: liability?.interest.compounding ?? { frequency: 'MONTHLY', type: 'COMPOUND' },
      },
      payment: { frequencyAmount: frequencyAmountOf(values, currency), start: liability?.payment.start ?? null },
      assetId: values.assetId ? values.assetId : null,
    };
  },
};

const conditionChoices: Choice[] = options(MilestoneConditionKind, (value) =>
  enumLabel('MilestoneConditionKind', value),
);

export const milestoneSpec: PartSpec<PlanMilestone> = {
  kind: 'milestones',
  title: 'Milestones',
  singular: 'milestone',
  empty: 'No milestones in this plan. Add one to mark a year on the charts: a retirement, a paid-off mortgage.',
  parts: (plan) => plan.milestones,
  columns: [
    { header: 'Name', cell: (milestone) => milestone.name },
    {
      header: 'Reached when',
      cell: (milestone, plan) =>
        milestone.conditions.map((condition) => conditionInWords(plan, condition)).join(', and ') || 'Always',
    },
  ],
  fields: (plan) => [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'condition', label: 'Reached when', kind: 'select', choices: conditionChoices },
    {
      name: 'personId',
      label: 'Person',
      kind: 'select',
      choices: personChoices(plan),
      shown: (values) => values.condition === 'AGE_REACHED' || values.condition === 'RETIRED',
    },
    {
      name: 'accountId',
      label: 'Account',
      kind: 'select',
      choices: plan.accounts.map((account) => ({ value: account.id, label: account.name })),
      shown: (values) => values.condition === 'ACCOUNT_BALANCE_AT_LEAST',
    },
    {
      name: 'number',
      label: 'Year, age or amount',
      kind: 'number',
      shown: (values) => values.condition !== 'RETIRED' && values.condition !== 'DEBT_FREE',
    },
  ],
  toValues: (milestone, plan) => {
    const condition = milestone?.conditions[0];
    const number =
      condition?.kind === 'YEAR_REACHED'
        ? String(condition.year)
        : condition?.kind === 'AGE_REACHED'
          ? String(condition.age)
          : condition?.kind === 'NET_WORTH_AT_LEAST' || condition?.kind === 'ACCOUNT_BALANCE_AT_LEAST'
            ? condition.amount.value
            : '';
    return {
      name: milestone?.name ?? '',
      condition: condition?.kind ?? 'RETIRED',
      personId: condition && 'personId' in condition ? condition.personId : (plan.people[0]?.personId ?? ''),
      accountId: condition?.kind === 'ACCOUNT_BALANCE_AT_LEAST' ? condition.accountId : (plan.accounts[0]?.id ?? ''),
      number,
    };
  },
  toBody: (values, plan, milestone) => {
    const number = numberOf(values.number);
    const amount = money(values.number, plan.settings.currency);
    const personId = values.personId ?? '';
    const byKind: Record<MilestoneConditionKind, Record<string, unknown>> = {
      YEAR_REACHED: { kind: 'YEAR_REACHED', year: number },
      AGE_REACHED: { kind: 'AGE_REACHED', personId, age: number },
      RETIRED: { kind: 'RETIRED', personId },
      NET_WORTH_AT_LEAST: { kind: 'NET_WORTH_AT_LEAST', amount },
      ACCOUNT_BALANCE_AT_LEAST: { kind: 'ACCOUNT_BALANCE_AT_LEAST', accountId: values.accountId ?? '', amount },
      DEBT_FREE: { kind: 'DEBT_FREE' },
    };
    const kind = (values.condition ?? 'RETIRED') as MilestoneConditionKind;
    return {
      name: values.name ?? '',
      // The form edits the first condition; any further ones stay as they are.
      conditions: [byKind[kind], ...(milestone?.conditions.slice(1) ?? [])],
      display: milestone?.display ?? { colorHex: null, icon: null },
    };
  },
};

/** The part tabs in the page's order. */
export const PART_SPECS = [incomeSpec, expenseSpec, accountSpec, assetSpec, liabilitySpec, milestoneSpec] as const;
