// A household's cash flows: exactly `target` flows, grouped in sources. Incomes (salaries,
// dividends from the family corporation, government and workplace pensions, rent, withdrawals),
// expenses with their necessity (NEED or WANT) and subtype, debt payments tied to the liability,
// and contributions tied to the account they go to. Amounts are per payment, in the frequency given.
import {
  EntityType,
  type CashFlowType,
  type ExpenseSubtypeCategory,
  type IncomeType,
  type Necessity,
  type PaymentFrequency,
} from '@meridian/domain';
import type { Household, Member } from './clients.js';
import type { SeedContext } from './context.js';
import { addMonths, addYears, dateOf, money, roundTo } from './finance.js';
import type { Holdings, Loan, Owner } from './records.js';
import type { Random } from './random.js';
import { tables } from './tables.js';

interface FlowSpec {
  name: string;
  amount: number;
  frequency: PaymentFrequency;
  currency?: 'CAD' | 'USD';
  inactive?: boolean;
  startDate?: Date;
  endDate?: Date;
}

interface SourceSpec {
  type: CashFlowType;
  name: string;
  /** IncomeType for incomes, the expense subtype category for expenses, the liability's type for debts. */
  subtype?: IncomeType | ExpenseSubtypeCategory | Loan['type'];
  necessity?: Necessity;
  assetId?: string;
  liabilityId?: string;
  sourceAccountId?: string;
  destinationAccountId?: string;
  payers?: readonly Owner[];
  payees?: readonly Owner[];
  flows: readonly FlowSpec[];
}

/** Writes cash flow sources until the household has exactly `target` flows. */
export function seedHouseholdCashFlows(
  ctx: SeedContext,
  household: Household,
  holdings: Holdings,
  target: number,
): number {
  const { random } = household;
  const candidates = [
    ...incomes(household, holdings),
    ...obligations(household, holdings),
    ...livingCosts(household, holdings),
  ];
  let written = 0;
  for (const source of candidates) {
    if (written + source.flows.length > target) continue;
    writeSource(ctx, household, source);
    written += source.flows.length;
  }
  const extras = extraExpenses(household);
  for (let position = 0; written < target; position += 1) {
    const extra = extras[position % extras.length]!;
    const round = Math.floor(position / extras.length);
    writeSource(
      ctx,
      household,
      round === 0 ? extra : { ...extra, name: `${extra.name} (${random.pick(['second', 'other', 'extra'])})` },
    );
    written += 1;
  }
  return written;
}

function person(member: Member): Owner {
  return { kind: 'Person', id: member.personId };
}

function adultsOf(household: Household): Owner[] {
  return household.adults.map(person);
}

function incomes(household: Household, holdings: Holdings): SourceSpec[] {
  const { random } = household;
  const ca = household.country === 'CA';
  const sources: SourceSpec[] = [];
  for (const adult of household.adults) {
    if (adult.salary > 0 && household.businessOwner !== adult) {
      const flows: FlowSpec[] = [{ name: 'Base salary', amount: adult.salary / 26, frequency: 'BI_WEEKLY' }];
      if (random.chance(0.45))
        flows.push({
          name: 'Annual bonus',
          amount: roundTo(adult.salary * random.real(0.05, 0.2), 100),
          frequency: 'ANNUALLY',
        });
      sources.push({
        type: 'INCOME',
        name: `${adult.firstName}'s employment income`,
        subtype: 'SALARY',
        destinationAccountId: holdings.chequing,
        payees: [person(adult)],
        flows,
      });
    }
  }
  const owner = household.businessOwner;
  if (owner && household.corporation) {
    const draw = owner.salary > 0 ? owner.salary : roundTo(random.real(90_000, 220_000), 1_000);
    sources.push({
      type: 'INCOME',
      name: `Pay from ${household.corporation.name}`,
      subtype: 'SELF_EMPLOYMENT',
      sourceAccountId: holdings.corporateAccount,
      destinationAccountId: holdings.chequing,
      payers: [{ kind: 'Corporation', id: household.corporation.id }],
      payees: [person(owner)],
      flows: [
        { name: 'Salary', amount: (draw * 0.6) / 12, frequency: 'MONTHLY' },
        { name: 'Dividends', amount: (draw * 0.4) / 4, frequency: 'QUARTERLY' },
      ],
    });
  }
  for (const adult of household.adults) {
    if (adult.age < 60 || adult.employment !== 'RETIRED') continue;
    const flows: FlowSpec[] = ca
      ? [
          {
            name: household.place.region === 'QC' ? 'QPP' : 'CPP',
            amount: roundTo(random.real(780, 1_420), 0.01),
            frequency: 'MONTHLY',
          },
          ...(adult.age >= 65
            ? [{ name: 'OAS', amount: adult.age >= 75 ? 800.22 : 727.67, frequency: 'MONTHLY' as const }]
            : []),
        ]
      : [{ name: 'Social Security', amount: roundTo(random.real(1_650, 3_600), 0.01), frequency: 'MONTHLY' }];
    sources.push({
      type: 'INCOME',
      name: `${adult.firstName}'s government pensions`,
      subtype: 'PENSION',
      destinationAccountId: holdings.chequing,
      payees: [person(adult)],
      flows,
    });
  }
  for (const pension of holdings.pensionsInPay) {
    sources.push({
      type: 'INCOME',
      name: pension.name,
      subtype: 'PENSION',
      assetId: pension.id,
      destinationAccountId: holdings.chequing,
      payees: [{ kind: 'Person', id: pension.personId }],
      flows: [
        { name: 'Monthly pension', amount: pension.yearly / 12, frequency: 'MONTHLY', currency: pension.currency },
      ],
    });
  }
  for (const withdrawal of holdings.withdrawals) {
    sources.push({
      type: 'INCOME',
      name: withdrawal.name,
      subtype: 'CUSTOM',
      sourceAccountId: withdrawal.id,
      destinationAccountId: holdings.chequing,
      payees: [{ kind: 'Person', id: withdrawal.personId }],
      flows: [{ name: 'Scheduled withdrawal', amount: withdrawal.yearly / 12, frequency: 'MONTHLY' }],
    });
  }
  if (holdings.rental) {
    sources.push({
      type: 'INCOME',
      name: 'Rental income',
      subtype: 'RENTAL',
      assetId: holdings.rental.id,
      destinationAccountId: holdings.chequing,
      payees: holdings.rental.owners.map((id) => ({ kind: 'Person' as const, id })),
      flows: [{ name: 'Rent', amount: holdings.rental.rent, frequency: 'MONTHLY' }],
    });
  }
  const young = household.adults[0]!;
  if (household.stage === 'YOUNG_PROFESSIONAL' && random.chance(0.3)) {
    sources.push({
      type: 'INCOME',
      name: 'Freelance work',
      subtype: 'SIDE_HUSTLE',
      payees: [person(young)],
      flows: [{ name: 'Freelance invoices', amount: roundTo(random.real(400, 2_500), 10), frequency: 'VARIED' }],
    });
  }
  return sources;
}

/** Payments the household owes: debts and contributions it committed to. */
function obligations(household: Household, holdings: Holdings): SourceSpec[] {
  const { random } = household;
  const sources: SourceSpec[] = [];
  for (const loan of holdings.loans) {
    sources.push({
      type: 'DEBT',
      name: `${loan.name} payment`,
      subtype: loan.type,
      liabilityId: loan.id,
      sourceAccountId: holdings.chequing,
      payers: loan.borrowers.map((id) => ({ kind: 'Person' as const, id })),
      flows: [
        {
          name: loan.type === 'CREDIT_CARD' ? 'Statement balance' : 'Payment',
          amount: loan.payment,
          frequency: loan.frequency,
        },
      ],
    });
  }
  for (const contribution of holdings.contributions) {
    const perPeriod = contribution.frequency === 'BI_WEEKLY' ? contribution.yearly / 26 : contribution.yearly / 12;
    sources.push({
      type: 'CONTRIBUTION',
      name: contribution.name,
      sourceAccountId: holdings.chequing,
      destinationAccountId: contribution.id,
      payers: [{ kind: 'Person', id: contribution.personId }],
      flows: [
        {
          name: 'Automatic contribution',
          amount: perPeriod,
          frequency: contribution.frequency,
          inactive: random.chance(0.06),
        },
      ],
    });
  }
  for (const policy of holdings.policies) {
    sources.push(
      expense(
        household,
        policy.name,
        'INSURANCE',
        'NEED',
        [{ name: 'Premium', amount: policy.premium, frequency: policy.frequency }],
        {
          assetId: policy.id,
          payers: [{ kind: 'Person', id: policy.payer }],
        },
      ),
    );
  }
  return sources;
}

function expense(
  household: Household,
  name: string,
  subtype: ExpenseSubtypeCategory,
  necessity: Necessity,
  flows: readonly FlowSpec[],
  extra: Partial<SourceSpec> = {},
): SourceSpec {
  return { type: 'EXPENSE', name, subtype, necessity, payers: adultsOf(household), flows, ...extra };
}

/** What it costs to live: housing, food, transport, children, and what the household enjoys. */
function livingCosts(household: Household, holdings: Holdings): SourceSpec[] {
  const { random } = household;
  const scale = Math.sqrt(household.wealth) * (household.currency === 'USD' ? 1.05 : 1);
  const people = household.adults.length + household.children.length;
  const amount = (low: number, high: number, step = 5) => roundTo(random.real(low, high) * scale, step);
  const sources: SourceSpec[] = [];
  const chequing = holdings.chequing;
  const paid = { sourceAccountId: chequing };
  sources.push(
    expense(
      household,
      'Groceries',
      'LIFESTYLE',
      'NEED',
      [{ name: 'Groceries', amount: amount(70, 95) * people, frequency: 'WEEKLY' }],
      paid,
    ),
  );
  if (holdings.home) {
    sources.push(
      expense(
        household,
        'Home costs',
        'ASSET',
        'NEED',
        [
          { name: 'Property tax', amount: holdings.home.propertyTax / 12, frequency: 'MONTHLY' },
          { name: 'Home insurance', amount: amount(1_100, 2_600, 10), frequency: 'ANNUALLY' },
        ],
        { assetId: holdings.home.id, ...paid },
      ),
    );
  } else {
    sources.push(
      expense(
        household,
        'Rent',
        'LIFESTYLE',
        'NEED',
        [
          { name: 'Monthly rent', amount: amount(1_750, 3_400, 25), frequency: 'MONTHLY' },
          { name: 'Tenant insurance', amount: amount(22, 45, 1), frequency: 'MONTHLY' },
        ],
        paid,
      ),
    );
  }
  sources.push(
    expense(
      household,
      'Utilities',
      'LIFESTYLE',
      'NEED',
      [
        { name: household.country === 'CA' ? 'Hydro' : 'Electricity', amount: amount(90, 210), frequency: 'MONTHLY' },
        { name: 'Natural gas', amount: amount(60, 190), frequency: 'MONTHLY' },
      ],
      paid,
    ),
  );
  sources.push(
    expense(
      household,
      'Phone and internet',
      'LIFESTYLE',
      'NEED',
      [
        {
          name: 'Mobile phones',
          amount: roundTo(household.adults.length * random.real(45, 85), 1),
          frequency: 'MONTHLY',
        },
        { name: 'Home internet', amount: roundTo(random.real(65, 110), 1), frequency: 'MONTHLY' },
      ],
      paid,
    ),
  );
  for (const car of holdings.cars) {
    sources.push(
      expense(
        household,
        `${car.name} running costs`,
        'ASSET',
        'NEED',
        [
          { name: 'Car insurance', amount: amount(120, 260), frequency: 'MONTHLY' },
          { name: 'Fuel and charging', amount: amount(35, 90), frequency: 'WEEKLY' },
        ],
        { assetId: car.id, ...paid },
      ),
    );
  }
  const youngChildren = household.children.filter((child) => child.age < 6);
  if (youngChildren.length > 0) {
    // Until the youngest starts school.
    const youngest = youngChildren.reduce((a, b) => (a.birth > b.birth ? a : b));
    sources.push(
      expense(
        household,
        'Childcare',
        'LIFESTYLE',
        'NEED',
        [
          {
            name: 'Daycare',
            amount: roundTo(youngChildren.length * random.real(320, 1_600), 10),
            frequency: 'MONTHLY',
            endDate: dateOf(addYears(youngest.birth, 6)),
          },
        ],
        paid,
      ),
    );
  }
  if (household.children.some((child) => child.age >= 5 && child.age < 18)) {
    sources.push(
      expense(
        household,
        "Children's activities",
        'LIFESTYLE',
        'WANT',
        [{ name: 'Sports and lessons', amount: amount(120, 450), frequency: 'MONTHLY' }],
        paid,
      ),
    );
  }
  if (household.country === 'US') {
    sources.push(
      expense(
        household,
        'Health insurance',
        'INSURANCE',
        'NEED',
        [{ name: 'Premiums (employee share)', amount: amount(240, 900), frequency: 'MONTHLY' }],
        paid,
      ),
    );
  }
  sources.push(
    expense(
      household,
      'Dining out',
      'LIFESTYLE',
      'WANT',
      [{ name: 'Restaurants and takeout', amount: amount(60, 180), frequency: 'WEEKLY' }],
      paid,
    ),
  );
  sources.push(
    expense(
      household,
      'Travel',
      'LIFESTYLE',
      'WANT',
      [{ name: 'Vacations', amount: amount(3_000, 12_000, 100), frequency: 'ANNUALLY' }],
      paid,
    ),
  );
  sources.push(
    expense(
      household,
      'Subscriptions',
      'LIFESTYLE',
      'WANT',
      [{ name: 'Streaming and apps', amount: roundTo(random.real(25, 80), 1), frequency: 'MONTHLY' }],
      paid,
    ),
  );
  sources.push(
    expense(
      household,
      'Charitable giving',
      'OTHER',
      'WANT',
      [{ name: 'Donations', amount: amount(50, 400), frequency: 'MONTHLY' }],
      paid,
    ),
  );
  if (holdings.home) {
    sources.push(
      expense(
        household,
        'Home maintenance',
        'ASSET',
        'NEED',
        [
          {
            name: 'Repairs and upkeep',
            amount: roundTo(holdings.home.value * random.real(0.005, 0.012), 100),
            frequency: 'ANNUALLY',
          },
        ],
        { assetId: holdings.home.id, ...paid },
      ),
    );
  }
  return sources;
}

/** Single-flow expenses that complete the budget, in this order. */
function extraExpenses(household: Household): SourceSpec[] {
  const { random } = household;
  const scale = Math.sqrt(household.wealth);
  const item = (
    name: string,
    subtype: ExpenseSubtypeCategory,
    necessity: Necessity,
    low: number,
    high: number,
    frequency: PaymentFrequency,
  ) =>
    expense(household, name, subtype, necessity, [
      { name, amount: roundTo(random.real(low, high) * scale, 5), frequency, inactive: random.chance(0.05) },
    ]);
  return [
    item('Clothing', 'LIFESTYLE', 'WANT', 80, 350, 'MONTHLY'),
    item('Gym membership', 'LIFESTYLE', 'WANT', 40, 120, 'MONTHLY'),
    item('Personal care', 'LIFESTYLE', 'WANT', 40, 160, 'MONTHLY'),
    item('Medical and dental', 'LIFESTYLE', 'NEED', 40, 220, 'MONTHLY'),
    item('Gifts', 'LIFESTYLE', 'WANT', 800, 3_000, 'ANNUALLY'),
    item('Pet care', 'LIFESTYLE', 'WANT', 60, 180, 'MONTHLY'),
    item('Household supplies', 'LIFESTYLE', 'NEED', 60, 160, 'MONTHLY'),
    item('Public transit', 'LIFESTYLE', 'NEED', 60, 160, 'MONTHLY'),
    item('Entertainment', 'LIFESTYLE', 'WANT', 50, 220, 'MONTHLY'),
    item('Hobbies', 'LIFESTYLE', 'WANT', 40, 250, 'MONTHLY'),
    item('Professional dues', 'OTHER', 'NEED', 300, 1_200, 'ANNUALLY'),
    item('Books and courses', 'LIFESTYLE', 'WANT', 200, 1_500, 'ANNUALLY'),
    item('Home furnishings', 'LIFESTYLE', 'WANT', 500, 3_000, 'ANNUALLY'),
    item('Parking', 'LIFESTYLE', 'NEED', 80, 300, 'MONTHLY'),
    item('Accounting and tax preparation', 'OTHER', 'NEED', 300, 1_500, 'ANNUALLY'),
    item('Family support', 'OTHER', 'NEED', 150, 600, 'MONTHLY'),
  ];
}

function writeSource(ctx: SeedContext, household: Household, source: SourceSpec): void {
  const { ids, out, organizationId: org } = ctx;
  const random: Random = household.random;
  const id = ids.next(EntityType.cashFlowSource);
  const createdAt = household.clientSince;
  out.add(tables.cashFlowSources, {
    id,
    organizationId: org,
    householdId: household.id,
    type: source.type,
    name: source.name,
    subtype: source.subtype ?? null,
    necessity: source.necessity ?? null,
    assetId: source.assetId ?? null,
    liabilityId: source.liabilityId ?? null,
    sourceAccountId: source.sourceAccountId ?? null,
    destinationAccountId: source.destinationAccountId ?? null,
    createdAt,
  });
  const parties = [
    ...(source.payers ?? []).map((owner) => ({ role: 'PAYER' as const, owner })),
    ...(source.payees ?? []).map((owner) => ({ role: 'PAYEE' as const, owner })),
  ];
  for (const { role, owner } of parties) {
    out.add(tables.cashFlowParties, {
      id: ids.next(EntityType.cashFlowParty),
      organizationId: org,
      cashFlowSourceId: id,
      role,
      ownerKind: owner.kind,
      personId: owner.kind === 'Person' ? owner.id : null,
      corporationId: owner.kind === 'Corporation' ? owner.id : null,
      trustId: owner.kind === 'Trust' ? owner.id : null,
      foundationId: owner.kind === 'Foundation' ? owner.id : null,
    });
  }
  for (const flow of source.flows) {
    const startDate = flow.startDate ?? dateOf(addMonths(createdAt, random.int(0, 6)));
    out.add(tables.cashFlows, {
      id: ids.next(EntityType.cashFlow),
      organizationId: org,
      cashFlowSourceId: id,
      name: flow.name,
      status: flow.inactive ? 'INACTIVE' : 'ACTIVE',
      amount: money(flow.amount),
      amountCurrency: flow.currency ?? household.currency,
      frequency: flow.frequency,
      startDate: flow.endDate && flow.endDate < startDate ? flow.endDate : startDate,
      endDate: flow.endDate ?? null,
      createdAt,
    });
  }
}
