import { Injectable } from '@nestjs/common';
import type {
  MoneyJson,
  PlanAccount,
  PlanAsset,
  PlanExpense,
  PlanIncome,
  PlanLiability,
  PlanMilestone,
  PlanPerson,
  PlanSettings,
} from '@meridian/domain';
import { deleteRows, insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** A new plan: its own fields and the parts it starts with (ids made by the caller). */
export interface PlanDraft {
  id: string;
  householdId: string;
  name: string;
  published: boolean;
  settings: PlanSettings;
  people: PlanPerson[];
  parts: PlanParts;
}

/** Parts of a plan, each kind a batch. */
export interface PlanParts {
  incomes?: PlanIncome[];
  expenses?: PlanExpense[];
  accounts?: PlanAccount[];
  assets?: PlanAsset[];
  liabilities?: PlanLiability[];
  milestones?: PlanMilestone[];
}

/** The plan's own columns the settings call changes. */
export interface PlanColumns {
  name?: string;
  published?: boolean;
  startYear?: number;
  currency?: string;
  inflationPercent?: string;
  pensionIncomeSplitting?: boolean;
}

export type PartTable = 'plan_flows' | 'plan_accounts' | 'plan_assets' | 'plan_liabilities' | 'plan_milestones';

const PLAN_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  household_id: 'text',
  name: 'text',
  published: 'boolean',
  start_year: 'integer',
  currency: 'currency',
  inflation_percent: 'numeric',
  pension_income_splitting: 'boolean',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const PERSON_TYPES: ColumnTypes = {
  organization_id: 'text',
  plan_id: 'text',
  person_id: 'text',
  position: 'integer',
  name: 'text',
  birth_date: 'date',
  retirement_age: 'integer',
  country: 'country_code',
  province: 'tax_province',
  us_filing_status: 'text',
  rrsp_room: 'numeric',
  rrsp_room_currency: 'currency',
  tfsa_room: 'numeric',
  tfsa_room_currency: 'currency',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const FLOW_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  plan_id: 'text',
  kind: 'cash_flow_type',
  name: 'text',
  sub_type: 'text',
  time_frame: 'jsonb',
  amount: 'numeric',
  amount_currency: 'currency',
  frequency: 'payment_frequency',
  change: 'jsonb',
  tax_exempt: 'boolean',
  funding_source: 'jsonb',
  defined_benefit: 'jsonb',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const ACCOUNT_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  plan_id: 'text',
  financial_record_id: 'text',
  name: 'text',
  account_type: 'investment_account_type',
  jurisdiction: 'country_code',
  market_value: 'numeric',
  market_value_currency: 'currency',
  cost_basis: 'numeric',
  cost_basis_currency: 'currency',
  dividend_percent: 'numeric',
  fees_percent: 'numeric',
  growth: 'jsonb',
  liquidity_rule: 'jsonb',
  withdrawal_rule: 'jsonb',
  payments_active: 'boolean',
  contribution: 'jsonb',
  annual_tax_exempt_amount: 'numeric',
  annual_tax_exempt_amount_currency: 'currency',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const ASSET_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  plan_id: 'text',
  financial_record_id: 'text',
  name: 'text',
  kind: 'text',
  current_value: 'numeric',
  current_value_currency: 'currency',
  cost_basis: 'numeric',
  cost_basis_currency: 'currency',
  purchase: 'jsonb',
  sale: 'jsonb',
  value_change: 'jsonb',
  rental_income: 'numeric',
  rental_income_currency: 'currency',
  rental_income_frequency: 'payment_frequency',
  rental_income_change: 'jsonb',
  is_residence: 'boolean',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const LIABILITY_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  plan_id: 'text',
  financial_record_id: 'text',
  name: 'text',
  type: 'text',
  current_balance: 'numeric',
  current_balance_currency: 'currency',
  down_payment: 'numeric',
  down_payment_currency: 'currency',
  effective_date: 'date',
  interest_rate_percent: 'numeric',
  compounding_frequency: 'payment_frequency',
  compounding_type: 'interest_type',
  payment_amount: 'numeric',
  payment_amount_currency: 'currency',
  payment_frequency: 'payment_frequency',
  payment_start: 'date',
  asset_id: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const MILESTONE_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  plan_id: 'text',
  name: 'text',
  conditions: 'jsonb',
  color_hex: 'text',
  icon: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const TYPES_OF: Record<PartTable, ColumnTypes> = {
  plan_flows: FLOW_TYPES,
  plan_accounts: ACCOUNT_TYPES,
  plan_assets: ASSET_TYPES,
  plan_liabilities: LIABILITY_TYPES,
  plan_milestones: MILESTONE_TYPES,
};

const amount = (value: MoneyJson | null) => value?.value ?? null;
const currency = (value: MoneyJson | null) => value?.currency ?? null;

function personColumns(person: PlanPerson) {
  return {
    name: person.name,
    birth_date: person.birthDate,
    retirement_age: person.retirementAge,
    country: person.country,
    province: person.province,
    us_filing_status: person.usFilingStatus,
    rrsp_room: amount(person.rrspRoom),
    rrsp_room_currency: currency(person.rrspRoom),
    tfsa_room: amount(person.tfsaRoom),
    tfsa_room_currency: currency(person.tfsaRoom),
  };
}

function incomeColumns(income: PlanIncome) {
  return {
    kind: 'INCOME',
    name: income.name,
    sub_type: income.kind,
    time_frame: income.timeFrame,
    amount: income.frequencyAmount.amount.value,
    amount_currency: income.frequencyAmount.amount.currency,
    frequency: income.frequencyAmount.frequency,
    change: income.change,
    tax_exempt: income.taxExempt,
    funding_source: null,
    defined_benefit: income.definedBenefit,
  };
}

function expenseColumns(expense: PlanExpense) {
  return {
    kind: 'EXPENSE',
    name: expense.name,
    sub_type: expense.category,
    time_frame: expense.timeFrame,
    amount: expense.frequencyAmount.amount.value,
    amount_currency: expense.frequencyAmount.amount.currency,
    frequency: expense.frequencyAmount.frequency,
    change: expense.change,
    tax_exempt: false,
    funding_source: expense.fundingSource,
    defined_benefit: null,
  };
}

function accountColumns(account: PlanAccount) {
  return {
    financial_record_id: account.financialRecordId,
    name: account.name,
    account_type: account.accountType,
    jurisdiction: account.jurisdiction,
    market_value: account.marketValue.value,
    market_value_currency: account.marketValue.currency,
    cost_basis: amount(account.costBasis),
    cost_basis_currency: currency(account.costBasis),
    dividend_percent: account.dividendPercent,
    fees_percent: account.feesPercent,
    growth: account.growth,
    liquidity_rule: account.liquidityRule,
    withdrawal_rule: account.withdrawalRule,
    payments_active: account.paymentsActive,
    contribution: account.contribution,
    annual_tax_exempt_amount: amount(account.annualTaxExemptAmount),
    annual_tax_exempt_amount_currency: currency(account.annualTaxExemptAmount),
  };
}

function assetColumns(asset: PlanAsset) {
  const rental = asset.rentalIncome;
  return {
    financial_record_id: asset.financialRecordId,
    name: asset.name,
    kind: asset.kind,
    current_value: amount(asset.currentValue),
    current_value_currency: currency(asset.currentValue),
    cost_basis: amount(asset.costBasis),
    cost_basis_currency: currency(asset.costBasis),
    purchase: asset.purchase,
    sale: asset.sale,
    value_change: asset.valueChange,
    rental_income: rental?.frequencyAmount.amount.value ?? null,
    rental_income_currency: rental?.frequencyAmount.amount.currency ?? null,
    rental_income_frequency: rental?.frequencyAmount.frequency ?? null,
    rental_income_change: rental?.change ?? null,
    is_residence: asset.isPrimaryResidence,
  };
}

function liabilityColumns(liability: PlanLiability) {
  return {
    financial_record_id: liability.financialRecordId,
    name: liability.name,
    type: liability.type,
    current_balance: liability.currentBalance.value,
    current_balance_currency: liability.currentBalance.currency,
    down_payment: amount(liability.downPayment),
    down_payment_currency: currency(liability.downPayment),
    effective_date: liability.effectiveDate,
    interest_rate_percent: liability.interest.ratePercent,
    compounding_frequency: liability.interest.compounding.frequency,
    compounding_type: liability.interest.compounding.type,
    payment_amount: liability.payment.frequencyAmount.amount.value,
    payment_amount_currency: liability.payment.frequencyAmount.amount.currency,
    payment_frequency: liability.payment.frequencyAmount.frequency,
    payment_start: liability.payment.start,
    asset_id: liability.assetId,
  };
}

function milestoneColumns(milestone: PlanMilestone) {
  return {
    name: milestone.name,
    conditions: milestone.conditions,
    color_hex: milestone.display.colorHex,
    icon: milestone.display.icon,
  };
}

/** Each part kind's table, columns and people (earners, spenders, owners). */
function rowsOf(parts: PlanParts) {
  return [
    {
      table: 'plan_flows' as const,
      rows: [
        ...(parts.incomes ?? []).map((income) => ({
          id: income.id,
          columns: incomeColumns(income),
          people: income.earners,
        })),
        ...(parts.expenses ?? []).map((expense) => ({
          id: expense.id,
          columns: expenseColumns(expense),
          people: expense.spenders,
        })),
      ],
    },
    {
      table: 'plan_accounts' as const,
      rows: (parts.accounts ?? []).map((account) => ({
        id: account.id,
        columns: accountColumns(account),
        people: account.owners,
      })),
    },
    {
      table: 'plan_assets' as const,
      rows: (parts.assets ?? []).map((asset) => ({ id: asset.id, columns: assetColumns(asset), people: asset.owners })),
    },
    {
      table: 'plan_liabilities' as const,
      rows: (parts.liabilities ?? []).map((liability) => ({
        id: liability.id,
        columns: liabilityColumns(liability),
        people: null,
      })),
    },
    {
      table: 'plan_milestones' as const,
      rows: (parts.milestones ?? []).map((milestone) => ({
        id: milestone.id,
        columns: milestoneColumns(milestone),
        people: null,
      })),
    },
  ];
}

/** The people table of a part kind: (table, its part column). */
const PEOPLE_TABLE: Partial<Record<PartTable, { table: string; column: string }>> = {
  plan_flows: { table: 'plan_flow_people', column: 'plan_flow_id' },
  plan_accounts: { table: 'plan_account_owners', column: 'plan_account_id' },
  plan_assets: { table: 'plan_asset_owners', column: 'plan_asset_id' },
};

/**
 * The one writer of plans and their parts (people, incomes and expenses with their people,
 * accounts and assets with their owners, liabilities, milestones): a batch per statement. It
 * writes what it is given; the planning service checks that every id a part names is its plan's.
 * Every change moves the plan's `updated_at`, so the household's list shows the last change.
 */
@Injectable()
export class PlansWriter {
  async createPlan(scope: WriteScope, draft: PlanDraft): Promise<void> {
    const stamp = { organization_id: scope.organizationId, created_at: scope.now, updated_at: scope.now };
    await insertRows(scope.sql, 'plans', PLAN_TYPES, [
      {
        ...stamp,
        id: draft.id,
        household_id: draft.householdId,
        name: draft.name,
        published: draft.published,
        start_year: draft.settings.startYear,
        currency: draft.settings.currency,
        inflation_percent: draft.settings.inflationPercent,
        pension_income_splitting: draft.settings.pensionIncomeSplitting,
      },
    ]);
    await insertRows(
      scope.sql,
      'plan_people',
      PERSON_TYPES,
      draft.people.map((person, position) => ({
        ...stamp,
        plan_id: draft.id,
        person_id: person.personId,
        position,
        ...personColumns(person),
      })),
    );
    await this.insertParts(scope, draft.id, draft.parts);
  }

  /** Adds parts to a plan (their ids made by the caller). */
  async insertParts(scope: WriteScope, planId: string, parts: PlanParts): Promise<void> {
    const stamp = { organization_id: scope.organizationId, created_at: scope.now, updated_at: scope.now };
    for (const { table, rows } of rowsOf(parts)) {
      await insertRows(
        scope.sql,
        table,
        TYPES_OF[table],
        rows.map((row) => ({ ...stamp, id: row.id, plan_id: planId, ...row.columns })),
      );
      await this.insertPeople(scope, table, rows);
    }
    await this.touch(scope, planId);
  }

  /** Writes every column of these parts and replaces their people with the ones given. */
  async replaceParts(scope: WriteScope, planId: string, parts: PlanParts): Promise<void> {
    for (const { table, rows } of rowsOf(parts)) {
      await updateRows(
        scope.sql,
        table,
        scope.organizationId,
        TYPES_OF[table],
        rows.map((row) => ({ id: row.id, set: { ...row.columns, updated_at: scope.now } })),
      );
      const people = PEOPLE_TABLE[table];
      if (people && rows.length > 0) {
        await scope.sql.execute(
          `DELETE FROM ${people.table} WHERE organization_id = $1 AND ${people.column} = ANY($2::text[])`,
          scope.organizationId,
          rows.map((row) => row.id),
        );
        await this.insertPeople(scope, table, rows);
      }
    }
    await this.touch(scope, planId);
  }

  /** Removes parts of one table (their people go with them: ON DELETE CASCADE). */
  async removeParts(scope: WriteScope, planId: string, table: PartTable, ids: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, table, scope.organizationId, ids);
    await this.touch(scope, planId);
  }

  async updatePlan(scope: WriteScope, planId: string, fields: PlanColumns): Promise<void> {
    const set: Record<string, unknown> = { updated_at: scope.now };
    if (fields.name !== undefined) set.name = fields.name;
    if (fields.published !== undefined) set.published = fields.published;
    if (fields.startYear !== undefined) set.start_year = fields.startYear;
    if (fields.currency !== undefined) set.currency = fields.currency;
    if (fields.inflationPercent !== undefined) set.inflation_percent = fields.inflationPercent;
    if (fields.pensionIncomeSplitting !== undefined) set.pension_income_splitting = fields.pensionIncomeSplitting;
    await updateRows(scope.sql, 'plans', scope.organizationId, PLAN_TYPES, [{ id: planId, set }]);
  }

  /** Writes a plan person's planning facts (every column but the person and their place). */
  async updatePerson(scope: WriteScope, planId: string, person: PlanPerson): Promise<void> {
    const columns = personColumns(person);
    const names = Object.keys(columns);
    await scope.sql.execute(
      `UPDATE plan_people AS t SET ${names.map((name) => `"${name}" = r."${name}"`).join(', ')}, updated_at = $4
         FROM jsonb_to_recordset($3::jsonb) AS r(${names.map((name) => `"${name}" ${PERSON_TYPES[name]}`).join(', ')})
        WHERE t.organization_id = $1 AND t.plan_id = $2 AND t.person_id = $5`,
      scope.organizationId,
      planId,
      JSON.stringify([columns]),
      scope.now,
      person.personId,
    );
    await this.touch(scope, planId);
  }

  private async insertPeople(
    scope: WriteScope,
    table: PartTable,
    rows: readonly { id: string; people: readonly string[] | null }[],
  ): Promise<void> {
    const people = PEOPLE_TABLE[table];
    if (!people) return;
    const links = rows.flatMap((row) => (row.people ?? []).map((personId) => ({ partId: row.id, personId })));
    if (links.length === 0) return;
    await scope.sql.execute(
      `INSERT INTO ${people.table} (organization_id, ${people.column}, person_id)
       SELECT $1, r.part_id, r.person_id FROM jsonb_to_recordset($2::jsonb) AS r(part_id text, person_id text)`,
      scope.organizationId,
      JSON.stringify(links.map((link) => ({ part_id: link.partId, person_id: link.personId }))),
    );
  }

  private async touch(scope: WriteScope, planId: string): Promise<void> {
    await scope.sql.execute(
      `UPDATE plans SET updated_at = $3 WHERE organization_id = $1 AND id = $2`,
      scope.organizationId,
      planId,
      scope.now,
    );
  }
}
