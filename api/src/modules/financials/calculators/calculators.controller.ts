import { Body, Controller, Get, Inject, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  accountRulesQuerySchema,
  accountRulesSchema,
  type AccountRules,
  contributionRoomQuerySchema,
  contributionRoomSchema,
  pensionInputSchema,
  pensionResultSchema,
  registeredLimitsQuerySchema,
  registeredLimitsRangeQuerySchema,
  withdrawalRatesQuerySchema,
  registeredLimitsSchema,
  withdrawalRateQuerySchema,
  withdrawalRateSchema,
  type ContributionRoom,
  type ContributionRoomQuery,
  type PensionResult,
  type RegisteredLimits,
  type WithdrawalRate,
  usContributionLimitSchema,
  usContributionLimitsQuerySchema,
  usRmdQuerySchema,
  usRmdSchema,
  type UsContributionLimitResult,
  type UsContributionLimitsQuery,
  type UsRmd,
  type UsRmdQuery,
} from '@meridian/domain';
import { ApiRoute, ValidQuery } from '../../../common/http/api-route.js';
import { CalculatorsService } from './calculators.service.js';

const TAGS = ['calculators'];

@Controller('calculators')
export class CalculatorsController {
  constructor(@Inject(CalculatorsService) private readonly calculators: CalculatorsService) {}

  @Get('registered-limits')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'TFSA, RRSP, FHSA, DPSP and RESP limits of a year',
    tags: TAGS,
    query: registeredLimitsQuerySchema,
    response: registeredLimitsSchema,
  })
  registeredLimits(@ValidQuery() query: z.infer<typeof registeredLimitsQuerySchema>): RegisteredLimits {
    return this.calculators.registeredLimits(query.year);
  }

  @Get('registered-limits/by-year')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'The registered limits of every year of a span (oldest first), for charts',
    tags: TAGS,
    query: registeredLimitsRangeQuerySchema,
    response: z.array(registeredLimitsSchema),
  })
  registeredLimitsByYear(@ValidQuery() query: z.infer<typeof registeredLimitsRangeQuerySchema>): RegisteredLimits[] {
    const years = Array.from({ length: query.to - query.from + 1 }, (_, index) => query.from + index);
    return years.map((year) => this.calculators.registeredLimits(year));
  }

  @Get('withdrawal-rates')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'A withdrawal table (RRIF/PRIF minimum or LIF/LRIF maximum) between two ages, for charts',
    tags: TAGS,
    query: withdrawalRatesQuerySchema,
    response: z.array(withdrawalRateSchema),
  })
  withdrawalRates(@ValidQuery() query: z.infer<typeof withdrawalRatesQuerySchema>): WithdrawalRate[] {
    const ages = Array.from(
      { length: Math.max(0, query.toAge - query.fromAge + 1) },
      (_, index) => query.fromAge + index,
    );
    return ages.map((age) => this.calculators.withdrawalRate(query.type, age));
  }

  @Get('withdrawal-rate')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'RRIF/PRIF minimum or LIF/LRIF maximum withdrawal rate at an age',
    tags: TAGS,
    query: withdrawalRateQuerySchema,
    response: withdrawalRateSchema,
  })
  withdrawalRate(@ValidQuery() query: z.infer<typeof withdrawalRateQuerySchema>): WithdrawalRate {
    return this.calculators.withdrawalRate(query.type, query.age);
  }

  @Post('pension')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'Defined-benefit pension: years of service, payout, early-retirement reduction, commuted value',
    tags: TAGS,
    body: pensionInputSchema,
    response: pensionResultSchema,
  })
  // The domain parser owns the pension messages (formula type first), so it validates the raw body.
  pension(@Body() body: unknown): PensionResult {
    return this.calculators.pension(body ?? {});
  }

  @Get('account-rules')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'Owners, joint ownership, jurisdiction, tax status, conversion at 71 and minimum ages of an account type',
    tags: TAGS,
    query: accountRulesQuerySchema,
    response: accountRulesSchema,
  })
  accountRules(@ValidQuery() query: z.infer<typeof accountRulesQuerySchema>): AccountRules {
    return this.calculators.accountRules(query.type);
  }

  @Get('contribution-room')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'TFSA cumulative room by birth year, or new RRSP room from earned income',
    tags: TAGS,
    query: contributionRoomQuerySchema,
    response: contributionRoomSchema,
  })
  contributionRoom(@ValidQuery() query: ContributionRoomQuery): ContributionRoom {
    return this.calculators.contributionRoom(query);
  }

  @Get('us-contribution-limits')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary:
      'US contribution limits of a year and age (401(k), 403(b), 457(b), IRA, Roth IRA, SIMPLE, SEP, HSA...), with their parts',
    tags: TAGS,
    query: usContributionLimitsQuerySchema,
    response: z.array(usContributionLimitSchema),
  })
  usContributionLimits(@ValidQuery() query: UsContributionLimitsQuery): UsContributionLimitResult[] {
    return this.calculators.usContributionLimits(query);
  }

  @Get('us-rmd')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'US required minimum distribution of a balance for an age and birth year (Uniform Lifetime Table)',
    tags: TAGS,
    query: usRmdQuerySchema,
    response: usRmdSchema,
  })
  usRequiredMinimumDistribution(@ValidQuery() query: UsRmdQuery): UsRmd {
    return this.calculators.usRequiredMinimumDistribution(query);
  }
}
