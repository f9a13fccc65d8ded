import { Inject, Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { NormalizedFinancialAccount, PlaidConnector, PlaidCredentials } from '@meridian/connectors';
import {
  allowsJointOwnership,
  DomainError,
  enumLabel,
  ErrorCode,
  FINANCIAL_RECORD_ID_TYPE,
  notFound,
  PlacementMessage,
  rankMatches,
  trailingDigits,
  validationError,
  type AccountsToPlace,
  type AccountToPlace,
  type ConnectionView,
  type ErrorDetail,
  type InvestmentAccountType,
  type MatchCandidate,
  type PlaceAccountsInput,
} from '@meridian/domain';
import { currentOrganizationId } from '../../../../common/tenancy/request-context.js';
import { writeScope, type WriteScope } from '../../../../common/tenancy/write-scope.js';
import { CredentialVault } from '../../../../infra/secrets/credential-vault.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../../infra/prisma/prisma.service.js';
import { FinancialRecordsWriter, type FinancialRecordDraft } from '../../../financials/financial-records/index.js';
import { AuditService, type BatchAuditEntry } from '../../../platform/audit/index.js';
import { ConnectionsService } from '../../connections/index.js';
import {
  ConnectionsWriter,
  ExternalLinksRepository,
  SyncRunLauncher,
  SyncScheduler,
  syncedAccountBalance,
  syncedAccountColumns,
} from '../../sync/index.js';
import { PLAID_CONNECTOR } from '../index.js';
import {
  PlaidConnectionsRepository,
  type ManualRecordRow,
  type PlacementConnection,
} from './plaid-connections.repository.js';
import { callPlaid } from './provider-errors.js';

const PLAID = { service: 'PLAID' } as const;

/** An account of the item with what placing it needs. */
interface Described {
  account: NormalizedFinancialAccount;
  view: AccountToPlace;
}

/**
 * Placing a linked bank's accounts before its first sync (issue 15): each account the bank lists
 * and no link holds yet is either added as a new synced record with the owners the advisor picks,
 * or matched with a manual record of the household, which becomes synced in place (same id,
 * history and owners; its name kept as its nickname, since the sync writes the bank's name). Both
 * end as an external link to the Plaid account, so the first sync updates them instead of adding
 * accounts: net worth does not double count. A new connection does not sync until this is done.
 */
@Injectable()
export class PlaidPlacementsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(PLAID_CONNECTOR) private readonly connector: PlaidConnector,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(PlaidConnectionsRepository) private readonly repository: PlaidConnectionsRepository,
    @Inject(ConnectionsWriter) private readonly connectionsWriter: ConnectionsWriter,
    @Inject(FinancialRecordsWriter) private readonly records: FinancialRecordsWriter,
    @Inject(ExternalLinksRepository) private readonly links: ExternalLinksRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ConnectionsService) private readonly connections: ConnectionsService,
    @Inject(SyncScheduler) private readonly scheduler: SyncScheduler,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
  ) {}

  /** The connection's accounts that wait for a placement, with the manual records offered as matches. */
  async accountsToPlace(connectionId: string): Promise<AccountsToPlace> {
    const accounts = await this.bankAccounts(connectionId);
    return this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const connection = await this.lock(scope, connectionId);
      const described = await this.describe(scope, connection, accounts);
      return {
        connectionId,
        householdId: connection.householdId,
        placementPending: connection.placementPending,
        persons: await this.repository.persons(scope, connection.householdId),
        accounts: described.map((entry) => entry.view),
      };
    });
  }

  /**
   * Places the accounts (every one still waiting must be named), then queues the connection's
   * first run (and its schedule), or a run of the accounts placed later. Invalid placements
   * change nothing.
   */
  async place(connectionId: string, input: PlaceAccountsInput): Promise<ConnectionView> {
    const accounts = await this.bankAccounts(connectionId);
    const firstRun = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const connection = await this.lock(scope, connectionId);
      const described = await this.describe(scope, connection, accounts);
      if (described.length === 0)
        throw validationError([{ path: 'placements', message: PlacementMessage.nothingToPlace }]);
      const persons = new Set(
        (await this.repository.persons(scope, connection.householdId)).map((person) => person.id),
      );
      const manual = new Map(
        (
          await this.repository.manualRecords(
            scope,
            connection.householdId,
            described.map((entry) => entry.view.recordType),
          )
        ).map((row) => [row.id, row]),
      );
      this.check(input, described, persons, manual);
      await this.write(scope, connection, input, described, manual);
      await this.connectionsWriter.placementDone(scope, connectionId);
      return !connection.synced;
    });
    await this.startSyncing(connectionId, firstRun);
    return this.connections.get(connectionId);
  }

  /**
   * A new bank with no account to place (none Plaid lists maps to a record of ours): it syncs at
   * once, and its run reports what it could not map.
   */
  async nothingToPlace(connectionId: string): Promise<void> {
    const firstRun = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const connection = await this.lock(scope, connectionId);
      await this.connectionsWriter.placementDone(scope, connectionId);
      return !connection.synced;
    });
    await this.startSyncing(connectionId, firstRun);
  }

  /**
   * Queues the INITIAL run of a bank placed for the first time, then schedules it (in this order:
   * a schedule's first job may fire at once, and the first run is the INITIAL one), or a run of
   * the accounts placed later.
   */
  private async startSyncing(connectionId: string, firstRun: boolean): Promise<void> {
    const organizationId = currentOrganizationId();
    try {
      await this.launcher.requestRun(organizationId, connectionId, firstRun ? 'INITIAL' : 'MANUAL');
    } catch (error) {
      // Accounts placed on a connection whose login broke: they are saved, and its relink runs it.
      if (!(error instanceof DomainError && error.code === ErrorCode.CONFLICT)) throw error;
    }
    if (firstRun) {
      const interval = (await this.connections.get(connectionId)).syncIntervalMinutes;
      await this.scheduler.scheduleConnection(organizationId, connectionId, interval);
    }
  }

  /** The item's accounts at Plaid (/accounts/get), mapped as the sync maps them. */
  private async bankAccounts(connectionId: string): Promise<NormalizedFinancialAccount[]> {
    const connection = await this.prisma.$transaction((tx) => this.lock(writeScope(tx), connectionId));
    if (!connection.credentialsCiphertext || !connection.credentialsKeyId) throw notFound('Connection');
    const credentials = this.vault.open<PlaidCredentials>(connection.id, {
      ciphertext: new Uint8Array(connection.credentialsCiphertext),
      keyId: connection.credentialsKeyId,
    });
    // Accounts Plaid lists but we cannot map are left to the sync, which reports them as record errors.
    return (await callPlaid(() => this.connector.accounts(credentials))).records;
  }

  private async lock(scope: WriteScope, connectionId: string): Promise<PlacementConnection> {
    const connection = await this.repository.lockForPlacement(scope, connectionId);
    if (!connection) throw notFound('Connection');
    return connection;
  }

  /** The accounts no link holds yet, each with its ranked matches among the household's manual records. */
  private async describe(
    scope: WriteScope,
    connection: PlacementConnection,
    accounts: readonly NormalizedFinancialAccount[],
  ): Promise<Described[]> {
    const linked = await this.links.find(
      scope,
      PLAID,
      accounts.map((account) => account.sourceId),
    );
    const waiting = accounts.filter((account) => !linked.has(account.sourceId));
    if (waiting.length === 0) return [];
    const rows = await this.repository.manualRecords(
      scope,
      connection.householdId,
      waiting.map((account) => account.recordType),
    );
    const candidates = rows.map(candidateOf);
    return waiting.map((account) => {
      const balance = syncedAccountBalance(account);
      const institution = account.institution?.name?.trim() || connection.displayName;
      const described = {
        recordType: account.recordType,
        institution,
        mask: account.mask,
        balance: balance ? { value: new Decimal(balance.value).toString(), currency: balance.currency } : null,
      };
      return {
        account,
        view: {
          externalAccountId: account.sourceId,
          name: account.name,
          ...described,
          jointAllowed: allowsJointOwnership(
            account.recordType,
            account.recordType === 'INVESTMENT_ACCOUNT' ? (account.subtype as InvestmentAccountType) : undefined,
          ),
          matches: rankMatches(described, candidates),
        },
      };
    });
  }

  /** Every waiting account placed once, on persons of the household or on one offered manual record. */
  private check(
    input: PlaceAccountsInput,
    described: readonly Described[],
    persons: ReadonlySet<string>,
    manual: ReadonlyMap<string, ManualRecordRow>,
  ): void {
    const byId = new Map(described.map((entry) => [entry.view.externalAccountId, entry]));
    const details: ErrorDetail[] = [];
    const placed = new Set<string>();
    const matched = new Set<string>();
    input.placements.forEach((placement, index) => {
      const path = `placements.${index}`;
      const entry = byId.get(placement.externalAccountId);
      const named = (message: string) => `Account ${entry?.view.name ?? placement.externalAccountId} ${message}`;
      if (!entry) {
        details.push({ path: `${path}.externalAccountId`, message: named(PlacementMessage.notAnAccount) });
        return;
      }
      if (placed.has(placement.externalAccountId)) {
        details.push({ path: `${path}.externalAccountId`, message: named(PlacementMessage.placedTwice) });
        return;
      }
      placed.add(placement.externalAccountId);
      if (placement.matchRecordId) {
        const offered = entry.view.matches.some((match) => match.recordId === placement.matchRecordId);
        if (!offered || !manual.has(placement.matchRecordId)) {
          details.push({ path: `${path}.matchRecordId`, message: named(PlacementMessage.matchNotAllowed) });
        } else if (matched.has(placement.matchRecordId)) {
          details.push({ path: `${path}.matchRecordId`, message: named(PlacementMessage.matchedTwice) });
        }
        matched.add(placement.matchRecordId);
        if (placement.owners.length > 0) {
          details.push({ path: `${path}.owners`, message: named(PlacementMessage.matchWithOwners) });
        }
        return;
      }
      // A household without persons (yet) gets the account without owner, as the sync would.
      if (placement.owners.length === 0 && persons.size > 0) {
        details.push({ path: `${path}.owners`, message: named(PlacementMessage.noOwner) });
      } else if (placement.owners.some((owner) => !persons.has(owner))) {
        details.push({ path: `${path}.owners`, message: named(PlacementMessage.ownerNotInHousehold) });
      } else if (new Set(placement.owners).size > 1 && !entry.view.jointAllowed) {
        details.push({ path: `${path}.owners`, message: named(PlacementMessage.notJoint) });
      }
    });
    for (const entry of described) {
      if (!placed.has(entry.view.externalAccountId)) {
        details.push({ path: 'placements', message: `Account ${entry.view.name} ${PlacementMessage.unplaced}` });
      }
    }
    if (details.length > 0) throw validationError(details);
  }

  private async write(
    scope: WriteScope,
    connection: PlacementConnection,
    input: PlaceAccountsInput,
    described: readonly Described[],
    manual: ReadonlyMap<string, ManualRecordRow>,
  ): Promise<void> {
    const byId = new Map(described.map((entry) => [entry.view.externalAccountId, entry]));
    const audit: BatchAuditEntry[] = [];
    const links: { sourceId: string; entityType: string; entityId: string; contentHash: null }[] = [];
    // One readable value, for the audit log's "before → after" per field.
    const bank = (entry: Described) =>
      `${entry.view.name}${entry.view.mask ? ` ••${entry.view.mask}` : ''} at ${connection.displayName ?? 'the bank'}`;

    const matches = input.placements.flatMap((placement) => {
      const entry = byId.get(placement.externalAccountId)!;
      const record = placement.matchRecordId ? manual.get(placement.matchRecordId) : undefined;
      return record ? [{ entry, record }] : [];
    });
    // The sync writes the bank's name; the advisor's name for the account stays as its nickname.
    await this.records.update(
      scope,
      matches.map(({ record }) => ({
        id: record.id,
        type: record.type,
        connectionType: 'CONNECTION' as const,
        connectionId: connection.id,
        ...(record.nickname ? {} : { nickname: record.name }),
      })),
    );
    for (const { entry, record } of matches) {
      links.push({
        sourceId: entry.account.sourceId,
        entityType: FINANCIAL_RECORD_ID_TYPE[record.type],
        entityId: record.id,
        contentHash: null,
      });
      audit.push({
        action: 'UPDATE',
        entityType: FINANCIAL_RECORD_ID_TYPE[record.type],
        entityId: record.id,
        before: { connectionType: 'MANUAL', connectionId: null, nickname: record.nickname },
        after: {
          connectionType: 'CONNECTION',
          connectionId: connection.id,
          nickname: record.nickname ?? record.name,
          matchedWith: bank(entry),
        },
      });
    }

    const added = input.placements.flatMap((placement) => {
      const entry = byId.get(placement.externalAccountId)!;
      if (placement.matchRecordId) return [];
      const owners = [...new Set(placement.owners)];
      const draft: FinancialRecordDraft = {
        householdId: connection.householdId,
        type: entry.account.recordType,
        connectionType: 'CONNECTION',
        connectionId: connection.id,
        name: entry.account.name,
        institution: entry.view.institution,
        isJoint: owners.length > 1,
        asOfDate: scope.now,
        owners,
        columns: syncedAccountColumns(entry.account),
      };
      return [{ entry, draft }];
    });
    const ids = await this.records.create(
      scope,
      added.map(({ draft }) => draft),
    );
    added.forEach(({ entry, draft }, index) => {
      const entityType = FINANCIAL_RECORD_ID_TYPE[draft.type];
      links.push({ sourceId: entry.account.sourceId, entityType, entityId: ids[index]!, contentHash: null });
      audit.push({
        action: 'CREATE',
        entityType,
        entityId: ids[index]!,
        after: {
          id: ids[index],
          type: draft.type,
          name: draft.name,
          institution: draft.institution,
          owners: draft.owners,
          isJoint: draft.isJoint,
          addedFrom: bank(entry),
        },
      });
    });

    // A null hash: the first sync writes the bank's balances over both kinds.
    await this.links.create(scope, PLAID, links);
    await this.audit.recordMany(scope, audit);
  }
}

function candidateOf(row: ManualRecordRow): MatchCandidate {
  return {
    recordId: row.id,
    recordType: row.type,
    name: row.nickname || row.name || enumLabel('FinancialRecordType', row.type),
    institution: row.institution,
    lastDigits: row.cardDigits ?? trailingDigits(row.nickname) ?? trailingDigits(row.name),
    balance:
      row.balance !== null && row.currency !== null
        ? { value: new Decimal(row.balance).toString(), currency: row.currency }
        : null,
  };
}
