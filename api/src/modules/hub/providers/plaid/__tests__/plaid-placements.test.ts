/**
 * Placing a linked bank's accounts (issue 15: linking a bank without double counting), end to end:
 * the API, the fake Plaid behind prism and the worker's sync, in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { RunningWorker } from '@meridian/workers';
import type {
  AccountsToPlace,
  ConnectionView,
  FinancialRecordResponse,
  FinancialView,
  LinkedPlaidConnection,
} from '@meridian/domain';
import { createTestEnvironment, startTestApi, startTestWorker, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  apiAs,
  createFinancialHousehold,
  createPerson,
  createRecord,
  type FinancialHousehold,
} from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';
import { startPlaidSandbox, waitForFinishedRun, type PlaidSandbox } from '#test/support/plaid-sandbox.js';

const NORTHERN_MAPLE = { id: 'ins_100002', name: 'Northern Maple Trust' };
const HARBOURFRONT = { id: 'ins_100001', name: 'Harbourfront Savings Bank' };
const cad = (value: number) => ({ value, currency: 'CAD' });

let plaid: PlaidSandbox;
let api: TestApi;
let worker: RunningWorker;
let prisma: PrismaClient;
let north: CreatedOrganization;
let token: string;
let as: ReturnType<typeof apiAs>;

beforeAll(async () => {
  plaid = await startPlaidSandbox();
  const environment = await createTestEnvironment(plaid.environment);
  api = await startTestApi({ environment, seedDemo: false });
  worker = await startTestWorker(environment);
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  token = await login(api.baseUrl, north.email, north.password);
  as = apiAs(api.baseUrl, token);
});
afterAll(async () => {
  await worker?.close();
  await prisma?.$disconnect();
  await api?.close();
  await api?.environment.dispose();
  await plaid?.close();
});

async function link(householdId: string, institution: { id: string; name: string }) {
  const publicToken = await as<{ publicToken: string }>('POST', '/api/plaid/sandbox/public-token', {
    institutionId: institution.id,
  });
  const linked = await as<LinkedPlaidConnection>('POST', '/api/create-update-plaid-connection', {
    householdId,
    institutionName: institution.name,
    publicToken: publicToken.body.publicToken,
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  return linked.body;
}

async function view(householdId: string, currency = 'CAD'): Promise<FinancialView> {
  const response = await as<FinancialView>('GET', `/api/get-financial-view/${householdId}?currency=${currency}`);
  expect(response.status).toBe(200);
  return response.body;
}

function accountNamed(toPlace: AccountsToPlace, name: string) {
  const account = toPlace.accounts.find((candidate) => candidate.name === name);
  if (!account) throw new Error(`no account ${name} to place`);
  return account;
}

describe('placing a linked bank’s accounts', () => {
  let household: FinancialHousehold;
  let tfsa: FinancialRecordResponse;
  let oldChequing: FinancialRecordResponse;

  beforeAll(async () => {
    household = await createFinancialHousehold(prisma, north, 'Tremblay household');
    const create = (body: Record<string, unknown>) =>
      createRecord(api.baseUrl, token, { householdId: household.householdId, ...body });
    tfsa = await create({
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'TFSA',
      nickname: 'Amélie’s TFSA ••7002',
      marketValue: cad(41230),
      owners: [household.personIds[0]],
    });
    oldChequing = await create({
      type: 'BANK_ACCOUNT',
      bankAccountType: 'CHECKING',
      nickname: 'Old chequing 1234',
      balance: cad(500),
    });
  });

  it('matches a manual account (same record, owners and value) and adds the others with their owners: net worth does not double count', async () => {
    const before = await view(household.householdId);
    const linked = await link(household.householdId, NORTHERN_MAPLE);
    expect(linked).toMatchObject({ placementPending: true, lastRun: null });
    const toPlace = linked.accountsToPlace;
    expect(toPlace.persons.map((person) => person.id)).toEqual(household.personIds);

    // The bank's TFSA (••7002, 41,230.00) is offered the manual TFSA, preselected by its digits.
    const bankTfsa = accountNamed(toPlace, 'TFSA');
    expect(bankTfsa).toMatchObject({ recordType: 'INVESTMENT_ACCOUNT', mask: '7002' });
    expect(bankTfsa.matches).toEqual([
      expect.objectContaining({ recordId: tfsa.id, name: 'Amélie’s TFSA ••7002', lastDigits: '7002', likely: true }),
    ]);
    // The chequing account is offered the manual one of its kind, but other digits: not preselected.
    const chequing = accountNamed(toPlace, 'Chequing');
    expect(chequing.matches).toEqual([expect.objectContaining({ recordId: oldChequing.id, likely: false })]);
    expect(chequing.jointAllowed).toBe(true);

    // Until placed, the connection does not run.
    const early = await as('POST', `/api/connections/${linked.id}/sync`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('not placed yet') });

    const [amelie, louis] = household.personIds;
    const placed = await as<ConnectionView>('POST', `/api/plaid/connections/${linked.id}/account-placements`, {
      placements: [
        { externalAccountId: bankTfsa.externalAccountId, matchRecordId: tfsa.id },
        { externalAccountId: chequing.externalAccountId, owners: [amelie, louis] },
        { externalAccountId: accountNamed(toPlace, 'RRSP').externalAccountId, owners: [louis] },
        { externalAccountId: accountNamed(toPlace, 'Personal Line of Credit').externalAccountId, owners: [amelie] },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({ placementPending: false, lastRun: { trigger: 'INITIAL' } });
    expect(placed.body.nextSyncAt).not.toBeNull();
    const run = await waitForFinishedRun(api.baseUrl, token, linked.id);
    expect(run.status).toBe('SUCCEEDED');

    const after = await view(household.householdId);
    const byId = new Map(after.records.map((record) => [record.id, record]));
    // The matched TFSA: the same record, synced now, with its owner, nickname and value.
    const syncedTfsa = byId.get(tfsa.id)!;
    expect(syncedTfsa).toMatchObject({
      connectionType: 'CONNECTION',
      nickname: 'Amélie’s TFSA ••7002',
      owners: [expect.objectContaining({ entityId: amelie })],
    });
    expect(new Decimal(syncedTfsa.value!.value).equals(41230)).toBe(true);
    // The unmatched manual account stays as it was.
    expect(byId.get(oldChequing.id)).toMatchObject({ connectionType: 'MANUAL' });
    // One record per bank account: the TFSA was not added a second time.
    const synced = after.records.filter((record) => record.connectionType === 'CONNECTION');
    expect(synced).toHaveLength(4);
    const newChequing = synced.find((record) => record.type === 'BANK_ACCOUNT')!;
    expect(newChequing.isJoint).toBe(true);
    expect(newChequing.owners.map((owner) => owner.entityId)).toEqual([amelie, louis]);
    expect(synced.find((record) => record.type === 'LINE_OF_CREDIT')!.owners.map((owner) => owner.entityId)).toEqual([
      amelie,
    ]);

    // Net worth moved by the new accounts only (chequing and RRSP in, the line of credit out).
    const added = new Decimal(2450.8).plus(96512.3).minus(1500);
    expect(new Decimal(after.netWorth.value).minus(before.netWorth.value).equals(added)).toBe(true);

    // The match is audited on the record, naming the bank account.
    const audit = await prisma.auditLog.findMany({ where: { entityId: tfsa.id, action: 'UPDATE' } });
    expect(audit.map((entry) => entry.after)).toContainEqual(
      expect.objectContaining({
        connectionType: 'CONNECTION',
        matchedWith: `TFSA ••7002 at ${NORTHERN_MAPLE.name}`,
      }),
    );
    // Nothing is left to place.
    const left = await as<AccountsToPlace>('GET', `/api/plaid/connections/${linked.id}/accounts-to-place`);
    expect(left.body).toMatchObject({ placementPending: false, accounts: [] });
  });

  it('refuses placements that break the rules, with a message per account, and changes nothing', async () => {
    const other = await createFinancialHousehold(prisma, north, 'Gagnon household');
    const manualCard = await createRecord(api.baseUrl, token, {
      householdId: other.householdId,
      type: 'CREDIT_CARD',
      nickname: 'Visa',
      balance: cad(100),
      lastFourDigits: '4242',
    });
    const stranger = await createPerson(prisma, north.organizationId, household.householdId, {
      firstName: 'Not',
      lastName: 'Gagnon',
    });
    const linked = await link(other.householdId, HARBOURFRONT);
    const accounts = linked.accountsToPlace.accounts;
    expect(accounts.length).toBeGreaterThan(1);
    const [first, second] = accounts;
    const recordsBefore = await prisma.financialRecord.count();
    const linksBefore = await prisma.externalLink.count();
    const place = (placements: unknown[]) =>
      as<{ code: string; details: { path: string; message: string }[] }>(
        'POST',
        `/api/plaid/connections/${linked.id}/account-placements`,
        { placements },
      );

    const missing = await place([{ externalAccountId: first!.externalAccountId, owners: [other.personIds[0]] }]);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toContainEqual({
      path: 'placements',
      message: `Account ${second!.name} must be placed too: every account of the bank gets an owner or a match`,
    });

    const wrong = await place([
      { externalAccountId: first!.externalAccountId, owners: [stranger] },
      { externalAccountId: second!.externalAccountId, owners: [] },
      { externalAccountId: 'no-such-account', owners: [other.personIds[0]] },
    ]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual(
      expect.arrayContaining([
        {
          path: 'placements.0.owners',
          message: `Account ${first!.name} has an owner who is not a person of this household`,
        },
        {
          path: 'placements.1.owners',
          message: `Account ${second!.name} needs an owner: a person of the household`,
        },
        {
          path: 'placements.2.externalAccountId',
          message: 'Account no-such-account is not an account of this bank, or it is already placed',
        },
      ]),
    );

    // A match must be a manual account of the same kind offered for it (the card is not a chequing account).
    const notChequing = accounts.find((account) => account.recordType !== 'CREDIT_CARD')!;
    const badMatch = await place(
      accounts.map((account) =>
        account === notChequing
          ? { externalAccountId: account.externalAccountId, matchRecordId: manualCard.id, owners: [other.personIds[0]] }
          : { externalAccountId: account.externalAccountId, owners: [other.personIds[0]] },
      ),
    );
    expect(badMatch.status).toBe(400);
    const index = accounts.indexOf(notChequing);
    expect(badMatch.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: `placements.${index}.matchRecordId` }),
        expect.objectContaining({ path: `placements.${index}.owners` }),
      ]),
    );

    const invalid = await place([{ externalAccountId: '', owners: ['person-x'], matchRecordId: 'household-x' }]);
    expect(invalid.status).toBe(400);

    expect(await prisma.financialRecord.count()).toBe(recordsBefore);
    expect(await prisma.externalLink.count()).toBe(linksBefore);
    const connection = await as<ConnectionView>('GET', `/api/connections/${linked.id}`);
    expect(connection.body).toMatchObject({ placementPending: true, lastRun: null });
  });

  it('holds back an account the bank opens later until placed, syncing the others, then adds it with its transactions', async () => {
    const { householdId, personIds } = await createFinancialHousehold(prisma, north, 'Bouchard household');
    const linked = await link(householdId, HARBOURFRONT);
    const placed = await as('POST', `/api/plaid/connections/${linked.id}/account-placements`, {
      placements: linked.accountsToPlace.accounts.map((account) => ({
        externalAccountId: account.externalAccountId,
        owners: [personIds[0]],
      })),
    });
    expect(placed.status).toBe(201);
    expect((await waitForFinishedRun(api.baseUrl, token, linked.id)).status).toBe('SUCCEEDED');

    // The client opens a savings account; the bank lists it, with a first deposit.
    const item = plaid.fake.item(linked.externalAccountId!);
    const savings = item.addAccount({
      type: 'depository',
      subtype: 'savings',
      name: 'High-interest savings',
      mask: '4455',
      balances: { current: 5000, iso_currency_code: 'USD' },
    });
    item.addTransactions([
      {
        transaction_id: `${savings.account_id}-deposit`,
        account_id: savings.account_id,
        amount: -5000,
        date: '2026-11-02',
        name: 'DEPOSIT',
      },
    ]);
    const recordsBefore = await prisma.financialRecord.count({ where: { connectionId: linked.id } });
    expect((await as('POST', `/api/connections/${linked.id}/sync`)).status).toBe(202);
    const held = await waitForFinishedRun(api.baseUrl, token, linked.id);
    // Reported, not created on a guessed owner; the other accounts synced as usual.
    expect(held.status).toBe('PARTIAL');
    const errors = await prisma.syncRecordError.findMany({ where: { syncRunId: held.id } });
    expect(errors.map((error) => error.reason)).toContain(
      'NEEDS_PLACEMENT: High-interest savings ••4455 is new at the bank: it syncs once placed (household page, Place accounts)',
    );
    expect(await prisma.financialRecord.count({ where: { connectionId: linked.id } })).toBe(recordsBefore);

    const toPlace = await as<AccountsToPlace>('GET', `/api/plaid/connections/${linked.id}/accounts-to-place`);
    expect(toPlace.body).toMatchObject({ placementPending: true });
    expect(toPlace.body.accounts.map((account) => account.name)).toEqual(['High-interest savings']);
    const transactionsBefore = await prisma.transaction.count({ where: { householdId } });
    const later = await as<ConnectionView>('POST', `/api/plaid/connections/${linked.id}/account-placements`, {
      placements: [{ externalAccountId: savings.account_id, owners: [personIds[1]] }],
    });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body).toMatchObject({ placementPending: false, lastRun: { trigger: 'MANUAL' } });
    expect((await waitForFinishedRun(api.baseUrl, token, linked.id)).status).toBe('SUCCEEDED');

    // Harbourfront's accounts are in US dollars.
    const record = (await view(householdId, 'USD')).records.find(
      (candidate) => candidate.name === 'High-interest savings',
    );
    expect(record).toMatchObject({
      connectionType: 'CONNECTION',
      owners: [expect.objectContaining({ entityId: personIds[1] })],
    });
    // Its deposit, refused while it waited, came with the sync that started over; nothing twice.
    expect(await prisma.transaction.count({ where: { financialRecordId: record!.id } })).toBe(1);
    expect(await prisma.transaction.count({ where: { householdId } })).toBe(transactionsBefore + 1);
  });

  it('starts syncing at once a bank with no account to place (none maps to a record of ours)', async () => {
    const bank = plaid.fake.createItem({ accounts: [{ type: 'other', subtype: 'other' }] });
    const { householdId } = await createFinancialHousehold(prisma, north, 'Lavoie household');
    const linked = await as<LinkedPlaidConnection>('POST', '/api/create-update-plaid-connection', {
      householdId,
      institutionName: bank.institutionName,
      publicToken: plaid.fake.createPublicToken(bank.itemId),
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(linked.body).toMatchObject({
      placementPending: false,
      accountsToPlace: { placementPending: false, accounts: [] },
      lastRun: { trigger: 'INITIAL' },
    });
  });

  it('answers 404 for another organization’s connection, and does not run it', async () => {
    const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
    const southToken = await login(api.baseUrl, south.email, south.password);
    const linked = await link(
      (await createFinancialHousehold(prisma, north, 'Roy household')).householdId,
      HARBOURFRONT,
    );
    const asSouth = apiAs(api.baseUrl, southToken);
    expect((await asSouth('GET', `/api/plaid/connections/${linked.id}/accounts-to-place`)).status).toBe(404);
    const placed = await asSouth('POST', `/api/plaid/connections/${linked.id}/account-placements`, {
      placements: linked.accountsToPlace.accounts.map((account) => ({ externalAccountId: account.externalAccountId })),
    });
    expect(placed.status).toBe(404);
    expect(await prisma.syncRun.count({ where: { connectionId: linked.id } })).toBe(0);
  });
});
