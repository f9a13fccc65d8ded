import { Controller, Get, Inject, Post } from '@nestjs/common';
import {
  householdBillingResponseSchema,
  householdIdParamsSchema,
  householdServiceIdParamsSchema,
  householdServiceResponseSchema,
  type HouseholdBillingResponse,
  type HouseholdServiceIdParams,
  type HouseholdServiceResponse,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidParams } from '../../../common/http/api-route.js';
import { BillingService } from './billing.service.js';

const TAGS = ['billing'];

/** A household's billing tab: its services and invoices. */
@Controller('households')
export class HouseholdBillingController {
  constructor(@Inject(BillingService) private readonly billing: BillingService) {}

  @Get(':householdId/billing')
  @ApiRoute({
    summary:
      'A household’s services (its accepted offers) with where their billing stands, their invoices and the next charge',
    tags: TAGS,
    permission: 'SALES_READ',
    params: householdIdParamsSchema,
    response: householdBillingResponseSchema,
    errors: [404],
  })
  view(@ValidParams() params: z.infer<typeof householdIdParamsSchema>): Promise<HouseholdBillingResponse> {
    return this.billing.householdBilling(params.householdId);
  }
}

/** Household services: the retry of a billing set-up that failed. */
@Controller('household-services')
export class HouseholdServicesController {
  constructor(@Inject(BillingService) private readonly billing: BillingService) {}

  @Post(':householdServiceId/retry-billing')
  @ApiRoute({
    summary:
      'Set up a service’s billing in Stripe again after it failed (on the firm’s current Stripe connection); 409 unless it failed',
    tags: TAGS,
    permission: 'SALES_WRITE',
    params: householdServiceIdParamsSchema,
    response: householdServiceResponseSchema,
    errors: [404, 409],
  })
  retry(@ValidParams() params: HouseholdServiceIdParams): Promise<HouseholdServiceResponse> {
    return this.billing.retry(params.householdServiceId);
  }
}
