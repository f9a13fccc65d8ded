import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  cashFlowSourceCreateSchema,
  cashFlowSourceIdParamsSchema,
  cashFlowSourceResponseSchema,
  cashFlowSourceUpdateSchema,
  cashFlowViewSchema,
  createExpenseFlowSchema,
  createIncomeFlowSchema,
  currencyQuerySchema,
  householdIdParamsSchema,
  type CashFlowSourceCreate,
  type CashFlowSourceUpdate,
  type CreateExpenseFlow,
  type CreateIncomeFlow,
  type CurrencyQuery,
} from '@meridian/domain';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { CashFlowsService } from './cash-flows.service.js';

const TAGS = ['cash-flows'];
type SourceParams = z.infer<typeof cashFlowSourceIdParamsSchema>;

@Controller('cash-flow-sources')
export class CashFlowSourcesController {
  constructor(@Inject(CashFlowsService) private readonly cashFlows: CashFlowsService) {}

  @Post()
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Create a cash flow source (income, expense, contribution or debt) with its flows, payers and payees',
    tags: TAGS,
    body: cashFlowSourceCreateSchema,
    response: cashFlowSourceResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CashFlowSourceCreate) {
    return this.cashFlows.create(body);
  }

  @Get(':cashFlowSourceId')
  @ApiRoute({
    permission: 'FINANCIALS_READ',
    summary: 'A cash flow source with its flows normalised to monthly and annual amounts',
    tags: TAGS,
    params: cashFlowSourceIdParamsSchema,
    response: cashFlowSourceResponseSchema,
    errors: [404],
  })
  get(@ValidParams() params: SourceParams) {
    return this.cashFlows.get(params.cashFlowSourceId);
  }

  @Patch(':cashFlowSourceId')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Change a cash flow source (not its household, type or subtype); each list given replaces the stored one',
    tags: TAGS,
    params: cashFlowSourceIdParamsSchema,
    body: cashFlowSourceUpdateSchema,
    response: cashFlowSourceResponseSchema,
    errors: [404],
  })
  update(@ValidParams() params: SourceParams, @ValidBody() body: CashFlowSourceUpdate) {
    return this.cashFlows.update(params.cashFlowSourceId, body);
  }

  @Delete(':cashFlowSourceId/soft-delete')
  @ApiRoute({
    permission: 'FINANCIALS_DELETE',
    summary:
      'Soft-delete an income, expense or other source: it leaves the cash flow view; the streams it explained count on their own again',
    tags: TAGS,
    params: cashFlowSourceIdParamsSchema,
    status: 204,
    errors: [404],
  })
  async softDelete(@ValidParams() params: SourceParams): Promise<void> {
    await this.cashFlows.softDelete(params.cashFlowSourceId);
  }
}

/** The Add Income and Add Expense forms: a source from a name (and, optionally, its flows). */
@Controller()
export class FlowsController {
  constructor(@Inject(CashFlowsService) private readonly cashFlows: CashFlowsService) {}

  @Post('income-flows')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Add an income: an INCOME source named as given (subtype CUSTOM unless given), with optional flows',
    tags: TAGS,
    body: createIncomeFlowSchema,
    response: cashFlowSourceResponseSchema,
    status: 201,
    errors: [404],
  })
  income(@ValidBody() body: CreateIncomeFlow) {
    return this.cashFlows.create({ ...body, type: 'INCOME', payers: [], payees: [], streams: [], transactions: [] });
  }

  @Post('expense-flows')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary:
      'Add an expense: an EXPENSE source named as given (a NEED, subtype OTHER, unless given), with optional flows',
    tags: TAGS,
    body: createExpenseFlowSchema,
    response: cashFlowSourceResponseSchema,
    status: 201,
    errors: [404],
  })
  expense(@ValidBody() body: CreateExpenseFlow) {
    return this.cashFlows.create({ ...body, type: 'EXPENSE', payers: [], payees: [], streams: [], transactions: [] });
  }
}

@Controller('cash-flow-view')
export class CashFlowViewController {
  constructor(@Inject(CashFlowsService) private readonly cashFlows: CashFlowsService) {}

  @Get(':householdId')
  @ApiRoute({
    permission: 'FINANCIALS_READ',
    summary: 'A household’s monthly and annual money in and out, needs and wants, and totals by category',
    tags: TAGS,
    params: householdIdParamsSchema,
    query: currencyQuerySchema,
    response: cashFlowViewSchema,
    errors: [404],
  })
  view(@ValidParams() params: z.infer<typeof householdIdParamsSchema>, @ValidQuery() query: CurrencyQuery) {
    return this.cashFlows.view(params.householdId, query.currency);
  }
}
