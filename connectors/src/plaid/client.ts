/**
 * The Plaid client: the official SDK (`plaid`, PlaidApi) for transport, zod at the edge for every
 * response, and ConnectorError for every failure. `basePath` may point anywhere, so tests point it
 * at the fake server (directly or through prism).
 */
import {
  Configuration,
  type CountryCode,
  type LinkTokenCreateRequest,
  PlaidApi,
  PlaidEnvironments,
  type Products,
} from 'plaid';
import type { z } from 'zod';
import { ConnectorError } from '../core/errors.js';
import { describeZodIssues } from '../core/record-errors.js';
import { toConnectorError } from './errors.js';
import {
  accountsGetResponseSchema,
  itemPublicTokenExchangeResponseSchema,
  itemRemoveResponseSchema,
  linkTokenCreateResponseSchema,
  sandboxPublicTokenCreateResponseSchema,
  transactionsRecurringGetResponseSchema,
  transactionsSyncResponseSchema,
  webhookVerificationKeyGetResponseSchema,
  type AccountsGetResult,
  type PlaidWebhookVerificationKey,
  type TransactionsRecurringGetResult,
  type TransactionsSyncResult,
} from './schemas.js';

export interface PlaidClientOptions {
  /** `sandbox`, `production`, or a URL (the fake server, prism in front of it). */
  environment: 'sandbox' | 'production' | (string & {});
  clientId: string;
  secret: string;
  /** Per request; a request that takes longer fails as TEMPORARY (code TIMEOUT). Default 30 s. */
  timeoutMs?: number;
}

export interface LinkTokenOptions {
  /** Our stable id of the user who opens Link (never an e-mail address or other personal data). */
  clientUserId: string;
  clientName: string;
  countryCodes: CountryCode[];
  language: string;
  /** Products to link; ignored in update mode. */
  products: Products[];
  webhook?: string;
  redirectUri?: string;
  /** Update mode: the access token of the item whose login is to be repaired. */
  accessToken?: string;
}

export interface LinkToken {
  linkToken: string;
  /** ISO date-time. */
  expiration: string;
}

function resolveBasePath(environment: string): string {
  return PlaidEnvironments[environment] ?? environment;
}

export class PlaidClient {
  private readonly api: PlaidApi;

  constructor(options: PlaidClientOptions) {
    this.api = new PlaidApi(
      new Configuration({
        basePath: resolveBasePath(options.environment),
        baseOptions: {
          timeout: options.timeoutMs ?? 30_000,
          headers: { 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret },
        },
      }),
    );
  }

  /** /accounts/get: the item's open accounts with cached balances, and the item. */
  getAccounts(accessToken: string, signal?: AbortSignal): Promise<AccountsGetResult> {
    return this.call('accounts/get', accountsGetResponseSchema, () =>
      this.api.accountsGet({ access_token: accessToken }, { signal }),
    );
  }

  /** One /transactions/sync call; `cursor` '' (or absent) starts from the item's beginning. */
  syncTransactions(
    request: { accessToken: string; cursor: string; count: number },
    signal?: AbortSignal,
  ): Promise<TransactionsSyncResult> {
    return this.call('transactions/sync', transactionsSyncResponseSchema, () =>
      this.api.transactionsSync(
        {
          access_token: request.accessToken,
          ...(request.cursor === '' ? {} : { cursor: request.cursor }),
          count: request.count,
        },
        { signal },
      ),
    );
  }

  /** /transactions/recurring/get: every inflow and outflow stream of the item. */
  getRecurringTransactions(accessToken: string, signal?: AbortSignal): Promise<TransactionsRecurringGetResult> {
    return this.call('transactions/recurring/get', transactionsRecurringGetResponseSchema, () =>
      this.api.transactionsRecurringGet({ access_token: accessToken }, { signal }),
    );
  }

  /**
   * /link/token/create. With `accessToken` the token opens Link in update mode for that item (to
   * repair its login), and no products are sent.
   */
  async createLinkToken(options: LinkTokenOptions): Promise<LinkToken> {
    const request: LinkTokenCreateRequest = {
      client_name: options.clientName,
      language: options.language,
      country_codes: options.countryCodes,
      user: { client_user_id: options.clientUserId },
      ...(options.accessToken === undefined ? { products: options.products } : { access_token: options.accessToken }),
      ...(options.webhook === undefined ? {} : { webhook: options.webhook }),
      ...(options.redirectUri === undefined ? {} : { redirect_uri: options.redirectUri }),
    };
    const data = await this.call('link/token/create', linkTokenCreateResponseSchema, () =>
      this.api.linkTokenCreate(request),
    );
    return { linkToken: data.link_token, expiration: data.expiration };
  }

  /** /item/public_token/exchange: Link's public token -> the item's access token. */
  async exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }> {
    const data = await this.call('item/public_token/exchange', itemPublicTokenExchangeResponseSchema, () =>
      this.api.itemPublicTokenExchange({ public_token: publicToken }),
    );
    return { accessToken: data.access_token, itemId: data.item_id };
  }

  /**
   * /item/remove: ends the item at Plaid (its access token stops working, and so does Plaid's
   * billing for it). Called when a connection is deleted.
   */
  async removeItem(accessToken: string): Promise<void> {
    await this.call('item/remove', itemRemoveResponseSchema, () => this.api.itemRemove({ access_token: accessToken }));
  }

  /** /webhook_verification_key/get: the public key (JWK) that signed webhooks with this `kid`. */
  async getWebhookVerificationKey(keyId: string): Promise<PlaidWebhookVerificationKey> {
    const data = await this.call('webhook_verification_key/get', webhookVerificationKeyGetResponseSchema, () =>
      this.api.webhookVerificationKeyGet({ key_id: keyId }),
    );
    return data.key;
  }

  /**
   * Sandbox only (and the fake): /sandbox/public_token/create gives a public token for an
   * institution without going through Link.
   */
  async createSandboxPublicToken(institutionId: string, products: Products[]): Promise<string> {
    const data = await this.call('sandbox/public_token/create', sandboxPublicTokenCreateResponseSchema, () =>
      this.api.sandboxPublicTokenCreate({ institution_id: institutionId, initial_products: products }),
    );
    return data.public_token;
  }

  private async call<S extends z.ZodType>(
    operation: string,
    schema: S,
    send: () => Promise<{ data: unknown }>,
  ): Promise<z.output<S>> {
    let data: unknown;
    try {
      ({ data } = await send());
    } catch (error) {
      throw toConnectorError(error, operation);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ConnectorError(
        'PERMANENT',
        `Plaid ${operation} returned a response we cannot read: ${describeZodIssues(parsed.error)}`,
        { code: 'INVALID_RESPONSE', operation },
      );
    }
    return parsed.data;
  }
}
