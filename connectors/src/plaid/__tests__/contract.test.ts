/**
 * The Plaid connector end to end, through the official SDK, against the fake server behind prism:
 * every request and response of these tests is checked against Plaid's OpenAPI description.
 */
import { CountryCode, Products } from 'plaid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  NormalizedFinancialAccount,
  NormalizedRecurringStream,
  NormalizedTransaction,
} from '../../core/records.js';
import { PLAID_ACCOUNT_SUBTYPES, PLAID_ACCOUNT_TYPES } from '../account-types.js';
import { decodePlaidCursor } from '../cursor.js';
import { itemScopedId } from '../fake-server/institutions.js';
import type { FakeAccountSeed } from '../fake-server/payloads.js';
import { webhookBodies } from '../fake-server/payloads.js';
import { PlaidWebhookVerifier } from '../webhooks.js';
import { EXPECTED_ACCOUNT_MAPPINGS } from './account-mappings.js';
import { collectPages, connectorError, type PlaidHarness, startPlaidHarness } from './support.js';

let harness: PlaidHarness;

beforeAll(async () => {
  harness = await startPlaidHarness({ prism: true });
});
afterAll(async () => {
  await harness?.close();
});
afterEach(() => {
  harness.fake.clearFaults();
});

const credentialsOf = (item: { accessToken: string }) => ({ accessToken: item.accessToken });

describe('linking an item', () => {
  it('exchanges a sandbox public token once, for credentials and the item id', async () => {
    const client = harness.client();
    const connector = harness.connector({ client });
    const publicToken = await client.createSandboxPublicToken('ins_100001', [Products.Transactions]);
    expect(publicToken).toMatch(/^public-sandbox-/);

    const { credentials, itemId } = await connector.exchangePublicToken(publicToken);
    expect(harness.fake.item(itemId).accessToken).toBe(credentials.accessToken);

    const again = await connectorError(connector.exchangePublicToken(publicToken));
    expect(again).toMatchObject({ classification: 'PERMANENT', code: 'INVALID_PUBLIC_TOKEN', status: 400 });
  });

  it('removes an item: its access token stops working', async () => {
    const client = harness.client();
    const item = harness.fake.createItem();
    await client.removeItem(item.accessToken);
    expect(harness.fake.hasItem(item.itemId)).toBe(false);
    const error = await connectorError(client.getAccounts(item.accessToken));
    expect(error).toMatchObject({ classification: 'AUTH', code: 'INVALID_ACCESS_TOKEN' });
  });

  it('refuses an unknown institution', async () => {
    const error = await connectorError(harness.client().createSandboxPublicToken('ins_404', [Products.Transactions]));
    expect(error).toMatchObject({ classification: 'PERMANENT', code: 'INVALID_INSTITUTION' });
  });

  it('creates link tokens for a new connection and, with an access token, for update mode', async () => {
    const item = harness.fake.createItem();
    const connector = harness.connector({ link: { webhook: 'https://meridian.example/api/webhooks/plaid' } });

    const created = await connector.createLinkToken({ clientUserId: 'usr-1' });
    expect(created.linkToken).toMatch(/^link-sandbox-/);
    expect(Date.parse(created.expiration)).toBeGreaterThan(Date.now());
    expect(harness.fake.linkTokens.at(-1)?.request).toMatchObject({
      client_name: 'Meridian',
      country_codes: ['US', 'CA'],
      language: 'en',
      products: ['transactions'],
      user: { client_user_id: 'usr-1' },
      webhook: 'https://meridian.example/api/webhooks/plaid',
    });
    expect(harness.fake.linkTokens.at(-1)?.request).not.toHaveProperty('access_token');

    await connector.createLinkToken({ clientUserId: 'usr-1', accessToken: item.accessToken });
    const update = harness.fake.linkTokens.at(-1)?.request;
    expect(update).toMatchObject({ access_token: item.accessToken, user: { client_user_id: 'usr-1' } });
    expect(update).not.toHaveProperty('products');

    const unknown = await connectorError(connector.createLinkToken({ clientUserId: 'usr-1', accessToken: 'access-x' }));
    expect(unknown).toMatchObject({ classification: 'AUTH', code: 'INVALID_ACCESS_TOKEN' });
  });
});

describe('accounts', () => {
  it('maps every account type and subtype of the description', async () => {
    const rows = EXPECTED_ACCOUNT_MAPPINGS.filter(
      ([type, subtype]) =>
        (PLAID_ACCOUNT_TYPES as readonly string[]).includes(type) &&
        (subtype === null || (PLAID_ACCOUNT_SUBTYPES as readonly string[]).includes(subtype)),
    );
    const accounts: FakeAccountSeed[] = rows.map(([type, subtype], index) => ({
      account_id: `acc-${index}`,
      type,
      subtype,
      balances: { current: 1000 + index, available: null, limit: null, iso_currency_code: 'CAD' },
    }));
    const item = harness.fake.createItem({ accounts });
    const [page] = await collectPages(harness.connector({ recurring: false }), credentialsOf(item));

    expect(page?.complete).toEqual(['financial-account']);
    const bySource = new Map(page?.records.map((record) => [record.sourceId, record]));
    rows.forEach(([type, subtype, expected], index) => {
      const record = bySource.get(`acc-${index}`) as NormalizedFinancialAccount | undefined;
      if (expected === undefined) {
        expect(record, `${type}/${subtype}`).toBeUndefined();
        expect(page?.recordErrors).toContainEqual(
          expect.objectContaining({ sourceId: `acc-${index}`, reason: 'UNSUPPORTED_TYPE' }),
        );
      } else {
        expect(record, `${type}/${subtype}`).toMatchObject({
          ...expected,
          connectionType: 'CONNECTION',
          provider: { type, subtype },
          balances: { current: { value: String(1000 + index), currency: 'CAD' }, available: null, limit: null },
        });
      }
    });
    expect(page?.records.length).toBe(rows.filter(([, , expected]) => expected !== undefined).length);
  });

  it('keeps balances as decimal strings with their currency, and the institution', async () => {
    const item = harness.fake.createItem({
      institutionId: 'ins_7',
      institutionName: 'Lakeshore Credit Union',
      accounts: [
        {
          account_id: 'card',
          type: 'credit',
          subtype: 'credit card',
          name: 'Visa',
          official_name: 'Lakeshore Visa Infinite',
          mask: '4417',
          balances: { current: 1234.56, available: 8765.44, limit: 10000, iso_currency_code: 'USD' },
        },
        { account_id: 'empty', type: 'depository', subtype: 'savings', balances: { current: null } },
      ],
    });
    const page = await harness.connector().fetchPage(credentialsOf(item), null);
    expect(page.records).toEqual([
      {
        kind: 'financial-account',
        sourceId: 'card',
        recordType: 'CREDIT_CARD',
        subtype: null,
        connectionType: 'CONNECTION',
        name: 'Visa',
        officialName: 'Lakeshore Visa Infinite',
        mask: '4417',
        institution: { sourceId: 'ins_7', name: 'Lakeshore Credit Union' },
        balances: {
          current: { value: '1234.56', currency: 'USD' },
          available: { value: '8765.44', currency: 'USD' },
          limit: { value: '10000', currency: 'USD' },
        },
        provider: { type: 'credit', subtype: 'credit card' },
      },
      expect.objectContaining({
        sourceId: 'empty',
        recordType: 'BANK_ACCOUNT',
        subtype: 'SAVINGS',
        balances: { current: null, available: null, limit: null },
      }),
    ]);
  });
});

describe('transactions', () => {
  it('runs a whole sync: accounts, transaction pages, recurring streams, then a cursor for next time', async () => {
    const client = harness.client();
    const connector = harness.connector({ client });
    const publicToken = await client.createSandboxPublicToken('ins_100001', [Products.Transactions]);
    const { credentials, itemId } = await connector.exchangePublicToken(publicToken);

    const pages = await collectPages(connector, credentials);
    expect(pages.map((page) => decodePlaidCursor(page.nextCursor).phase)).toEqual([
      'transactions',
      'recurring',
      'accounts',
    ]);
    expect(pages.map((page) => page.hasMore)).toEqual([true, true, false]);
    expect(pages.map((page) => page.records.length)).toEqual([6, 13, 2]);
    expect(pages.flatMap((page) => page.recordErrors)).toEqual([]);

    const pay = pages[1]?.records.find((record) => record.sourceId === itemScopedId(itemId, 'hsb-pay-0'));
    expect(pay).toEqual({
      kind: 'transaction',
      sourceId: itemScopedId(itemId, 'hsb-pay-0'),
      accountSourceId: itemScopedId(itemId, 'hsb-checking-0001'),
      date: '2026-05-15',
      authorizedDate: '2026-05-15',
      amount: { value: '3200', currency: 'USD' },
      direction: 'INFLOW',
      description: 'ACME CORP PAYROLL',
      merchantName: null,
      pending: false,
      pendingSourceId: null,
      category: { code: 'INCOME_WAGES', providerCode: 'INCOME_WAGES', group: 'INCOME', nature: 'NA' },
    });

    // Nothing new: the next run reads accounts, an empty transactions page and the streams again.
    const next = await collectPages(connector, credentials, pages.at(-1)?.nextCursor);
    expect(next.map((page) => page.records.length)).toEqual([6, 0, 2]);
  });

  it('pages with the cursor: every change once, then only what changed', async () => {
    const item = harness.fake.createItem({ maxPageSize: 4 });
    const account = item.defaultAccountId;
    const seeds = Array.from({ length: 10 }, (_, index) => ({
      transaction_id: `t${index}`,
      account_id: account,
      amount: 10 + index,
      date: `2026-10-${String(index + 1).padStart(2, '0')}`,
    }));
    item.addTransactions(seeds);
    const connector = harness.connector({ recurring: false });

    const first = await collectPages(connector, credentialsOf(item));
    const transactionPages = first.slice(1);
    expect(transactionPages.map((page) => page.records.length)).toEqual([4, 4, 2]);
    expect(transactionPages.flatMap((page) => page.records.map((record) => record.sourceId))).toEqual(
      seeds.map((seed) => seed.transaction_id),
    );
    // Within an update, every page remembers where the update began.
    expect(transactionPages.slice(0, -1).map((page) => decodePlaidCursor(page.nextCursor))).toEqual([
      expect.objectContaining({ phase: 'transactions', start: '' }),
      expect.objectContaining({ phase: 'transactions', start: '' }),
    ]);

    item.modifyTransaction('t3', { amount: 99.5, pending: false });
    item.removeTransaction('t7');
    item.addTransactions([{ transaction_id: 't10', account_id: account, amount: -250, date: '2026-10-20' }]);
    const second = await collectPages(connector, credentialsOf(item), first.at(-1)?.nextCursor);
    const changes = second.slice(1);
    // Added before modified within a page, so a record added and then changed ends in its last state.
    expect(changes.flatMap((page) => page.records)).toEqual([
      expect.objectContaining({ sourceId: 't10', amount: { value: '250', currency: 'USD' }, direction: 'INFLOW' }),
      expect.objectContaining({ sourceId: 't3', amount: { value: '99.5', currency: 'USD' }, direction: 'OUTFLOW' }),
    ]);
    expect(changes.flatMap((page) => page.removed)).toEqual([{ kind: 'transaction', sourceId: 't7' }]);
  });

  it('resumes from a saved cursor after a crash between pages', async () => {
    const item = harness.fake.createItem({ maxPageSize: 2 });
    item.addTransactions(
      Array.from({ length: 5 }, (_, index) => ({
        transaction_id: `r${index}`,
        account_id: item.defaultAccountId,
        amount: 1,
        date: '2026-10-01',
      })),
    );
    const connector = harness.connector({ recurring: false });
    const accounts = await connector.fetchPage(credentialsOf(item), null);
    const firstPage = await connector.fetchPage(credentialsOf(item), accounts.nextCursor);
    // The worker died here, after committing firstPage with its cursor. A new attempt resumes:
    const rest = await collectPages(connector, credentialsOf(item), firstPage.nextCursor);
    expect([firstPage, ...rest].flatMap((page) => page.records.map((record) => record.sourceId))).toEqual([
      'r0',
      'r1',
      'r2',
      'r3',
      'r4',
    ]);
  });

  it('restarts a pagination Plaid reports as mutated from the cursor the update began with', async () => {
    const item = harness.fake.createItem({ maxPageSize: 3 });
    item.addTransactions(
      Array.from({ length: 8 }, (_, index) => ({
        transaction_id: `m${index}`,
        account_id: item.defaultAccountId,
        amount: 5,
        date: '2026-09-01',
      })),
    );
    const connector = harness.connector({ recurring: false });
    const accounts = await connector.fetchPage(credentialsOf(item), null);
    const page1 = await connector.fetchPage(credentialsOf(item), accounts.nextCursor);
    expect(page1.records.map((record) => record.sourceId)).toEqual(['m0', 'm1', 'm2']);

    harness.fake.injectFault({ mode: 'mutation-during-pagination' }, { endpoint: '/transactions/sync' });
    const before = harness.fake.requests.length;
    const page2 = await connector.fetchPage(credentialsOf(item), page1.nextCursor);

    const interrupted = decodePlaidCursor(page1.nextCursor);
    expect(interrupted).toMatchObject({ phase: 'transactions', start: '' });
    const cursors = harness.fake.requests.slice(before).map((request) => request.body.cursor);
    // The interrupted page's cursor, then the update's first cursor ('' is sent as no cursor).
    expect(cursors).toEqual([interrupted.phase === 'transactions' && interrupted.next, undefined]);
    // The restarted pagination begins again with the first page (records are upserts: harmless).
    expect(page2.records.map((record) => record.sourceId)).toEqual(['m0', 'm1', 'm2']);
    expect(decodePlaidCursor(page2.nextCursor)).toMatchObject({ phase: 'transactions', start: '' });

    const rest = await collectPages(connector, credentialsOf(item), page2.nextCursor);
    expect(rest.flatMap((page) => page.records.map((record) => record.sourceId))).toEqual([
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
    ]);
  });

  it('maps categories, pending transactions and their replacement', async () => {
    const item = harness.fake.createItem();
    const account = item.defaultAccountId;
    item.addTransactions([
      {
        transaction_id: 'p1',
        account_id: account,
        amount: 42.1,
        date: '2026-10-02',
        pending: true,
        category: 'FOOD_AND_DRINK_GROCERIES',
        merchant_name: 'Freshway',
      },
      {
        transaction_id: 'c1',
        account_id: account,
        amount: 300,
        date: '2026-10-03',
        category: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
      },
      { transaction_id: 'v2', account_id: account, amount: -80, date: '2026-10-04', category: 'INCOME_RENTAL' },
      { transaction_id: 'none', account_id: account, amount: 1, date: '2026-10-05', category: null },
    ]);
    item.removeTransaction('p1');
    item.addTransactions([
      {
        transaction_id: 'p1-posted',
        account_id: account,
        amount: 42.1,
        date: '2026-10-03',
        pending_transaction_id: 'p1',
        category: 'FOOD_AND_DRINK_GROCERIES',
      },
    ]);
    const pages = await collectPages(harness.connector({ recurring: false }), credentialsOf(item));
    const records = pages.slice(1).flatMap((page) => page.records) as NormalizedTransaction[];
    const byId = new Map(records.map((record) => [record.sourceId, record]));
    expect(byId.get('p1')).toMatchObject({
      pending: true,
      merchantName: 'Freshway',
      category: { code: 'FOOD_AND_DRINK_GROCERIES', group: 'EXPENSE', nature: 'ESSENTIAL' },
    });
    expect(byId.get('c1')?.category).toEqual({
      code: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
      providerCode: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
      group: 'OTHER',
      nature: 'NA',
    });
    expect(byId.get('v2')?.category).toEqual({
      code: null,
      providerCode: 'INCOME_RENTAL',
      group: 'INCOME',
      nature: 'NA',
    });
    expect(byId.get('none')?.category).toBeNull();
    expect(byId.get('p1-posted')).toMatchObject({ pending: false, pendingSourceId: 'p1' });
    expect(pages.flatMap((page) => page.removed)).toEqual([{ kind: 'transaction', sourceId: 'p1' }]);
  });
});

describe('recurring streams', () => {
  it('maps inflow streams to income and outflow streams to expenses, with our frequencies', async () => {
    const item = harness.fake.createItem();
    const account = item.defaultAccountId;
    const frequencies = ['WEEKLY', 'BIWEEKLY', 'SEMI_MONTHLY', 'MONTHLY', 'ANNUALLY', 'UNKNOWN'] as const;
    frequencies.forEach((frequency, index) =>
      item.addStream({
        stream_id: `out-${frequency}`,
        account_id: account,
        direction: 'outflow',
        frequency,
        average_amount: 10 + index,
        last_amount: 12.5,
        category: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
        status: frequency === 'UNKNOWN' ? 'EARLY_DETECTION' : 'MATURE',
      }),
    );
    item.addStream({
      stream_id: 'salary',
      account_id: account,
      direction: 'inflow',
      frequency: 'BIWEEKLY',
      description: 'ACME PAYROLL',
      merchant_name: 'Acme',
      average_amount: -2100.4,
      last_amount: -2150,
      first_date: '2026-01-09',
      last_date: '2026-10-30',
      predicted_next_date: '2026-11-13',
      transaction_ids: ['a', 'b'],
      category: 'INCOME_WAGES',
    });
    const pages = await collectPages(harness.connector(), credentialsOf(item));
    const last = pages.at(-1);
    expect(last?.complete).toEqual(['recurring-stream']);
    const streams = new Map((last?.records as NormalizedRecurringStream[]).map((stream) => [stream.sourceId, stream]));

    expect(streams.get('salary')).toEqual({
      kind: 'recurring-stream',
      sourceId: 'salary',
      accountSourceId: account,
      name: 'ACME PAYROLL',
      merchantName: 'Acme',
      direction: 'INFLOW',
      flowType: 'INCOME',
      frequency: 'BI_WEEKLY',
      averageAmount: { value: '2100.4', currency: 'USD' },
      lastAmount: { value: '2150', currency: 'USD' },
      firstDate: '2026-01-09',
      lastDate: '2026-10-30',
      predictedNextDate: '2026-11-13',
      isActive: true,
      status: 'MATURE',
      transactionSourceIds: ['a', 'b'],
      category: { code: 'INCOME_WAGES', providerCode: 'INCOME_WAGES', group: 'INCOME', nature: 'NA' },
    });
    expect(frequencies.map((frequency) => streams.get(`out-${frequency}`)?.frequency)).toEqual([
      'WEEKLY',
      'BI_WEEKLY',
      'SEMI_MONTHLY',
      'MONTHLY',
      'ANNUALLY',
      null,
    ]);
    expect(streams.get('out-MONTHLY')).toMatchObject({
      direction: 'OUTFLOW',
      flowType: 'EXPENSE',
      averageAmount: { value: '13', currency: 'USD' },
      category: { code: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE', group: 'EXPENSE', nature: 'ESSENTIAL' },
    });
  });
});

describe('faults are classified', () => {
  it('429 is RATE_LIMITED with the seconds of Retry-After', async () => {
    const item = harness.fake.createItem();
    harness.fake.injectFault({ mode: 'rate-limit', retryAfterSeconds: 7 }, { endpoint: '/accounts/get' });
    const error = await connectorError(harness.connector().fetchPage(credentialsOf(item), null));
    expect(error).toMatchObject({
      classification: 'RATE_LIMITED',
      code: 'ACCOUNTS_LIMIT',
      status: 429,
      retryAfterSeconds: 7,
      retryable: true,
      operation: 'accounts/get',
    });

    harness.fake.injectFault({ mode: 'rate-limit' }, { endpoint: '/transactions/sync' });
    const withoutHeader = await connectorError(
      harness.connector().fetchPage(credentialsOf(item), '{"v":1,"phase":"transactions","start":"","next":""}'),
    );
    expect(withoutHeader).toMatchObject({ classification: 'RATE_LIMITED', code: 'TRANSACTIONS_SYNC_LIMIT' });
    expect(withoutHeader.retryAfterSeconds).toBeUndefined();
  });

  it('500 is TEMPORARY', async () => {
    const item = harness.fake.createItem();
    harness.fake.injectFault({ mode: 'server-error' }, { itemId: item.itemId });
    const error = await connectorError(harness.connector().fetchPage(credentialsOf(item), null));
    expect(error).toMatchObject({
      classification: 'TEMPORARY',
      code: 'INTERNAL_SERVER_ERROR',
      status: 500,
      retryable: true,
    });
    expect(error.requestId).toMatch(/^\w{15}$/);
  });

  it('a response slower than the timeout is TEMPORARY', async () => {
    const item = harness.fake.createItem();
    harness.fake.injectFault({ mode: 'slow', delayMs: 3_000 }, { itemId: item.itemId });
    const connector = harness.connector({ client: harness.client({ timeoutMs: 300 }) });
    const error = await connectorError(connector.fetchPage(credentialsOf(item), null));
    expect(error).toMatchObject({ classification: 'TEMPORARY', code: 'TIMEOUT', retryable: true });
  });

  it('ITEM_LOGIN_REQUIRED and an invalid access token are AUTH', async () => {
    const item = harness.fake.createItem();
    harness.fake.injectFault({ mode: 'item-login-required' }, { itemId: item.itemId });
    const login = await connectorError(harness.connector().fetchPage(credentialsOf(item), null));
    expect(login).toMatchObject({ classification: 'AUTH', code: 'ITEM_LOGIN_REQUIRED', status: 400, retryable: false });

    const revoked = await connectorError(harness.connector().fetchPage({ accessToken: 'access-sandbox-gone' }, null));
    expect(revoked).toMatchObject({ classification: 'AUTH', code: 'INVALID_ACCESS_TOKEN' });
  });

  it('refused API keys are PERMANENT', async () => {
    const item = harness.fake.createItem();
    const connector = harness.connector({ client: harness.client({ secret: 'not-the-secret' }) });
    const error = await connectorError(connector.fetchPage(credentialsOf(item), null));
    expect(error).toMatchObject({ classification: 'PERMANENT', code: 'INVALID_API_KEYS', retryable: false });
  });

  it('a record in an unsupported currency is a record error; the rest of the page maps', async () => {
    const item = harness.fake.createItem({
      accounts: [
        { account_id: 'wallet', type: 'investment', subtype: 'crypto exchange' },
        { account_id: 'chequing', type: 'depository', subtype: 'checking' },
      ],
      transactions: [
        { transaction_id: 'x1', account_id: 'chequing', amount: 5, date: '2026-10-01' },
        { transaction_id: 'x2', account_id: 'chequing', amount: 6, date: '2026-10-02' },
      ],
      streams: [
        { stream_id: 's1', account_id: 'chequing', direction: 'inflow', frequency: 'MONTHLY', average_amount: -9 },
        { stream_id: 's2', account_id: 'chequing', direction: 'outflow', frequency: 'MONTHLY', average_amount: 9 },
      ],
    });
    for (const endpoint of ['/accounts/get', '/transactions/sync', '/transactions/recurring/get']) {
      harness.fake.injectFault({ mode: 'malformed-record', variant: 'unsupported-currency' }, { endpoint });
    }
    const [accounts, transactions, streams] = await collectPages(harness.connector(), credentialsOf(item));

    expect(accounts?.records.map((record) => record.sourceId)).toEqual(['chequing']);
    expect(accounts?.recordErrors).toEqual([
      expect.objectContaining({
        kind: 'financial-account',
        sourceId: 'wallet',
        reason: 'UNSUPPORTED_CURRENCY',
        message: 'The balance is in BTC, an unofficial currency code we do not support',
      }),
    ]);
    expect(transactions?.records.map((record) => record.sourceId)).toEqual(['x2']);
    expect(transactions?.recordErrors).toEqual([
      expect.objectContaining({ kind: 'transaction', sourceId: 'x1', reason: 'UNSUPPORTED_CURRENCY' }),
    ]);
    expect(streams?.records.map((record) => record.sourceId)).toEqual(['s2']);
    expect(streams?.recordErrors).toEqual([
      expect.objectContaining({ kind: 'recurring-stream', sourceId: 's1', reason: 'UNSUPPORTED_CURRENCY' }),
    ]);
  });
});

describe('prism holds both sides to the description', () => {
  it.each(['/accounts/get', '/transactions/sync', '/transactions/recurring/get'])(
    'a %s response missing required fields is refused',
    async (endpoint) => {
      const item = harness.fake.createItem();
      harness.fake.injectFault({ mode: 'break-contract' }, { endpoint });
      const client = harness.client();
      const call =
        endpoint === '/accounts/get'
          ? client.getAccounts(item.accessToken)
          : endpoint === '/transactions/sync'
            ? client.syncTransactions({ accessToken: item.accessToken, cursor: '', count: 10 })
            : client.getRecurringTransactions(item.accessToken);
      const error = await connectorError(call);
      expect(error.status).toBe(500);
      expect(error.message).toContain('Response body must have required property');
    },
  );

  it('link token, exchange and key responses are checked too', async () => {
    const client = harness.client();
    for (const endpoint of ['/link/token/create', '/item/public_token/exchange', '/webhook_verification_key/get']) {
      harness.fake.injectFault({ mode: 'break-contract' }, { endpoint });
    }
    const errors = [
      await connectorError(
        client.createLinkToken({
          clientUserId: 'u',
          clientName: 'Meridian',
          countryCodes: [CountryCode.Us],
          language: 'en',
          products: [Products.Transactions],
        }),
      ),
      await connectorError(client.exchangePublicToken('public-sandbox-x')),
      await connectorError(client.getWebhookVerificationKey(harness.fake.webhooks.key.kid)),
    ];
    for (const error of errors) {
      expect(error.status).toBe(500);
      expect(error.message).toContain('Response body must have required property');
    }
  });

  it('a request that breaks the description is refused before it reaches the fake', async () => {
    const item = harness.fake.createItem();
    const before = harness.fake.requests.length;
    const error = await connectorError(
      harness.client().syncTransactions({ accessToken: item.accessToken, cursor: '', count: 501 }),
    );
    expect(error).toMatchObject({ classification: 'PERMANENT', status: 422 });
    expect(error.message).toContain('count');
    expect(harness.fake.requests.length).toBe(before);
  });
});

describe('webhook verification', () => {
  const body = webhookBodies.syncUpdatesAvailable('item-1');

  it('accepts a genuine delivery and reads it', async () => {
    const verifier = new PlaidWebhookVerifier({ client: harness.client() });
    const delivery = await harness.fake.webhookDelivery(body);
    const result = await verifier.verify(delivery.body, delivery.headers['plaid-verification']);
    expect(result).toMatchObject({
      ok: true,
      event: {
        kind: 'SYNC_UPDATES_AVAILABLE',
        itemId: 'item-1',
        initialUpdateComplete: true,
        historicalUpdateComplete: true,
      },
    });
  });

  it.each([
    ['wrong-signature', 'BAD_SIGNATURE'],
    ['stale', 'STALE'],
    ['tampered', 'BODY_MISMATCH'],
    ['unknown-kid', 'UNKNOWN_KEY'],
  ] as const)('refuses a %s delivery (%s)', async (variant, reason) => {
    const verifier = new PlaidWebhookVerifier({ client: harness.client() });
    const delivery = await harness.fake.webhookDelivery(body, variant);
    const result = await verifier.verify(delivery.body, delivery.headers['plaid-verification']);
    expect(result).toMatchObject({ ok: false, reason });
    expect(result.ok === false && result.message).toBeTruthy();
  });

  it('refuses a delivery without the header, and looks each key up once', async () => {
    const verifier = new PlaidWebhookVerifier({ client: harness.client() });
    expect(await verifier.verify(JSON.stringify(body), undefined)).toMatchObject({
      ok: false,
      reason: 'MISSING_SIGNATURE',
    });

    const before = harness.fake.requests.filter((request) => request.path === '/webhook_verification_key/get').length;
    for (let index = 0; index < 3; index += 1) {
      const delivery = await harness.fake.webhookDelivery(webhookBodies.recurringTransactionsUpdate('item-2', ['a']));
      expect((await verifier.verify(delivery.body, delivery.headers['plaid-verification'])).ok).toBe(true);
    }
    const after = harness.fake.requests.filter((request) => request.path === '/webhook_verification_key/get').length;
    expect(after - before).toBe(1);
  });

  it('reads an item error webhook as AUTH for ITEM_LOGIN_REQUIRED', async () => {
    const verifier = new PlaidWebhookVerifier({ client: harness.client() });
    const delivery = await harness.fake.webhookDelivery(
      webhookBodies.itemError('item-3', {
        status: 400,
        error_type: 'ITEM_ERROR',
        error_code: 'ITEM_LOGIN_REQUIRED',
        error_message: 'the login details of this item have changed',
      }),
    );
    const result = await verifier.verify(Buffer.from(delivery.body), delivery.headers['plaid-verification']);
    expect(result.ok && result.event).toMatchObject({
      kind: 'ITEM_ERROR',
      itemId: 'item-3',
      error: { classification: 'AUTH', code: 'ITEM_LOGIN_REQUIRED', status: 400 },
    });
  });
});
