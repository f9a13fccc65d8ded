/** Test support for the integration hub's routes: connections, runs and records written straight to the database. */
import { EntityType, newId, type SyncRunStatus, type SyncTrigger } from '@meridian/domain';
import { CredentialVault, type AppConfig, type PrismaClient } from '@meridian/api';

export interface SeededConnection {
  id: string;
  itemId: string;
  accessToken: string;
}

/** A Plaid connection of a household, its access token sealed as the API seals it. */
export async function seedPlaidConnection(
  prisma: PrismaClient,
  config: AppConfig,
  input: {
    organizationId: string;
    householdId: string;
    itemId?: string;
    accessToken?: string;
    displayName?: string;
    status?: 'CREATED' | 'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';
    needsReauthSince?: Date | null;
  },
): Promise<SeededConnection> {
  const id = newId(EntityType.connection);
  const itemId = input.itemId ?? `item-${id.slice(-10)}`;
  const accessToken = input.accessToken ?? `access-sandbox-secret-${id.slice(-10)}`;
  const sealed = new CredentialVault(config).seal(id, { accessToken });
  await prisma.connection.create({
    data: {
      id,
      organizationId: input.organizationId,
      service: 'PLAID',
      status: input.status ?? 'SUCCESS',
      ownerHouseholdId: input.householdId,
      externalAccountId: itemId,
      displayName: input.displayName ?? 'Harbourfront Savings Bank',
      credentialsCiphertext: sealed.ciphertext,
      credentialsKeyId: sealed.keyId,
      syncIntervalMinutes: 360,
      needsReauthSince: input.needsReauthSince ?? null,
    },
  });
  return { id, itemId, accessToken };
}

export async function seedRun(
  prisma: PrismaClient,
  input: {
    organizationId: string;
    connectionId: string;
    status: SyncRunStatus;
    trigger?: SyncTrigger;
    queuedAt?: Date;
    errors?: number;
  },
): Promise<string> {
  const id = newId(EntityType.syncRun);
  const queuedAt = input.queuedAt ?? new Date();
  const finished = !['QUEUED', 'RUNNING'].includes(input.status);
  await prisma.syncRun.create({
    data: {
      id,
      organizationId: input.organizationId,
      connectionId: input.connectionId,
      status: input.status,
      trigger: input.trigger ?? 'SCHEDULE',
      queuedAt,
      startedAt: input.status === 'QUEUED' ? null : queuedAt,
      finishedAt: finished ? new Date(queuedAt.getTime() + 1500) : null,
      createdCount: finished ? 3 : 0,
      failedCount: input.errors ?? 0,
      errorCode: input.status === 'FAILED' ? 'INTERNAL_SERVER_ERROR' : null,
      errorMessage: input.status === 'FAILED' ? 'Plaid failed' : null,
    },
  });
  for (let index = 0; index < (input.errors ?? 0); index += 1) {
    await prisma.syncRecordError.create({
      data: {
        id: newId(EntityType.syncRecordError),
        organizationId: input.organizationId,
        syncRunId: id,
        outsideId: `txn-${String(index).padStart(3, '0')}`,
        reason: 'unsupported currency BTC',
        createdAt: new Date(queuedAt.getTime() + index),
      },
    });
  }
  return id;
}

/** A bank account that came through the connection, with a transaction, a stream and their external links. */
export async function seedSyncedAccount(
  prisma: PrismaClient,
  input: { organizationId: string; householdId: string; connectionId: string; sourceId: string },
): Promise<{ recordId: string; transactionId: string; streamId: string }> {
  const { organizationId, householdId, connectionId } = input;
  const recordId = newId(EntityType.bankAccount);
  const transactionId = newId(EntityType.transaction);
  const streamId = newId(EntityType.recurringStream);
  await prisma.financialRecord.create({
    data: {
      id: recordId,
      organizationId,
      householdId,
      type: 'BANK_ACCOUNT',
      name: 'Everyday Checking',
      connectionType: 'CONNECTION',
      connectionId,
    },
  });
  await prisma.bankAccount.create({ data: { id: recordId, organizationId, bankAccountType: 'CHECKING' } });
  await prisma.recurringStream.create({
    data: {
      id: streamId,
      organizationId,
      householdId,
      financialRecordId: recordId,
      name: 'Payroll',
      direction: 'INFLOW',
    },
  });
  await prisma.transaction.create({
    data: {
      id: transactionId,
      organizationId,
      householdId,
      financialRecordId: recordId,
      recurringStreamId: streamId,
      date: new Date('2026-10-15'),
      amount: '3200',
      amountCurrency: 'USD',
      direction: 'INFLOW',
    },
  });
  for (const [entityType, entityId, sourceId] of [
    [EntityType.bankAccount, recordId, input.sourceId],
    [EntityType.transaction, transactionId, `${input.sourceId}-t`],
    [EntityType.recurringStream, streamId, `${input.sourceId}-s`],
  ] as const) {
    await prisma.externalLink.create({
      data: { id: newId(EntityType.externalLink), organizationId, entityType, entityId, service: 'PLAID', sourceId },
    });
  }
  return { recordId, transactionId, streamId };
}
