import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { NylasClient } from '@meridian/connectors';
import { DomainError, ErrorCode } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../../common/config/config.js';
import { CredentialVault } from '../../../../infra/secrets/credential-vault.js';
import { SystemPrisma } from '../../../../infra/prisma/prisma.service.js';

/** What a Nylas connection keeps sealed in `credentials_ciphertext`; never returned, never logged. */
export interface NylasCredentials {
  /** The grant (the user's connected account at Nylas): with the application's key, it reads their calendar. */
  grantId: string;
}

export const NylasMessage = {
  notConfigured: 'Nylas is not configured on this server: set NYLAS_API_KEY and NYLAS_CLIENT_ID',
  noRedirect:
    'Nylas is not configured on this server: set NYLAS_REDIRECT_URI (where Nylas sends the user back after connecting)',
  noWebhookSecret: 'Nylas webhooks are not configured on this server: set NYLAS_WEBHOOK_SECRET',
  notConnected: 'Calendar connection not found',
} as const;

/**
 * The key a grant is found by in `external_account_id`: its SHA-256, not the grant id itself, so the
 * connection views (which show that column) never show a grant. Grant ids are random UUIDs, so the
 * digest gives nothing away, and a webhook naming a grant finds its connection by the same digest.
 */
export function nylasGrantKey(grantId: string): string {
  return `sha256:${createHash('sha256').update(grantId).digest('hex')}`;
}

/**
 * The Nylas client of this deployment (one application: NYLAS_API_KEY and NYLAS_CLIENT_ID, at
 * NYLAS_API_URI) and the grants of the organizations' connections, unsealed for one call at a time.
 * Nylas is optional: without its settings every use answers 409 saying what to set, never a 5xx.
 */
@Injectable()
export class NylasClients {
  private client_: NylasClient | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  get configured(): boolean {
    return Boolean(this.config.NYLAS_API_KEY && this.config.NYLAS_CLIENT_ID);
  }

  /** The application's client; 409 when Nylas is not configured here. */
  client(): NylasClient {
    const { NYLAS_API_KEY: apiKey, NYLAS_CLIENT_ID: clientId } = this.config;
    if (!apiKey || !clientId) throw new DomainError(ErrorCode.CONFLICT, NylasMessage.notConfigured);
    this.client_ ??= new NylasClient({ apiKey, clientId, apiUri: this.config.NYLAS_API_URI });
    return this.client_;
  }

  /** Where hosted authentication returns; the code exchange must name the same address. */
  redirectUri(): string {
    if (!this.config.NYLAS_REDIRECT_URI) throw new DomainError(ErrorCode.CONFLICT, NylasMessage.noRedirect);
    return this.config.NYLAS_REDIRECT_URI;
  }

  webhookSecret(): string {
    if (!this.config.NYLAS_WEBHOOK_SECRET) throw new DomainError(ErrorCode.CONFLICT, NylasMessage.noWebhookSecret);
    return this.config.NYLAS_WEBHOOK_SECRET;
  }

  sealFor(connectionId: string, credentials: NylasCredentials) {
    return this.vault.seal(connectionId, credentials);
  }

  /**
   * The grant of one of the organization's Nylas connections (the system client, so the worker can
   * use it too); 404 when it has no such connection.
   */
  async grantOf(organizationId: string, connectionId: string): Promise<string> {
    const connection = await this.system.connection.findFirst({
      where: { organizationId, id: connectionId, service: 'NYLAS' },
      select: { id: true, credentialsCiphertext: true, credentialsKeyId: true },
    });
    if (!connection?.credentialsCiphertext || !connection.credentialsKeyId) {
      throw new DomainError(ErrorCode.NOT_FOUND, NylasMessage.notConnected);
    }
    const credentials = this.vault.open<NylasCredentials>(connection.id, {
      ciphertext: new Uint8Array(connection.credentialsCiphertext),
      keyId: connection.credentialsKeyId,
    });
    return credentials.grantId;
  }
}
