import { Controller, Get, Headers, Inject, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { NYLAS_SIGNATURE_HEADER } from '@meridian/connectors';
import { requiredString } from '@meridian/domain';
import { Caller } from '../../../../../common/auth/caller.decorator.js';
import { ApiRoute, RawBody, ValidBody, ValidParams, ValidQuery } from '../../../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../../../common/tenancy/request-context.js';
import { NylasCalendarsService } from './nylas-calendars.service.js';
import { NylasConnectionService } from './nylas-connection.service.js';
import {
  connectedNylasSchema,
  connectNylasSchema,
  nylasAuthQuerySchema,
  nylasAuthUrlSchema,
  nylasProviderParamsSchema,
  nylasWebhookOutcomeSchema,
  teamNylasCalendarsSchema,
  teamParamsSchema,
} from './nylas.schemas.js';
import { NylasWebhooksService } from './nylas-webhooks.service.js';

const TAGS = ['nylas'];

/**
 * Connecting a calendar is PRACTICE_WRITE, not HUB_MANAGE: an advisor (or an associate or PM
 * working the team's calendar) connects their own calendar from their settings, as they write the
 * team's meetings; an Admin-only route would leave every advisor waiting on an Admin. The reach
 * is the team scope: the owner is a member of one of the caller's teams (any team for an Admin),
 * and the code only counts with a state issued to the caller, who is the creator.
 */
@Controller('nylas')
export class NylasController {
  constructor(@Inject(NylasConnectionService) private readonly connections: NylasConnectionService) {}

  @Get(':provider')
  @ApiRoute({
    permission: 'PRACTICE_WRITE',
    summary:
      'Nylas’s hosted authentication URL to connect a calendar at a provider (google, microsoft, icloud, imap, virtual-calendar), the e-mail pre-filled; its state is bound to the caller for 15 minutes. 409 when Nylas is not configured here',
    tags: TAGS,
    params: nylasProviderParamsSchema,
    query: nylasAuthQuerySchema,
    response: nylasAuthUrlSchema,
    errors: [409],
  })
  authUrl(
    @ValidParams() params: z.output<typeof nylasProviderParamsSchema>,
    @ValidQuery() query: z.output<typeof nylasAuthQuerySchema>,
    @Caller() caller: AuthenticatedCaller,
  ) {
    return this.connections.authUrl(params.provider, query.email, caller);
  }

  @Post()
  @ApiRoute({
    permission: 'PRACTICE_WRITE',
    summary:
      'Connect a calendar: the code (and state) Nylas returned is exchanged for a grant, kept sealed, on a connection owned by a team member (owner) and made by the caller (creator); the same account connected again updates its connection',
    tags: TAGS,
    body: connectNylasSchema,
    response: connectedNylasSchema,
    status: 201,
    errors: [403, 404, 409, 422, 502],
  })
  connect(@ValidBody() body: z.output<typeof connectNylasSchema>, @Caller() caller: AuthenticatedCaller) {
    return this.connections.connect(body, caller);
  }
}

@Controller('meetings')
export class NylasCalendarsController {
  constructor(@Inject(NylasCalendarsService) private readonly calendars: NylasCalendarsService) {}

  @Get('nylas-calendars/by-team/:teamId')
  @ApiRoute({
    permission: 'PRACTICE_READ',
    summary:
      'The calendars of the team’s Nylas connections, read from Nylas; a connection whose login expired says so (and is marked for re-authentication) instead of listing them; 502 when Nylas cannot be reached',
    tags: TAGS,
    params: teamParamsSchema,
    response: teamNylasCalendarsSchema,
    errors: [404, 409, 502],
  })
  byTeam(@ValidParams() params: z.output<typeof teamParamsSchema>) {
    return this.calendars.ofTeam(params.teamId);
  }
}

const challengeQuerySchema = z.object({ challenge: requiredString('challenge is required', { max: 1000 }) });

@Controller('webhooks')
export class NylasWebhooksController {
  constructor(@Inject(NylasWebhooksService) private readonly webhooks: NylasWebhooksService) {}

  /** Public: Nylas checks a new webhook destination by asking it to echo a challenge, as plain text. */
  @Get('nylas')
  @ApiRoute({
    summary: 'Nylas’s check of the webhook destination: answers the challenge back as the whole body (text/plain)',
    tags: TAGS,
    public: true,
    query: challengeQuerySchema,
  })
  challenge(@ValidQuery() query: z.output<typeof challengeQuerySchema>, @Res() response: Response): void {
    response.status(200).type('text/plain').send(query.challenge);
  }

  /**
   * Public: Nylas signs the delivery instead (x-nylas-signature). The body arrives as raw bytes
   * (bootstrap.ts), because the signature covers the exact bytes Nylas sent.
   */
  @Post('nylas')
  @ApiRoute({
    summary:
      'Nylas webhooks: x-nylas-signature (HMAC-SHA256 of the raw body under the webhook secret) verified, else 401 and nothing stored; a notification of a connected grant is stored once (a replay answers 200) as a WEBHOOK run; grant.expired marks the connection for re-authentication',
    tags: TAGS,
    public: true,
    rawBody: 'Nylas’s notification JSON, verified over its exact bytes',
    response: nylasWebhookOutcomeSchema,
    errors: [401, 409],
  })
  async receive(@RawBody() body: Buffer, @Headers(NYLAS_SIGNATURE_HEADER) signature: string | undefined) {
    return { outcome: await this.webhooks.receive(body, signature) };
  }
}
