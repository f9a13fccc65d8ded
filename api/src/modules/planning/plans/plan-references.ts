import type {
  MilestoneCondition,
  PlanAccount,
  PlanAsset,
  PlanDocument,
  PlanExpense,
  PlanIncome,
  PlanLiability,
  PlanMilestone,
  TimeFrame,
  TimePoint,
} from '@meridian/domain';

/** What a plan part may name: one of the plan's people, accounts, assets or liabilities. */
export type ReferenceTarget = 'person' | 'account' | 'asset' | 'liability';

/** One id a part names, at its path in the part (the request body's path for an add or edit). */
export interface PartReference {
  path: string;
  target: ReferenceTarget;
  id: string;
}

export type PlanPart =
  | { kind: 'income'; part: PlanIncome }
  | { kind: 'expense'; part: PlanExpense }
  | { kind: 'account'; part: PlanAccount }
  | { kind: 'asset'; part: PlanAsset }
  | { kind: 'liability'; part: PlanLiability }
  | { kind: 'milestone'; part: PlanMilestone };

const NOT_THE_PLANS: Readonly<Record<ReferenceTarget, string>> = {
  person: "The person is not one of this plan's people",
  account: "The account is not one of this plan's accounts",
  asset: "The asset is not one of this plan's assets",
  liability: "The liability is not one of this plan's liabilities",
};

/** The refusal of an id that is not the plan's (another plan's, another firm's, or none). */
export const notThePlans = (target: ReferenceTarget) => NOT_THE_PLANS[target];

function pointReferences(point: TimePoint, path: string): PartReference[] {
  return point.kind === 'AGE' || point.kind === 'RETIREMENT'
    ? [{ path: `${path}.personId`, target: 'person', id: point.personId }]
    : [];
}

function frameReferences(frame: TimeFrame, path: string): PartReference[] {
  return [...pointReferences(frame.start, `${path}.start`), ...pointReferences(frame.end, `${path}.end`)];
}

const people = (ids: readonly string[], path: string): PartReference[] =>
  ids.map((id, index) => ({ path: `${path}.${index}`, target: 'person', id }));

function conditionReferences(condition: MilestoneCondition, path: string): PartReference[] {
  if (condition.kind === 'AGE_REACHED' || condition.kind === 'RETIRED') {
    return [{ path: `${path}.personId`, target: 'person', id: condition.personId }];
  }
  if (condition.kind === 'ACCOUNT_BALANCE_AT_LEAST') {
    return [{ path: `${path}.accountId`, target: 'account', id: condition.accountId }];
  }
  return [];
}

/** Every id of the plan a part names, with its path in the part. */
export function referencesOf(item: PlanPart): PartReference[] {
  switch (item.kind) {
    case 'income':
      return [...frameReferences(item.part.timeFrame, 'timeFrame'), ...people(item.part.earners, 'earners')];
    case 'expense': {
      const source = item.part.fundingSource;
      return [
        ...frameReferences(item.part.timeFrame, 'timeFrame'),
        ...people(item.part.spenders, 'spenders'),
        ...(source.kind === 'ACCOUNT'
          ? [{ path: 'fundingSource.accountId', target: 'account' as const, id: source.accountId }]
          : []),
      ];
    }
    case 'account':
      return [
        ...people(item.part.owners, 'owners'),
        ...(item.part.contribution ? frameReferences(item.part.contribution.timeFrame, 'contribution.timeFrame') : []),
      ];
    case 'asset': {
      const { purchase, sale } = item.part;
      const references = people(item.part.owners, 'owners');
      if (purchase?.fundingAccountId) {
        references.push({ path: 'purchase.fundingAccountId', target: 'account', id: purchase.fundingAccountId });
      }
      if (purchase?.liabilityId) {
        references.push({ path: 'purchase.liabilityId', target: 'liability', id: purchase.liabilityId });
      }
      if (sale?.proceedsAccountId) {
        references.push({ path: 'sale.proceedsAccountId', target: 'account', id: sale.proceedsAccountId });
      }
      return references;
    }
    case 'liability':
      return item.part.assetId ? [{ path: 'assetId', target: 'asset', id: item.part.assetId }] : [];
    case 'milestone':
      return item.part.conditions.flatMap((condition, index) => conditionReferences(condition, `conditions.${index}`));
  }
}

/** The ids of the plan's own people, accounts, assets and liabilities. */
export function planIds(plan: PlanDocument): Record<ReferenceTarget, Set<string>> {
  return {
    person: new Set(plan.people.map((person) => person.personId)),
    account: new Set(plan.accounts.map((account) => account.id)),
    asset: new Set(plan.assets.map((asset) => asset.id)),
    liability: new Set(plan.liabilities.map((liability) => liability.id)),
  };
}

/** The references of `item` that are not `plan`'s: each with the path and the refusal. */
export function foreignReferences(plan: PlanDocument, item: PlanPart): { path: string; message: string }[] {
  const own = planIds(plan);
  return referencesOf(item)
    .filter((reference) => !own[reference.target].has(reference.id))
    .map((reference) => ({ path: reference.path, message: notThePlans(reference.target) }));
}

/** Every part of a plan, as `PlanPart`s. */
export function partsOf(plan: PlanDocument): PlanPart[] {
  return [
    ...plan.incomes.map((part) => ({ kind: 'income' as const, part })),
    ...plan.expenses.map((part) => ({ kind: 'expense' as const, part })),
    ...plan.accounts.map((part) => ({ kind: 'account' as const, part })),
    ...plan.assets.map((part) => ({ kind: 'asset' as const, part })),
    ...plan.liabilities.map((part) => ({ kind: 'liability' as const, part })),
    ...plan.milestones.map((part) => ({ kind: 'milestone' as const, part })),
  ];
}

const PART_WORD: Readonly<Record<PlanPart['kind'], string>> = {
  income: 'income',
  expense: 'expense',
  account: 'account',
  asset: 'asset',
  liability: 'liability',
  milestone: 'milestone',
};

/** The parts (other than the one itself) that name `id`, as "the expense 'Groceries'". */
export function partsNaming(plan: PlanDocument, target: ReferenceTarget, id: string): string[] {
  return partsOf(plan)
    .filter((item) => item.part.id !== id)
    .filter((item) => referencesOf(item).some((reference) => reference.target === target && reference.id === id))
    .map((item) => `the ${PART_WORD[item.kind]} '${item.part.name}'`);
}
