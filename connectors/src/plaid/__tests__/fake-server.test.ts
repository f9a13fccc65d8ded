/**
 * The fake Plaid's own promises to the rest of the project: sandbox items do not share outside
 * ids, and an item linked before a restart of the fake keeps working (same records, same cursors)
 * after it, because `npm start` runs the fake in memory beside connections stored in PostgreSQL.
 */
import { Products } from 'plaid';
import { afterEach, describe, expect, it } from 'vitest';
import { FakePlaidServer } from '../fake-server/server.js';
import { PlaidClient } from '../client.js';
import { PlaidConnector } from '../connector.js';
import { collectPages, connectorError } from './support.js';

const running: FakePlaidServer[] = [];

async function startFake(): Promise<{ fake: FakePlaidServer; connector: PlaidConnector; client: PlaidClient }> {
  const fake = await FakePlaidServer.start();
  running.push(fake);
  const client = new PlaidClient({ environment: fake.url, clientId: fake.clientId, secret: fake.secret });
  return { fake, client, connector: new PlaidConnector({ client }) };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function link(client: PlaidClient, connector: PlaidConnector, institutionId: string) {
  const publicToken = await client.createSandboxPublicToken(institutionId, [Products.Transactions]);
  return connector.exchangePublicToken(publicToken);
}

function sourceIds(pages: { records: { sourceId: string }[] }[]): string[] {
  return pages.flatMap((page) => page.records.map((record) => record.sourceId));
}

describe('fake Plaid sandbox items', () => {
  it('gives two items of the same institution different account, transaction and stream ids', async () => {
    const { client, connector } = await startFake();
    const first = await link(client, connector, 'ins_100001');
    const second = await link(client, connector, 'ins_100001');
    expect(first.itemId).not.toBe(second.itemId);

    const firstIds = sourceIds(await collectPages(connector, first.credentials));
    const secondIds = sourceIds(await collectPages(connector, second.credentials));
    expect(firstIds.length).toBeGreaterThan(10);
    expect(secondIds).toHaveLength(firstIds.length);
    expect(firstIds.filter((id) => secondIds.includes(id))).toEqual([]);
  });

  it('rebuilds an institution item from its access token after a restart: same records, old cursor valid', async () => {
    const before = await startFake();
    const { credentials, itemId } = await link(before.client, before.connector, 'ins_100002');
    const pages = await collectPages(before.connector, credentials);
    const saved = pages.at(-1)!.nextCursor;
    await before.fake.close();

    // A new process knows nothing of the item, yet the stored token still opens it.
    const after = await startFake();
    expect(after.fake.hasItem(itemId)).toBe(false);
    const again = await collectPages(after.connector, credentials);
    expect(sourceIds(again)).toEqual(sourceIds(pages));
    expect(after.fake.item(itemId).accessToken).toBe(credentials.accessToken);

    // The cursor saved before the restart resumes: no transaction comes twice.
    const resumed = await collectPages(after.connector, credentials, saved);
    expect(resumed.flatMap((page) => page.records.filter((record) => record.kind === 'transaction'))).toEqual([]);
  });

  it('does not rebuild a removed item, nor a token of an unknown institution', async () => {
    const { client, connector, fake } = await startFake();
    const { credentials, itemId } = await link(client, connector, 'ins_100001');
    await client.removeItem(credentials.accessToken);
    expect(fake.hasItem(itemId)).toBe(false);
    const removed = await connectorError(client.getAccounts(credentials.accessToken));
    expect(removed).toMatchObject({ classification: 'AUTH', code: 'INVALID_ACCESS_TOKEN' });

    const forged = credentials.accessToken.replace('ins_100001', 'ins_999999');
    const unknown = await connectorError(client.getAccounts(forged));
    expect(unknown).toMatchObject({ classification: 'AUTH', code: 'INVALID_ACCESS_TOKEN' });
  });
});
