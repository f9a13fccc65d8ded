/**
 * Stripe, the billing's payment provider (step 14): one connection per organization, made with
 * the firm's secret key and its webhook endpoint's signing secret, both kept sealed and never
 * answered back.
 */
import { z } from 'zod';
import { requiredString } from '../../shared/input/text.js';

export const StripeMessage = {
  secretKey: 'secretKey is required: the secret key of your Stripe account (sk_live_…, sk_test_… or rk_…)',
  webhookSecret: 'webhookSecret is required: the signing secret of your Stripe webhook endpoint (whsec_…)',
  keyRefused: 'Stripe refused this secret key',
  alreadyConnected: 'Stripe is already connected for this organization: disconnect it first',
  notConnected: 'Stripe is not connected for this organization',
  webhookUnreadable: 'Webhook refused: the body is not a Stripe event',
  webhookUnknownConnection:
    'Webhook refused: its customer (data.object.customer) or account is not one of a Stripe connection here',
  webhookUnverified: 'Webhook not verified',
  deleteRefused:
    'A Stripe connection is not deleted: its customers, invoices and events would go with it. Disconnect Stripe from its card on the Connections page instead.',
} as const;

const SECRET_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9_]+$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9_+/=]+$/;

export const connectStripeSchema = z.object({
  secretKey: requiredString(StripeMessage.secretKey, {
    kind: 'identifier',
    max: 255,
    tooLong: StripeMessage.secretKey,
  }).regex(SECRET_KEY, StripeMessage.secretKey),
  webhookSecret: requiredString(StripeMessage.webhookSecret, {
    kind: 'identifier',
    max: 255,
    tooLong: StripeMessage.webhookSecret,
  }).regex(WEBHOOK_SECRET, StripeMessage.webhookSecret),
});
export type ConnectStripeInput = z.output<typeof connectStripeSchema>;

/** The organization's Stripe connection as the settings page shows it: never a secret. */
export const stripeConnectionSchema = z.object({
  connected: z.boolean(),
  connection: z
    .object({
      id: z.string(),
      status: z.string(),
      /** Stripe's account id (`acct_…`). */
      accountId: z.string().nullable(),
      displayName: z.string().nullable(),
      createdAt: z.string(),
      /** When the last verified webhook event arrived (null before the first). */
      lastEventAt: z.string().nullable(),
      lastEventType: z.string().nullable(),
    })
    .nullable(),
});
export type StripeConnection = z.output<typeof stripeConnectionSchema>;

export const stripeWebhookOutcomeSchema = z.object({
  /** STORED: a new event, queued for the billing; DUPLICATE: an event already received. */
  outcome: z.enum(['STORED', 'DUPLICATE']),
});
