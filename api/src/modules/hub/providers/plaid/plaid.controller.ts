import { Controller, Get, Headers, Inject, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  accountsToPlaceSchema,
  connectionParamsSchema,
  connectionSchema,
  createPlaidLinkTokenSchema,
  linkedPlaidConnectionSchema,
  placeAccountsSchema,
  createUpdatePlaidConnectionSchema,
  plaidLinkSettingsSchema,
  plaidLinkTokenSchema,
  plaidPublicTokenSchema,
  plaidSandboxPublicTokenSchema,
} from '@meridian/domain';
import { PLAID_VERIFICATION_HEADER } from '@meridian/connectors';
import { Caller } from '../../../../common/auth/caller.decorator.js';
import { ApiRoute, RawBody, ValidBody, ValidParams } from '../../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../../common/tenancy/request-context.js';
import { PlaidWebhooksService } from './plaid-webhooks.service.js';
import { PlaidPlacementsService } from './plaid-placements.service.js';
import { PlaidService } from './plaid.service.js';

const TAGS = ['plaid'];

@Controller()
export class PlaidController {
  constructor(
    @Inject(PlaidService) private readonly plaid: PlaidService,
    @Inject(PlaidPlacementsService) private readonly placements: PlaidPlacementsService,
  ) {}

  @Post('create-plaid-link-token')
  @ApiRoute({
    permission: 'BANK_LINK',
    summary:
      'A Plaid Link token; with itemId (a connection’s Plaid item) in update mode, to repair its login. userId defaults to the caller',
    tags: TAGS,
    body: createPlaidLinkTokenSchema,
    response: plaidLinkTokenSchema,
    errors: [404, 422, 502],
  })
  createLinkToken(
    @ValidBody() body: z.output<typeof createPlaidLinkTokenSchema>,
    @Caller() caller: AuthenticatedCaller,
  ) {
    return this.plaid.createLinkToken(body, caller);
  }

  @Post('create-update-plaid-connection')
  @ApiRoute({
    permission: 'BANK_LINK',
    summary:
      'Exchange Link’s public token: a new connection of the household, whose first sync waits for its accounts to be placed (accountsToPlace), or the same item’s connection updated with the new token',
    tags: TAGS,
    body: createUpdatePlaidConnectionSchema,
    response: linkedPlaidConnectionSchema,
    status: 201,
    errors: [404, 422, 502],
  })
  createOrUpdateConnection(@ValidBody() body: z.output<typeof createUpdatePlaidConnectionSchema>) {
    return this.plaid.createOrUpdateConnection(body);
  }

  @Get('plaid/connections/:connectionId/accounts-to-place')
  @ApiRoute({
    permission: 'BANK_LINK',
    summary:
      'A linked bank’s accounts not placed yet, each with the household’s manual accounts of its kind that may be the same account (likeliest first)',
    tags: TAGS,
    params: connectionParamsSchema,
    response: accountsToPlaceSchema,
    errors: [404, 422, 502],
  })
  accountsToPlace(@ValidParams() params: z.output<typeof connectionParamsSchema>) {
    return this.placements.accountsToPlace(params.connectionId);
  }

  @Post('plaid/connections/:connectionId/account-placements')
  @ApiRoute({
    permission: 'BANK_LINK',
    summary:
      'Place a linked bank’s accounts: each as a new synced account of persons of the household, or matched with a manual account that becomes synced (same record, history and owners); then its sync runs',
    tags: TAGS,
    params: connectionParamsSchema,
    body: placeAccountsSchema,
    response: connectionSchema,
    status: 201,
    errors: [400, 404, 409, 422, 502],
  })
  placeAccounts(
    @ValidParams() params: z.output<typeof connectionParamsSchema>,
    @ValidBody() body: z.output<typeof placeAccountsSchema>,
  ) {
    return this.placements.place(params.connectionId, body);
  }

  @Get('plaid/link-settings')
  @ApiRoute({
    permission: 'BANK_LINK',
    summary: 'How the dashboard links a bank here: Plaid environment, whether it is configured, sandbox institutions',
    tags: TAGS,
    response: plaidLinkSettingsSchema,
  })
  linkSettings() {
    return this.plaid.linkSettings();
  }

  @Post('plaid/sandbox/public-token')
  @ApiRoute({
    permission: 'BANK_LINK',
    summary: 'Sandbox and fake Plaid only: the public token Link would return for an institution (404 elsewhere)',
    tags: TAGS,
    body: plaidSandboxPublicTokenSchema,
    response: plaidPublicTokenSchema,
    errors: [404, 422, 502],
  })
  sandboxPublicToken(@ValidBody() body: z.output<typeof plaidSandboxPublicTokenSchema>) {
    return this.plaid.sandboxPublicToken(body.institutionId);
  }
}

const webhookOutcomeSchema = z.object({ outcome: z.enum(['QUEUED', 'MARKED_FOR_REAUTH', 'IGNORED']) });

@Controller('webhooks')
export class PlaidWebhooksController {
  constructor(@Inject(PlaidWebhooksService) private readonly webhooks: PlaidWebhooksService) {}

  /**
   * Public: Plaid signs the delivery instead (Plaid-Verification). The body arrives as raw bytes
   * (bootstrap.ts), because the signature covers the exact bytes Plaid sent.
   */
  @Post('plaid')
  @ApiRoute({
    summary:
      'Plaid webhooks: verified (ES256 Plaid-Verification JWT, iat at most 5 minutes old, body SHA-256) or 401; sync updates queue a run, login errors mark the connection for re-authentication',
    tags: TAGS,
    public: true,
    rawBody: 'Plaid’s JSON, verified over its exact bytes',
    response: webhookOutcomeSchema,
    errors: [401, 502],
  })
  async receive(@RawBody() body: Buffer, @Headers(PLAID_VERIFICATION_HEADER) signature: string | undefined) {
    return { outcome: await this.webhooks.receive(body, signature) };
  }
}
