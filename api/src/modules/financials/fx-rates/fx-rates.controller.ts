import { Controller, Get, Inject, Put } from '@nestjs/common';
import { z } from 'zod';
import { fxRateResponseSchema, fxRatesQuerySchema, putFxRateSchema, type PutFxRate } from '@meridian/domain';
import { ApiRoute, ValidBody, ValidQuery } from '../../../common/http/api-route.js';

import { FxRatesService } from './fx-rates.service.js';

const TAGS = ['fx-rates'];

@Controller('fx-rates')
export class FxRatesController {
  constructor(@Inject(FxRatesService) private readonly fxRates: FxRatesService) {}

  @Put()
  @ApiRoute({
    permission: 'FX_MANAGE',
    summary: 'Set the exchange rate of a currency pair on a day (1 base = rate quote); administrators only',
    tags: TAGS,
    body: putFxRateSchema,
    response: fxRateResponseSchema,
    errors: [403],
  })
  put(@ValidBody() body: PutFxRate) {
    return this.fxRates.put(body);
  }

  @Get()
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'The organization’s exchange rates, newest first; optionally of one base or quote currency',
    tags: TAGS,
    query: fxRatesQuerySchema,
    response: z.array(fxRateResponseSchema),
  })
  list(@ValidQuery() query: z.infer<typeof fxRatesQuerySchema>) {
    return this.fxRates.list(query);
  }
}
