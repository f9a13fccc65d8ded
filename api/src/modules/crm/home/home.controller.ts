import { Controller, Get, Inject } from '@nestjs/common';
import { currencyQuerySchema, homeSchema, type CurrencyQuery, type HomeView } from '@meridian/domain';
import { Caller } from '../../../common/auth/caller.decorator.js';
import { ApiRoute, ValidQuery } from '../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { HomeService } from './home.service.js';

@Controller('home')
export class HomeController {
  constructor(@Inject(HomeService) private readonly home: HomeService) {}

  @Get()
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary:
      'What the caller acts on today, for their households (all for an administrator): assets under management, net new assets over 12 months, reviews due, birthdays, RRSP deadline and conversions at 71, failing syncs (administrators)',
    tags: ['home'],
    query: currencyQuerySchema,
    response: homeSchema,
  })
  view(@ValidQuery() query: CurrencyQuery, @Caller() caller: AuthenticatedCaller): Promise<HomeView> {
    return this.home.view(caller, query.currency);
  }
}
