import { Controller, Delete, Get, Headers, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import { connectStripeSchema, stripeConnectionSchema, stripeWebhookOutcomeSchema } from '@meridian/domain';
import { ApiRoute, RawBody, ValidBody } from '../../../../../common/http/api-route.js';
import { StripeConnectionService } from './stripe-connection.service.js';
import { StripeWebhooksService } from './stripe-webhooks.service.js';

const TAGS = ['stripe'];

@Controller('stripe')
export class StripeController {
  constructor(@Inject(StripeConnectionService) private readonly connections: StripeConnectionService) {}

  @Get('connection')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'The organization’s Stripe connection: status, Stripe account id, when it was made, the last webhook event received (never its keys)',
    tags: TAGS,
    response: stripeConnectionSchema,
  })
  get() {
    return this.connections.get();
  }

  @Post('connection')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'Connect the organization’s Stripe account: the secret key is checked with Stripe (422 with Stripe’s reason when refused), then kept sealed with the webhook signing secret; one connection per organization (409)',
    tags: TAGS,
    body: connectStripeSchema,
    response: stripeConnectionSchema,
    status: 201,
    errors: [409, 422, 502],
  })
  connect(@ValidBody() body: z.output<typeof connectStripeSchema>) {
    return this.connections.connect(body);
  }

  @Delete('connection')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'Disconnect Stripe: its keys are dropped; the connection stays, cancelled, with the billing’s customers and events',
    tags: TAGS,
    status: 204,
    errors: [404],
  })
  async disconnect(): Promise<void> {
    await this.connections.disconnect();
  }
}

@Controller('webhooks')
export class StripeWebhooksController {
  constructor(@Inject(StripeWebhooksService) private readonly webhooks: StripeWebhooksService) {}

  /**
   * Public: Stripe signs the delivery instead (Stripe-Signature). The body arrives as raw bytes
   * (bootstrap.ts), because the signature covers the exact bytes Stripe sent.
   */
  @Post('stripe')
  @ApiRoute({
    summary:
      'Stripe webhooks: the connection found by the event’s customer (or account), Stripe-Signature verified with its signing secret (HMAC-SHA256, 5 minutes’ tolerance), else 400 and nothing stored; a verified event is stored once (a replay answers 200) and queued for the billing',
    tags: TAGS,
    public: true,
    rawBody: 'Stripe’s event JSON, verified over its exact bytes',
    response: stripeWebhookOutcomeSchema,
  })
  async receive(@RawBody() body: Buffer, @Headers('stripe-signature') signature: string | undefined) {
    return { outcome: await this.webhooks.receive(body, signature) };
  }
}
