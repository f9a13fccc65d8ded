import { Inject, Injectable } from '@nestjs/common';
import type {
  AccountGrowth,
  CountryCode,
  CurrencyCode,
  DebtType,
  FlowChange,
  FundingSource,
  InterestType,
  InvestmentAccountType,
  LiquidityRule,
  MilestoneCondition,
  MoneyJson,
  PaymentFrequency,
  PaymentType,
  PensionInput,
  PlanAssetKind,
  PlanDocument,
  PlanIncomeKind,
  PlanSummary,
  TaxProvince,
  TimeFrame,
  UsFilingStatus,
  WithdrawalRule,
  ExpenseSubtypeCategory,
  FrequencyAmount,
} from '@meridian/domain';
import type { Sql } from '../../../common/persistence/sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

type Db = TenantPrismaClient | TenantTransaction;
interface DecimalLike {
  toFixed(): string;
}

const money = (value: DecimalLike, currency: string): MoneyJson => ({
  value: value.toFixed(),
  currency: currency as CurrencyCode,
});
const moneyOrNull = (value: DecimalLike | null, currency: string | null): MoneyJson | null =>
  value === null || currency === null ? null : money(value, currency);
const day = (value: Date | null) => (value === null ? null : value.toISOString().slice(0, 10));

type PlanRow = NonNullable<Awaited<ReturnType<typeof readPlan>>>;

/** Everything of a plan the document is built from, in one read through the tenant scope. */
function readPlan(db: Db, planId: string) {
  const byCreation = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
  // A plan of a household that was deleted is gone with it; the tenant scope adds the team's.
  return db.plan.findFirst({
    where: { id: planId, household: { deletedAt: null } },
    include: {
      people: { orderBy: [{ position: 'asc' }, { personId: 'asc' }] },
      milestones: { orderBy: byCreation },
      flows: { orderBy: byCreation, include: { people: true } },
      accounts: { orderBy: byCreation, include: { owners: true } },
      assets: { orderBy: byCreation, include: { owners: true } },
      liabilities: { orderBy: byCreation },
    },
  });
}

/** The plan's rows as the PlanDocument (planning/plans/document.ts); people keep the plan's order. */
export function documentOf(row: PlanRow): PlanDocument {
  const order = new Map(row.people.map((person, index) => [person.personId, index]));
  const inPlanOrder = (ids: string[]) => [...ids].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const frequencyAmount = (amount: DecimalLike, currency: string, frequency: string): FrequencyAmount => ({
    amount: money(amount, currency),
    frequency: frequency as PaymentFrequency,
  });
  return {
    id: row.id,
    householdId: row.householdId,
    name: row.name,
    published: row.published,
    settings: {
      startYear: row.startYear,
      currency: row.currency as CurrencyCode,
      inflationPercent: row.inflationPercent.toFixed(),
      pensionIncomeSplitting: row.pensionIncomeSplitting,
    },
    people: row.people.map((person) => ({
      personId: person.personId,
      name: person.name,
      birthDate: day(person.birthDate)!,
      retirementAge: person.retirementAge,
      country: person.country as CountryCode,
      province: person.province as TaxProvince | null,
      usFilingStatus: person.usFilingStatus as UsFilingStatus | null,
      rrspRoom: moneyOrNull(person.rrspRoom, person.rrspRoomCurrency),
      tfsaRoom: moneyOrNull(person.tfsaRoom, person.tfsaRoomCurrency),
    })),
    incomes: row.flows
      .filter((flow) => flow.kind === 'INCOME')
      .map((flow) => ({
        id: flow.id,
        name: flow.name,
        kind: flow.subType as PlanIncomeKind,
        timeFrame: flow.timeFrame as unknown as TimeFrame,
        frequencyAmount: frequencyAmount(flow.amount, flow.amountCurrency, flow.frequency),
        change: flow.change as unknown as FlowChange,
        earners: inPlanOrder(flow.people.map((person) => person.personId)),
        taxExempt: flow.taxExempt,
        definedBenefit: (flow.definedBenefit ?? null) as PensionInput | null,
      })),
    expenses: row.flows
      .filter((flow) => flow.kind === 'EXPENSE')
      .map((flow) => ({
        id: flow.id,
        name: flow.name,
        category: flow.subType as ExpenseSubtypeCategory,
        timeFrame: flow.timeFrame as unknown as TimeFrame,
        frequencyAmount: frequencyAmount(flow.amount, flow.amountCurrency, flow.frequency),
        change: flow.change as unknown as FlowChange,
        spenders: inPlanOrder(flow.people.map((person) => person.personId)),
        fundingSource: (flow.fundingSource ?? { kind: 'PLAN_CASH' }) as FundingSource,
      })),
    accounts: row.accounts.map((account) => ({
      id: account.id,
      financialRecordId: account.financialRecordId,
      name: account.name,
      accountType: account.accountType as InvestmentAccountType,
      jurisdiction: account.jurisdiction as CountryCode,
      owners: inPlanOrder(account.owners.map((owner) => owner.personId)),
      marketValue: money(account.marketValue, account.marketValueCurrency),
      costBasis: moneyOrNull(account.costBasis, account.costBasisCurrency),
      dividendPercent: account.dividendPercent.toFixed(),
      feesPercent: account.feesPercent.toFixed(),
      growth: account.growth as unknown as AccountGrowth,
      liquidityRule: account.liquidityRule as unknown as LiquidityRule,
      withdrawalRule: account.withdrawalRule as unknown as WithdrawalRule,
      paymentsActive: account.paymentsActive,
      contribution: (account.contribution ?? null) as PlanDocument['accounts'][number]['contribution'],
      annualTaxExemptAmount: moneyOrNull(account.annualTaxExemptAmount, account.annualTaxExemptAmountCurrency),
    })),
    assets: row.assets.map((asset) => ({
      id: asset.id,
      financialRecordId: asset.financialRecordId,
      name: asset.name,
      kind: asset.kind as PlanAssetKind,
      owners: inPlanOrder(asset.owners.map((owner) => owner.personId)),
      currentValue: moneyOrNull(asset.currentValue, asset.currentValueCurrency),
      costBasis: moneyOrNull(asset.costBasis, asset.costBasisCurrency),
      valueChange: asset.valueChange as unknown as FlowChange,
      purchase: (asset.purchase ?? null) as {
        year: number;
        price: MoneyJson;
        paymentType: PaymentType;
        fundingAccountId: string | null;
        liabilityId: string | null;
      } | null,
      sale: (asset.sale ?? null) as { year: number; proceedsAccountId: string | null } | null,
      rentalIncome:
        asset.rentalIncome === null || asset.rentalIncomeCurrency === null || asset.rentalIncomeFrequency === null
          ? null
          : {
              frequencyAmount: frequencyAmount(
                asset.rentalIncome,
                asset.rentalIncomeCurrency,
                asset.rentalIncomeFrequency,
              ),
              change: (asset.rentalIncomeChange ?? { type: 'INFLATION', ratePercent: null }) as unknown as FlowChange,
            },
      isPrimaryResidence: asset.isResidence,
    })),
    liabilities: row.liabilities.map((liability) => ({
      id: liability.id,
      financialRecordId: liability.financialRecordId,
      name: liability.name,
      type: liability.type as DebtType,
      currentBalance: money(liability.currentBalance, liability.currentBalanceCurrency),
      downPayment: moneyOrNull(liability.downPayment, liability.downPaymentCurrency),
      effectiveDate: day(liability.effectiveDate),
      interest: {
        ratePercent: liability.interestRatePercent.toFixed(),
        compounding: {
          frequency: liability.compoundingFrequency as PaymentFrequency,
          type: liability.compoundingType as InterestType,
        },
      },
      payment: {
        frequencyAmount: frequencyAmount(
          liability.paymentAmount,
          liability.paymentAmountCurrency,
          liability.paymentFrequency,
        ),
        start: day(liability.paymentStart),
      },
      assetId: liability.assetId,
    })),
    milestones: row.milestones.map((milestone) => ({
      id: milestone.id,
      name: milestone.name,
      conditions: milestone.conditions as unknown as MilestoneCondition[],
      display: { colorHex: milestone.colorHex, icon: milestone.icon },
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Plans as the routes read them: through the tenant client (organization and team scope). */
@Injectable()
export class PlansRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  transaction<T>(work: (tx: TenantTransaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /** The plan's document, or null when it is out of reach (another firm's or team's, or gone). */
  async findDocument(planId: string, tx?: TenantTransaction): Promise<PlanDocument | null> {
    const row = await readPlan(tx ?? this.prisma, planId);
    return row ? documentOf(row) : null;
  }

  /**
   * Locks the plan row until the transaction ends, so two changes of one plan take turns and the
   * second checks its references against the first's result. Raw SQL is not scoped: the plan was
   * found through the tenant client first.
   */
  async lock(sql: Sql, organizationId: string, planId: string): Promise<void> {
    await sql.query(`SELECT id FROM plans WHERE organization_id = $1 AND id = $2 FOR UPDATE`, organizationId, planId);
  }

  /** A household's plans, newest change first. */
  async listForHousehold(householdId: string): Promise<PlanSummary[]> {
    const rows = await this.prisma.plan.findMany({
      where: { householdId, household: { deletedAt: null } },
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
      select: { id: true, name: true, published: true, updatedAt: true },
    });
    return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
  }
}
