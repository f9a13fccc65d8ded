import { Controller, Get, Inject } from '@nestjs/common';
import { z } from 'zod';
import {
  currencyQuerySchema,
  financialViewSchema,
  householdIdParamsSchema,
  type CurrencyQuery,
} from '@meridian/domain';
import { ApiRoute, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { FinancialViewService } from './financial-view.service.js';

@Controller('get-financial-view')
export class FinancialViewController {
  constructor(@Inject(FinancialViewService) private readonly financialView: FinancialViewService) {}

  @Get(':householdId')
  @ApiRoute({
    permission: 'FINANCIALS_READ',
    summary:
      'A household’s totals by snapshot group, net worth, and every record in its own and the requested currency (CAD unless given)',
    tags: ['financial-records'],
    params: householdIdParamsSchema,
    query: currencyQuerySchema,
    response: financialViewSchema,
    errors: [404],
  })
  view(@ValidParams() params: z.infer<typeof householdIdParamsSchema>, @ValidQuery() query: CurrencyQuery) {
    return this.financialView.view(params.householdId, query.currency);
  }
}
