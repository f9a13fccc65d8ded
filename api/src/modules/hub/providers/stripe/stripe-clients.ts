import { Inject, Injectable } from '@nestjs/common';
import { createStripeClient, type StripeSdk } from '@meridian/connectors';
import { DomainError, ErrorCode, StripeMessage } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../../common/config/config.js';
import { CredentialVault } from '../../../../infra/secrets/credential-vault.js';
import { SystemPrisma } from '../../../../infra/prisma/prisma.service.js';

/** What a Stripe connection keeps sealed in `credentials_ciphertext`; never returned, never logged. */
export interface StripeCredentials {
  /** The firm's secret key (`sk_live_…`, `sk_test_…`) or restricted key (`rk_…`). */
  secretKey: string;
  /** The signing secret of the firm's webhook endpoint (`whsec_…`). */
  webhookSecret: string;
}

/**
 * The SDK client of an organization's Stripe connection, its secret key unsealed for that client
 * only. Every lookup names the organization (the system client, so it works in the worker, which
 * has no request context). The address is STRIPE_BASE_URL when set (the fake Stripe), else Stripe.
 */
@Injectable()
export class StripeClients {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  /** The organization's connected Stripe account (one at most), or null when Stripe is not connected. */
  async activeConnection(organizationId: string): Promise<{ id: string } | null> {
    return this.system.connection.findFirst({
      // A disconnected one stays, CANCELLED and without credentials, for the billing's history.
      where: { organizationId, service: 'STRIPE', credentialsCiphertext: { not: null } },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
    });
  }

  /** The SDK client of one of the organization's Stripe connections; 404 when it has no such connection. */
  async forConnection(organizationId: string, connectionId: string): Promise<StripeSdk> {
    return this.forKey((await this.credentials(organizationId, connectionId)).secretKey);
  }

  /** A client for a key not stored yet (the connection route checks it with Stripe first). */
  forKey(secretKey: string): StripeSdk {
    return createStripeClient({
      secretKey,
      ...(this.config.STRIPE_BASE_URL ? { baseUrl: this.config.STRIPE_BASE_URL } : {}),
      timeoutMs: this.config.STRIPE_TIMEOUT_MS,
    });
  }

  /** The connection's unsealed credentials (the webhook route needs its signing secret). */
  async credentials(organizationId: string, connectionId: string): Promise<StripeCredentials> {
    const connection = await this.system.connection.findFirst({
      where: { organizationId, id: connectionId, service: 'STRIPE' },
      select: { id: true, credentialsCiphertext: true, credentialsKeyId: true },
    });
    if (!connection?.credentialsCiphertext || !connection.credentialsKeyId) {
      throw new DomainError(ErrorCode.NOT_FOUND, StripeMessage.notConnected);
    }
    return this.vault.open<StripeCredentials>(connection.id, {
      ciphertext: new Uint8Array(connection.credentialsCiphertext),
      keyId: connection.credentialsKeyId,
    });
  }
}
