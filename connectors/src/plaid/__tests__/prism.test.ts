/**
 * The prism harness itself: the description copy it gives prism, and why. The second test starts
 * prism with Plaid's description as published, to show the fault the copy works around.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaidClient } from '../client.js';
import { FakePlaidServer } from '../fake-server/server.js';
import { dropNullFromNullableEnums, plaidSpecPath, preparePrismSpec, startPrism } from '../testing/prism.js';
import { connectorError } from './support.js';

describe('dropNullFromNullableEnums', () => {
  const yaml = (lines: string[]) => lines.join('\n');

  it('drops null from the enum of a nullable schema, wherever nullable is written', () => {
    const input = yaml([
      '    ItemAuthMethod:',
      '      type: string',
      '      nullable: true',
      '      enum:',
      '      - INSTANT_AUTH',
      '      - null',
      '    Code:',
      '      enum:',
      '      - a',
      '      - null',
      '      nullable: true',
      '      description: |-',
      '        enum:',
      '        - null',
      '    Items:',
      '      oneOf:',
      '      - type: string',
      '        enum:',
      '          - x',
      '          - null',
      '        nullable: true',
    ]);
    const { text, removed } = dropNullFromNullableEnums(input);
    expect(removed).toBe(3);
    expect(text).toBe(
      yaml([
        '    ItemAuthMethod:',
        '      type: string',
        '      nullable: true',
        '      enum:',
        '      - INSTANT_AUTH',
        '    Code:',
        '      enum:',
        '      - a',
        '      nullable: true',
        '      description: |-',
        '        enum:',
        '        - null',
        '    Items:',
        '      oneOf:',
        '      - type: string',
        '        enum:',
        '          - x',
        '        nullable: true',
      ]),
    );
  });

  it('keeps null in an enum that is not nullable, and in a sibling schema', () => {
    const input = yaml([
      '    A:',
      '      enum:',
      '      - a',
      '      - null',
      '    B:',
      '      nullable: true',
      '      type: string',
      '    C:',
      '      type: object',
      '      properties:',
      '        x:',
      '          nullable: true',
      '        y:',
      '          enum:',
      '          - b',
      '          - null',
    ]);
    expect(dropNullFromNullableEnums(input)).toEqual({ text: input, removed: 0 });
  });

  it("finds the 31 such enums in Plaid's description", async () => {
    const { path, removedNulls } = await preparePrismSpec();
    expect(removedNulls).toBe(31);
    const original = readFileSync(plaidSpecPath(), 'utf8').split('\n').length;
    expect(readFileSync(path, 'utf8').split('\n').length).toBe(original - 31);
  });
});

describe("prism with Plaid's description as published", () => {
  let fake: FakePlaidServer;
  let prism: Awaited<ReturnType<typeof startPrism>>;

  beforeAll(async () => {
    fake = await FakePlaidServer.start();
    prism = await startPrism({ upstream: fake.url, original: true });
  });
  afterAll(async () => {
    await prism?.stop();
    await fake?.close();
  });

  // Should this fail after a prism upgrade, prism no longer trips over the doubled null and the
  // harness can give it the description as published (see testing/prism.ts).
  it('lets a broken /accounts/get response through (the fault the harness works around)', async () => {
    const client = new PlaidClient({ environment: prism.url, clientId: fake.clientId, secret: fake.secret });
    const item = fake.createItem();
    fake.injectFault({ mode: 'break-contract' }, { endpoint: '/accounts/get' });
    // Prism answers 200 with the fake's body: only our own parser notices.
    const error = await connectorError(client.getAccounts(item.accessToken));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });

    // ...while a response it can compile a schema for is still checked.
    fake.injectFault({ mode: 'break-contract' }, { endpoint: '/item/public_token/exchange' });
    const checked = await connectorError(client.exchangePublicToken('public-sandbox-x'));
    expect(checked).toMatchObject({ status: 500 });
  });
});
