/**
 * What cannot pass through prism: records that break Plaid's description (prism would refuse the
 * whole response, which is the point of prism), and failures below HTTP. These run against the
 * fake directly.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaidClient } from '../client.js';
import { PlaidConnector } from '../connector.js';
import { collectPages, connectorError, type PlaidHarness, startPlaidHarness } from './support.js';

let harness: PlaidHarness;

beforeAll(async () => {
  harness = await startPlaidHarness({ prism: false });
});
afterAll(async () => {
  await harness?.close();
});

describe('a record missing a field Plaid requires', () => {
  it('is a MALFORMED record error, and the rest of each page maps', async () => {
    const item = harness.fake.createItem({
      accounts: [
        { account_id: 'a1', type: 'depository', subtype: 'checking' },
        { account_id: 'a2', type: 'depository', subtype: 'savings' },
      ],
      transactions: [
        { transaction_id: 't1', account_id: 'a1', amount: 1, date: '2026-10-01' },
        { transaction_id: 't2', account_id: 'a1', amount: 2, date: '2026-10-02' },
      ],
      streams: [
        { stream_id: 's1', account_id: 'a1', direction: 'outflow', frequency: 'MONTHLY', average_amount: 3 },
        { stream_id: 's2', account_id: 'a1', direction: 'outflow', frequency: 'WEEKLY', average_amount: 4 },
      ],
    });
    for (const endpoint of ['/accounts/get', '/transactions/sync', '/transactions/recurring/get']) {
      harness.fake.injectFault({ mode: 'malformed-record', variant: 'missing-required-field' }, { endpoint });
    }
    const [accounts, transactions, streams] = await collectPages(harness.connector(), {
      accessToken: item.accessToken,
    });

    expect(accounts?.records.map((record) => record.sourceId)).toEqual(['a2']);
    expect(accounts?.recordErrors).toEqual([
      {
        kind: 'financial-account',
        sourceId: 'a1',
        reason: 'MALFORMED',
        message: 'name: Invalid input: expected string, received undefined',
        payload: expect.objectContaining({ account_id: 'a1' }),
      },
    ]);
    expect(transactions?.records.map((record) => record.sourceId)).toEqual(['t2']);
    expect(transactions?.recordErrors).toEqual([
      expect.objectContaining({
        kind: 'transaction',
        sourceId: 't1',
        reason: 'MALFORMED',
        message: expect.stringMatching(/^amount: /),
      }),
    ]);
    expect(streams?.records.map((record) => record.sourceId)).toEqual(['s2']);
    expect(streams?.recordErrors).toEqual([
      expect.objectContaining({
        kind: 'recurring-stream',
        sourceId: 's1',
        reason: 'MALFORMED',
        message: expect.stringMatching(/^frequency: /),
      }),
    ]);
  });
});

describe('failures below HTTP', () => {
  it('a refused connection is TEMPORARY', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const client = new PlaidClient({ environment: `http://127.0.0.1:${port}`, clientId: 'c', secret: 's' });
    const error = await connectorError(new PlaidConnector({ client }).fetchPage({ accessToken: 'a' }, null));
    expect(error).toMatchObject({ classification: 'TEMPORARY', code: 'NETWORK', retryable: true });
  });

  it('an envelope we cannot read is PERMANENT', async () => {
    const item = harness.fake.createItem();
    harness.fake.injectFault({ mode: 'break-contract' }, { endpoint: '/accounts/get' });
    const error = await connectorError(harness.connector().fetchPage({ accessToken: item.accessToken }, null));
    expect(error).toMatchObject({ classification: 'PERMANENT', code: 'INVALID_RESPONSE', operation: 'accounts/get' });
    expect(error.message).toContain('accounts: Invalid input: expected array, received undefined');
  });

  it('an aborted call is TEMPORARY (the run resumes from its saved cursor)', async () => {
    const item = harness.fake.createItem();
    harness.fake.injectFault({ mode: 'slow', delayMs: 5_000 }, { itemId: item.itemId });
    const controller = new AbortController();
    const pending = harness
      .connector()
      .fetchPage({ accessToken: item.accessToken }, null, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await connectorError(pending)).toMatchObject({ classification: 'TEMPORARY', code: 'ABORTED' });
  });
});
