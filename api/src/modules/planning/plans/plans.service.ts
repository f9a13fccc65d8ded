import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_INFLATION_PERCENT,
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  notFound,
  taxResidenceProblem,
  validationError,
  type AddAccountInput,
  type AddAssetInput,
  type AddExpenseInput,
  type AddIncomeInput,
  type AddLiabilityInput,
  type AddMilestoneInput,
  type CreatePlanInput,
  type EditAccountInput,
  type EditAssetInput,
  type EditExpenseInput,
  type EditIncomeInput,
  type EditLiabilityInput,
  type EditMilestoneInput,
  type EditPlanPersonInput,
  type EditPlanSettingsInput,
  type PlanAsset,
  type PlanDocument,
  type PlanList,
  type PlanPerson,
  type ReferenceUse,
} from '@meridian/domain';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { AuditService } from '../../platform/audit/index.js';
import { EntityResolver } from '../../platform/entity-resolver/index.js';
import { planFromSnapshot, readHouseholdSnapshot } from './household-snapshot.js';
import { foreignReferences, partsNaming, type PlanPart, type ReferenceTarget } from './plan-references.js';
import { PlansRepository } from './plans.repository.js';
import { PlansWriter, type PartTable, type PlanParts } from './plans.writer.js';

const HOUSEHOLD_USE = { kinds: ['HOUSEHOLD'] } as const satisfies ReferenceUse;

export const PlanRefusal = {
  noPeople: 'A plan needs a person of the household with a birth date: add one to the household first',
  inUse: (what: string, users: string[]) => `The ${what} is used by ${users.join(', ')}: change or remove that first`,
  personNotInPlan: "The person is not one of this plan's people",
} as const;

/** The part kinds as they are stored, found in the document and named in refusals. */
const PART = {
  income: { table: 'plan_flows', list: 'incomes', notFound: 'Plan income', target: null },
  expense: { table: 'plan_flows', list: 'expenses', notFound: 'Plan expense', target: null },
  account: { table: 'plan_accounts', list: 'accounts', notFound: 'Plan account', target: 'account' },
  asset: { table: 'plan_assets', list: 'assets', notFound: 'Plan asset', target: 'asset' },
  liability: { table: 'plan_liabilities', list: 'liabilities', notFound: 'Plan liability', target: 'liability' },
  milestone: { table: 'plan_milestones', list: 'milestones', notFound: 'Plan milestone', target: null },
} as const satisfies Record<
  PlanPart['kind'],
  { table: PartTable; list: keyof PlanDocument; notFound: string; target: ReferenceTarget | null }
>;

type Kind = PlanPart['kind'];
type PartOf<K extends Kind> = Extract<PlanPart, { kind: K }>['part'];
const PARTS_KEY: Record<Kind, keyof PlanParts> = {
  income: 'incomes',
  expense: 'expenses',
  account: 'accounts',
  asset: 'assets',
  liability: 'liabilities',
  milestone: 'milestones',
};

/** Fields an edit leaves alone (undefined) keep the part's value; null clears a field that may be empty. */
function merged<T extends object>(part: T, edit: object): T {
  const next: Record<string, unknown> = { ...(part as Record<string, unknown>) };
  for (const [key, value] of Object.entries(edit)) if (value !== undefined) next[key] = value;
  return next as T;
}

/**
 * The plan calls of crm §7: a plan made from a household's records, read, listed, and its parts
 * added, edited and removed. Each change is one transaction on the locked plan: the part checked
 * against the plan (every person, account, asset and liability it names is this plan's; a part
 * named by another is not removed), written, audited; the answer is the plan's new document.
 * Plans never write the household's records.
 */
@Injectable()
export class PlansService {
  constructor(
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(PlansWriter) private readonly writer: PlansWriter,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
  ) {}

  /** Today, for the plan's first year. */
  today(): Date {
    return new Date();
  }

  async get(planId: string): Promise<PlanDocument> {
    const plan = await this.plans.findDocument(planId);
    if (!plan) throw notFound('Plan');
    return plan;
  }

  async list(householdId: string): Promise<PlanList> {
    await this.entities.requireOne(householdId, HOUSEHOLD_USE, 'householdId');
    return { plans: await this.plans.listForHousehold(householdId) };
  }

  /** A plan copied from the household's records as they are now (household-snapshot.ts), in one transaction. */
  async create(input: CreatePlanInput): Promise<PlanDocument> {
    const household = await this.entities.requireOne(input.householdId, HOUSEHOLD_USE, 'householdId');
    const today = this.today();
    const planId = newId(EntityType.plan);
    await this.plans.transaction(async (tx) => {
      const scope = writeScope(tx, { now: today });
      const snapshot = planFromSnapshot(await readHouseholdSnapshot(tx, household.id), today);
      if (snapshot.people.length === 0) throw new DomainError(ErrorCode.CONFLICT, PlanRefusal.noPeople);
      await this.writer.createPlan(scope, {
        id: planId,
        householdId: household.id,
        name: input.name,
        published: input.publish,
        settings: {
          startYear: today.getUTCFullYear(),
          currency: snapshot.currency,
          inflationPercent: DEFAULT_INFLATION_PERCENT,
          pensionIncomeSplitting: true,
        },
        people: snapshot.people,
        parts: snapshot.parts,
      });
      const after = (await this.plans.findDocument(planId, tx))!;
      await this.audit.recordMany(scope, [{ action: 'CREATE', entityType: EntityType.plan, entityId: planId, after }]);
    });
    return this.get(planId);
  }

  editSettings(planId: string, input: EditPlanSettingsInput): Promise<PlanDocument> {
    return this.change(planId, async (scope, plan) => {
      const { publish, ...fields } = input;
      await this.writer.updatePlan(scope, planId, { ...fields, published: publish });
      const { name, published, settings } = plan;
      const before = { name, published, settings };
      const after = {
        name: input.name ?? name,
        published: publish ?? published,
        settings: merged(settings, { ...fields, name: undefined }),
      };
      return [{ entityType: EntityType.plan, entityId: planId, before, after }];
    });
  }

  editPerson(planId: string, input: EditPlanPersonInput): Promise<PlanDocument> {
    return this.change(planId, async (scope, plan) => {
      const before = plan.people.find((person) => person.personId === input.personId);
      if (!before) throw validationError([{ path: 'personId', message: PlanRefusal.personNotInPlan }]);
      const { personId: _personId, ...edit } = input;
      const after: PlanPerson = merged(before, edit);
      // Moving to the US drops the province, moving to Canada the filing status, unless given.
      if (edit.country === 'US' && edit.province === undefined) after.province = null;
      if (edit.country === 'CA' && edit.usFilingStatus === undefined) after.usFilingStatus = null;
      const problem = taxResidenceProblem(after);
      if (problem) throw validationError([problem]);
      await this.writer.updatePerson(scope, planId, after);
      return [{ entityType: EntityType.plan, entityId: planId, before: { person: before }, after: { person: after } }];
    });
  }

  // ---- parts ----

  addMilestone(planId: string, input: AddMilestoneInput) {
    return this.add(planId, 'milestone', { id: newId(EntityType.planMilestone), ...input });
  }
  editMilestone(planId: string, milestoneId: string, input: EditMilestoneInput) {
    return this.edit(planId, 'milestone', milestoneId, input);
  }
  removeMilestone(planId: string, milestoneId: string) {
    return this.remove(planId, 'milestone', milestoneId);
  }

  addIncome(planId: string, input: AddIncomeInput) {
    return this.add(planId, 'income', { id: newId(EntityType.planFlow), ...input });
  }
  addExpense(planId: string, input: AddExpenseInput) {
    return this.add(planId, 'expense', { id: newId(EntityType.planFlow), ...input });
  }
  editIncome(planId: string, flowId: string, input: EditIncomeInput) {
    return this.edit(planId, 'income', flowId, input);
  }
  editExpense(planId: string, flowId: string, input: EditExpenseInput) {
    return this.edit(planId, 'expense', flowId, input);
  }
  /** An income or an expense, whichever the flow is. */
  async removeFlow(planId: string, flowId: string) {
    return this.change(planId, async (scope, plan) => {
      const kind: Kind | null = plan.incomes.some((income) => income.id === flowId)
        ? 'income'
        : plan.expenses.some((expense) => expense.id === flowId)
          ? 'expense'
          : null;
      if (!kind) throw notFound('Plan flow');
      return this.removeIn(scope, plan, kind, flowId);
    });
  }

  addAccount(planId: string, input: AddAccountInput) {
    return this.add(planId, 'account', { id: newId(EntityType.planAccount), financialRecordId: null, ...input });
  }
  editAccount(planId: string, { accountId, ...input }: EditAccountInput) {
    return this.edit(planId, 'account', accountId, input, 'accountId');
  }
  removeAccount(planId: string, accountId: string) {
    return this.remove(planId, 'account', accountId, 'accountId');
  }

  addAsset(planId: string, input: AddAssetInput) {
    return this.add(planId, 'asset', { id: newId(EntityType.planAsset), financialRecordId: null, ...input });
  }
  editAsset(planId: string, { assetId, ...input }: EditAssetInput) {
    return this.edit(planId, 'asset', assetId, input, 'assetId');
  }
  removeAsset(planId: string, assetId: string) {
    return this.remove(planId, 'asset', assetId, 'assetId');
  }

  addLiability(planId: string, input: AddLiabilityInput) {
    return this.add(planId, 'liability', { id: newId(EntityType.planLiability), financialRecordId: null, ...input });
  }
  editLiability(planId: string, { liabilityId, ...input }: EditLiabilityInput) {
    return this.edit(planId, 'liability', liabilityId, input, 'liabilityId');
  }
  removeLiability(planId: string, liabilityId: string) {
    return this.remove(planId, 'liability', liabilityId, 'liabilityId');
  }

  private add<K extends Kind>(planId: string, kind: K, part: PartOf<K>): Promise<PlanDocument> {
    return this.change(planId, async (scope, plan) => {
      this.checkReferences(plan, { kind, part } as PlanPart);
      await this.writer.insertParts(scope, planId, { [PARTS_KEY[kind]]: [part] });
      return [{ entityType: entityTypeOf(kind), entityId: part.id, after: part }];
    });
  }

  /**
   * An edit: the given fields over the part's (an id in the path or in `idPath` of the body), the
   * result checked as a new part would be. A part that is not this plan's is not found.
   */
  private edit<K extends Kind>(planId: string, kind: K, id: string, edit: object, idPath?: string) {
    return this.change(planId, async (scope, plan) => {
      const before = this.find(plan, kind, id, idPath);
      const after = merged(before, edit);
      this.checkWhole(kind, after);
      this.checkReferences(plan, { kind, part: after } as PlanPart);
      await this.writer.replaceParts(scope, planId, { [PARTS_KEY[kind]]: [after] });
      return [{ entityType: entityTypeOf(kind), entityId: id, before, after }];
    });
  }

  private remove(planId: string, kind: Kind, id: string, idPath?: string) {
    return this.change(planId, (scope, plan) => this.removeIn(scope, plan, kind, id, idPath));
  }

  private async removeIn(scope: WriteScope, plan: PlanDocument, kind: Kind, id: string, idPath?: string) {
    const before = this.find(plan, kind, id, idPath);
    const target = PART[kind].target;
    if (target) {
      const users = partsNaming(plan, target, id);
      if (users.length > 0) throw new DomainError(ErrorCode.CONFLICT, PlanRefusal.inUse(target, users));
    }
    await this.writer.removeParts(scope, plan.id, PART[kind].table, [id]);
    return [{ entityType: entityTypeOf(kind), entityId: id, before }];
  }

  private find<K extends Kind>(plan: PlanDocument, kind: K, id: string, idPath?: string): PartOf<K> {
    const list = plan[PART[kind].list] as PartOf<K>[];
    const part = list.find((candidate) => candidate.id === id);
    if (part) return part;
    // An id in the body is a field of the request: named with its path, like the body's other refusals.
    throw idPath
      ? new DomainError(ErrorCode.NOT_FOUND, `${PART[kind].notFound} not found`, [
          { path: idPath, message: `${PART[kind].notFound} not found` },
        ])
      : notFound(PART[kind].notFound);
  }

  /** The rules an edit can break that the body's schema checks only when both sides come in one request. */
  private checkWhole(kind: Kind, part: object): void {
    if (kind === 'asset') {
      const asset = part as PlanAsset;
      if (asset.currentValue === null && asset.purchase === null) {
        throw validationError([
          { path: 'currentValue', message: 'An asset needs its current value, or a purchase in a later year' },
        ]);
      }
    }
  }

  private checkReferences(plan: PlanDocument, item: PlanPart): void {
    // An edited part may name itself (an asset's own liability names the asset): look it up in the
    // plan with the part's new version in place.
    const withPart = {
      ...plan,
      [PART[item.kind].list]: [
        ...(plan[PART[item.kind].list] as { id: string }[]).filter((part) => part.id !== item.part.id),
        item.part,
      ],
    } as PlanDocument;
    const problems = foreignReferences(withPart, item);
    if (problems.length > 0) throw validationError(problems);
  }

  /**
   * One change of one plan: found within the caller's reach (404 otherwise), locked, changed,
   * audited (each entry with the plan's id), in one transaction; then the new document.
   */
  private async change(
    planId: string,
    work: (scope: WriteScope, plan: PlanDocument) => Promise<AuditedChange[]>,
  ): Promise<PlanDocument> {
    await this.plans.transaction(async (tx) => {
      const scope = writeScope(tx);
      const found = await this.plans.findDocument(planId, tx);
      if (!found) throw notFound('Plan');
      await this.plans.lock(scope.sql, scope.organizationId, planId);
      // Read again under the lock: a change that was waiting for it sees the one before it.
      const plan = (await this.plans.findDocument(planId, tx))!;
      const changes = await work(scope, plan);
      await this.audit.recordMany(
        scope,
        changes.map(({ entityType, entityId, before, after }) => ({
          action: before === undefined ? 'CREATE' : after === undefined ? 'DELETE' : 'UPDATE',
          entityType,
          entityId,
          before: before === undefined ? undefined : { planId, ...before },
          after: after === undefined ? undefined : { planId, ...after },
        })),
      );
    });
    return this.get(planId);
  }
}

interface AuditedChange {
  entityType: string;
  entityId: string;
  before?: object;
  after?: object;
}

function entityTypeOf(kind: Kind): string {
  switch (kind) {
    case 'income':
    case 'expense':
      return EntityType.planFlow;
    case 'account':
      return EntityType.planAccount;
    case 'asset':
      return EntityType.planAsset;
    case 'liability':
      return EntityType.planLiability;
    case 'milestone':
      return EntityType.planMilestone;
  }
}
