/**
 * Signs notifications as Nylas does: `x-nylas-signature` is the hex HMAC-SHA256 of the raw body,
 * keyed by the webhook destination's secret. It can also make the deliveries a receiver must refuse.
 */
import { createHmac } from 'node:crypto';

/**
 * - valid: as Nylas sends it;
 * - tampered: the body changed after signing;
 * - wrong-secret: signed with another destination's secret.
 */
export const NylasDeliveryVariant = ['valid', 'tampered', 'wrong-secret'] as const;
export type NylasDeliveryVariant = (typeof NylasDeliveryVariant)[number];

export interface NylasWebhookDelivery {
  /** The notification's `id`. */
  notificationId: string;
  /** The raw body, exactly as sent. */
  body: string;
  headers: { 'content-type': string; 'x-nylas-signature': string };
}

export function signedNylasDelivery(
  notification: Record<string, unknown>,
  secret: string,
  variant: NylasDeliveryVariant = 'valid',
): NylasWebhookDelivery {
  const body = JSON.stringify(notification);
  const key = variant === 'wrong-secret' ? `${secret}-other` : secret;
  const signature = createHmac('sha256', key).update(body).digest('hex');
  const sent = variant === 'tampered' ? body.replace(/"time":\d+/, '"time":1') : body;
  return {
    notificationId: String(notification.id),
    body: sent,
    headers: { 'content-type': 'application/json', 'x-nylas-signature': signature },
  };
}
