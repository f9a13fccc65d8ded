import { Body, Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  addAccountSchema,
  addAssetSchema,
  addExpenseSchema,
  addIncomeSchema,
  addLiabilitySchema,
  addMilestoneSchema,
  createPlanSchema,
  editAccountSchema,
  editAssetSchema,
  editExpenseSchema,
  editIncomeSchema,
  editLiabilitySchema,
  editMilestoneSchema,
  editPlanPersonSchema,
  editPlanSettingsSchema,
  planDocumentSchema,
  planFlowKindParamsSchema,
  planFlowParamsSchema,
  planIdParamsSchema,
  planListQuerySchema,
  planListSchema,
  planMilestoneParamsSchema,
  planQuerySchema,
  planSimQuerySchema,
  planSimResponseSchema,
  removeAccountSchema,
  removeAssetSchema,
  removeLiabilitySchema,
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
  type EditLiabilityInput,
  type EditMilestoneInput,
  type EditPlanPersonInput,
  type EditPlanSettingsInput,
  type PlanDocument,
  type PlanIdParams,
  type PlanList,
  type PlanSimQuery,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { PlanSimService, type PlanSimulation } from './plan-sim.service.js';
import { PlansService } from './plans.service.js';

const TAGS = ['plans'];

/** A call that changes one plan: its new document; 404 for a plan or part out of reach, 409 for a part in use. */
function change(summary: string, params: z.ZodType, body?: z.ZodType) {
  return {
    summary,
    tags: TAGS,
    permission: 'PLANNING_WRITE' as const,
    params,
    ...(body ? { body } : {}),
    response: planDocumentSchema,
    errors: [404, 409],
  };
}

type MilestoneParams = z.output<typeof planMilestoneParamsSchema>;
type FlowParams = z.output<typeof planFlowParamsSchema>;
type FlowKindParams = z.output<typeof planFlowKindParamsSchema>;

/**
 * Plans (crm §7 "Plans", with the paths as the spec gives them, and two calls it lacks: a plan's
 * settings and its people's planning facts). A plan part's id is in the path where the spec puts
 * one (milestones, flows) and in the body elsewhere (`accountId`, `assetId`, `liabilityId`).
 */
@Controller('plans')
export class PlansController {
  constructor(
    @Inject(PlansService) private readonly plans: PlansService,
    @Inject(PlanSimService) private readonly simulations: PlanSimService,
  ) {}

  @Post()
  @ApiRoute({
    summary:
      "Make a plan from the household's records as they are now (people, accounts, assets, debts, cash flows, pensions)",
    tags: TAGS,
    permission: 'PLANNING_WRITE',
    body: createPlanSchema,
    response: planDocumentSchema,
    status: 201,
    errors: [404, 409],
  })
  create(@ValidBody() body: CreatePlanInput): Promise<PlanDocument> {
    return this.plans.create(body);
  }

  @Get()
  @ApiRoute({
    summary: 'A plan: its settings, people, incomes, expenses, accounts, assets, liabilities and milestones',
    tags: TAGS,
    permission: 'PLANNING_READ',
    query: planQuerySchema,
    response: planDocumentSchema,
    errors: [404],
  })
  get(@ValidQuery() query: z.output<typeof planQuerySchema>): Promise<PlanDocument> {
    return this.plans.get(query.planId);
  }

  // PATCH as the spec gives it; it changes nothing.
  @Patch('list')
  @ApiRoute({
    summary: "A household's plans, the last changed first",
    tags: TAGS,
    permission: 'PLANNING_READ',
    query: planListQuerySchema,
    response: planListSchema,
    errors: [404],
  })
  list(@ValidQuery() query: z.output<typeof planListQuerySchema>): Promise<PlanList> {
    return this.plans.list(query.householdId);
  }

  @Get(':planId/sim')
  @ApiRoute({
    summary:
      "The plan's projection year by year to the last person's 100th year, after tax, and its Monte Carlo run; a what-if retirement age is not saved",
    tags: TAGS,
    permission: 'PLANNING_READ',
    params: planIdParamsSchema,
    query: planSimQuerySchema,
    response: planSimResponseSchema,
    errors: [404, 409],
  })
  simulate(@ValidParams() params: PlanIdParams, @ValidQuery() query: PlanSimQuery): Promise<PlanSimulation> {
    return this.simulations.simulate(params.planId, query);
  }

  @Patch(':planId/settings/edit')
  @ApiRoute(
    change(
      "Change the plan's name, publication, first year, currency, inflation or pension splitting",
      planIdParamsSchema,
      editPlanSettingsSchema,
    ),
  )
  editSettings(@ValidParams() params: PlanIdParams, @ValidBody() body: EditPlanSettingsInput) {
    return this.plans.editSettings(params.planId, body);
  }

  @Patch(':planId/people/edit')
  @ApiRoute(
    change(
      "Change one of the plan's people: retirement age, country, province, filing status, carried RRSP and TFSA room",
      planIdParamsSchema,
      editPlanPersonSchema,
    ),
  )
  editPerson(@ValidParams() params: PlanIdParams, @ValidBody() body: EditPlanPersonInput) {
    return this.plans.editPerson(params.planId, body);
  }

  // ---- milestones ----

  @Patch(':planId/milestones/add')
  @ApiRoute(change('Add a milestone: its conditions, name and display', planIdParamsSchema, addMilestoneSchema))
  addMilestone(@ValidParams() params: PlanIdParams, @ValidBody() body: AddMilestoneInput) {
    return this.plans.addMilestone(params.planId, body);
  }

  @Patch(':planId/milestones/:id/edit')
  @ApiRoute(change('Change a milestone', planMilestoneParamsSchema, editMilestoneSchema))
  editMilestone(@ValidParams() params: MilestoneParams, @ValidBody() body: EditMilestoneInput) {
    return this.plans.editMilestone(params.planId, params.id, body);
  }

  @Patch(':planId/milestones/:id/remove')
  @ApiRoute(change('Remove a milestone', planMilestoneParamsSchema))
  removeMilestone(@ValidParams() params: MilestoneParams) {
    return this.plans.removeMilestone(params.planId, params.id);
  }

  // ---- incomes and expenses ----

  @Patch(':planId/flows/income/add')
  @ApiRoute(change('Add an income flow', planIdParamsSchema, addIncomeSchema))
  addIncome(@ValidParams() params: PlanIdParams, @ValidBody() body: AddIncomeInput) {
    return this.plans.addIncome(params.planId, body);
  }

  @Patch(':planId/flows/expenses/add')
  @ApiRoute(change('Add an expense flow', planIdParamsSchema, addExpenseSchema))
  addExpense(@ValidParams() params: PlanIdParams, @ValidBody() body: AddExpenseInput) {
    return this.plans.addExpense(params.planId, body);
  }

  /**
   * `{kind}` is `income` or `expenses`: the body is that kind's fields, each optional. The schema
   * depends on the path, so the raw body is parsed here by the kind's own; the document shows both.
   */
  @Patch(':planId/flows/:kind/:flowId/edit')
  @ApiRoute(
    change('Change an income or an expense flow', planFlowKindParamsSchema, editIncomeSchema.or(editExpenseSchema)),
  )
  editFlow(@ValidParams() params: FlowKindParams, @Body() body: unknown) {
    const schema = params.kind === 'income' ? editIncomeSchema : editExpenseSchema;
    const parsed = schema.safeParse(body ?? {});
    if (!parsed.success) {
      throw validationError(
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    return params.kind === 'income'
      ? this.plans.editIncome(params.planId, params.flowId, parsed.data)
      : this.plans.editExpense(params.planId, params.flowId, parsed.data);
  }

  @Patch(':planId/flows/:flowId/remove')
  @ApiRoute(change('Remove an income or an expense flow', planFlowParamsSchema))
  removeFlow(@ValidParams() params: FlowParams) {
    return this.plans.removeFlow(params.planId, params.flowId);
  }

  // ---- accounts, assets, liabilities ----

  @Patch(':planId/accounts/add')
  @ApiRoute(change('Add an account', planIdParamsSchema, addAccountSchema))
  addAccount(@ValidParams() params: PlanIdParams, @ValidBody() body: AddAccountInput) {
    return this.plans.addAccount(params.planId, body);
  }

  @Patch(':planId/accounts/edit')
  @ApiRoute(change('Change an account (`accountId` in the body)', planIdParamsSchema, editAccountSchema))
  editAccount(@ValidParams() params: PlanIdParams, @ValidBody() body: EditAccountInput) {
    return this.plans.editAccount(params.planId, body);
  }

  @Patch(':planId/accounts/remove')
  @ApiRoute(change('Remove an account no other part names', planIdParamsSchema, removeAccountSchema))
  removeAccount(@ValidParams() params: PlanIdParams, @ValidBody() body: z.output<typeof removeAccountSchema>) {
    return this.plans.removeAccount(params.planId, body.accountId);
  }

  @Patch(':planId/assets/add')
  @ApiRoute(change('Add an asset', planIdParamsSchema, addAssetSchema))
  addAsset(@ValidParams() params: PlanIdParams, @ValidBody() body: AddAssetInput) {
    return this.plans.addAsset(params.planId, body);
  }

  @Patch(':planId/assets/edit')
  @ApiRoute(change('Change an asset (`assetId` in the body)', planIdParamsSchema, editAssetSchema))
  editAsset(@ValidParams() params: PlanIdParams, @ValidBody() body: EditAssetInput) {
    return this.plans.editAsset(params.planId, body);
  }

  @Patch(':planId/assets/remove')
  @ApiRoute(change('Remove an asset no other part names', planIdParamsSchema, removeAssetSchema))
  removeAsset(@ValidParams() params: PlanIdParams, @ValidBody() body: z.output<typeof removeAssetSchema>) {
    return this.plans.removeAsset(params.planId, body.assetId);
  }

  @Patch(':planId/liabilities/add')
  @ApiRoute(change('Add a liability', planIdParamsSchema, addLiabilitySchema))
  addLiability(@ValidParams() params: PlanIdParams, @ValidBody() body: AddLiabilityInput) {
    return this.plans.addLiability(params.planId, body);
  }

  @Patch(':planId/liabilities/edit')
  @ApiRoute(change('Change a liability (`liabilityId` in the body)', planIdParamsSchema, editLiabilitySchema))
  editLiability(@ValidParams() params: PlanIdParams, @ValidBody() body: EditLiabilityInput) {
    return this.plans.editLiability(params.planId, body);
  }

  @Patch(':planId/liabilities/remove')
  @ApiRoute(change('Remove a liability no other part names', planIdParamsSchema, removeLiabilitySchema))
  removeLiability(@ValidParams() params: PlanIdParams, @ValidBody() body: z.output<typeof removeLiabilitySchema>) {
    return this.plans.removeLiability(params.planId, body.liabilityId);
  }
}
