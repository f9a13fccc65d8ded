/**
 * Signs webhook deliveries as Stripe does: `Stripe-Signature: t=<unix seconds>,v1=<hex>`, where
 * the hex is the HMAC-SHA256 of `${t}.${raw body}` keyed by the endpoint's `whsec_` secret.
 * Receivers verify with the SDK's `stripe.webhooks.constructEvent` (300 s tolerance by default).
 */
import { createHmac } from 'node:crypto';

export interface StripeWebhookDelivery {
  /** The raw body, exactly as sent. */
  body: string;
  headers: { 'content-type': string; 'stripe-signature': string };
}

export function stripeSignatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** A delivery of `event`, serialized with two-space indents as Stripe sends it. */
export function signedDelivery(event: unknown, secret: string, timestamp: number): StripeWebhookDelivery {
  const body = JSON.stringify(event, null, 2);
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripeSignatureHeader(body, secret, timestamp),
    },
  };
}
