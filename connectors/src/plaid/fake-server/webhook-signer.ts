/**
 * Signs webhook deliveries the way Plaid does: an ES256 JWT in the Plaid-Verification header, with
 * the key id (`kid`) served by /webhook_verification_key/get, `iat`, and `request_body_sha256`.
 * It can also produce the deliveries a verifier must refuse.
 */
import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * - valid: as Plaid sends it;
 * - wrong-signature: signed by another key under the real key's id;
 * - stale: issued ten minutes ago;
 * - tampered: the body changed after signing;
 * - unknown-kid: signed with a key the key endpoint does not know.
 */
export const WebhookDeliveryVariant = ['valid', 'wrong-signature', 'stale', 'tampered', 'unknown-kid'] as const;
export type WebhookDeliveryVariant = (typeof WebhookDeliveryVariant)[number];

export interface WebhookDelivery {
  /** The raw body, exactly as sent. */
  body: string;
  headers: { 'content-type': string; 'plaid-verification': string };
}

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** The public key as /webhook_verification_key/get returns it (`JWKPublicKey`). */
export interface FakeVerificationKey {
  alg: 'ES256';
  crv: string;
  kid: string;
  kty: string;
  use: 'sig';
  x: string;
  y: string;
  created_at: number;
  expired_at: number | null;
}

export class FakeWebhookSigner {
  private constructor(
    private readonly current: KeyPair,
    private readonly impostor: KeyPair,
    readonly key: FakeVerificationKey,
    private readonly clock: () => Date,
  ) {}

  static async create(clock: () => Date = () => new Date()): Promise<FakeWebhookSigner> {
    const current = await generateKeyPair('ES256', { extractable: true });
    const impostor = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(current.publicKey);
    const key: FakeVerificationKey = {
      alg: 'ES256',
      crv: String(jwk.crv),
      kid: randomUUID(),
      kty: String(jwk.kty),
      use: 'sig',
      x: String(jwk.x),
      y: String(jwk.y),
      created_at: Math.floor(clock().getTime() / 1000) - 86_400,
      expired_at: null,
    };
    return new FakeWebhookSigner(current, impostor, key, clock);
  }

  /** The Plaid-Verification JWT for `body`. */
  async sign(body: string, options: { iat?: number; kid?: string; impostor?: boolean } = {}): Promise<string> {
    const iat = options.iat ?? Math.floor(this.clock().getTime() / 1000);
    const hash = createHash('sha256').update(body).digest('hex');
    return new SignJWT({ request_body_sha256: hash })
      .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? this.key.kid, typ: 'JWT' })
      .setIssuedAt(iat)
      .sign((options.impostor ? this.impostor : this.current).privateKey);
  }

  /** A delivery of `payload` (an object is serialized as JSON with two-space indents, as Plaid does). */
  async delivery(payload: unknown, variant: WebhookDeliveryVariant = 'valid'): Promise<WebhookDelivery> {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2);
    let sent = body;
    let token: string;
    switch (variant) {
      case 'valid':
        token = await this.sign(body);
        break;
      case 'wrong-signature':
        token = await this.sign(body, { impostor: true });
        break;
      case 'stale':
        token = await this.sign(body, { iat: Math.floor(this.clock().getTime() / 1000) - 600 });
        break;
      case 'tampered':
        token = await this.sign(body);
        sent = body.replace(/}\s*$/, ', "tampered": true }');
        break;
      case 'unknown-kid':
        token = await this.sign(body, { kid: randomUUID(), impostor: true });
        break;
    }
    return { body: sent, headers: { 'content-type': 'application/json', 'plaid-verification': token } };
  }
}
