/**
 * Financial accounts -> financial records (connection type CONNECTION), written by the financial
 * records module's writer; this adapter decides what to write.
 *
 * What the sync owns and what the advisor owns:
 * - the sync writes `name` (the provider's), the institution and the type row (balances, limits,
 *   the account's type); it never writes `nickname`, the advisor's name (PATCH .../rename);
 * - owners are chosen once, when the record is created: by the advisor placing a bank's accounts
 *   (plaid-placements.service.ts, which creates the records and their links before the run, or
 *   links a manual record the account already is); an account the bank lists once the connection
 *   holds accounts is not created but reported (NEEDS_PLACEMENT) until placed; only the first
 *   accounts of a connection linked without placement get `defaultOwner`. The advisor changes
 *   owners afterwards and the sync leaves them alone;
 * - an account the provider stops listing is soft-deleted and its link's hash cleared, so that it
 *   comes back if the provider lists it again; one the advisor soft-deleted (its link keeps a hash)
 *   stays deleted.
 */
import { FINANCIAL_RECORD_ID_TYPE, investmentAccountAttributes, parseId } from '@meridian/domain';
import type { MoneyValue, NormalizedFinancialAccount } from '@meridian/connectors';
import type {
  FinancialRecordDraft,
  FinancialRecordUpdate,
  TypeColumns,
} from '../../../financials/financial-records/index.js';
import type { LinkRow } from '../external-links.repository.js';
import { contentHash } from './content-hash.js';
import type { KindWritten, RecordKindWriter } from './record-kind-writer.js';
import type { SyncPage } from './sync-page.js';

const FINANCIAL_RECORD_ENTITY_TYPES = new Set<string>(Object.values(FINANCIAL_RECORD_ID_TYPE));

/** Whether a link points at a financial record (of any type). */
export function isAccountLink(link: LinkRow): boolean {
  return FINANCIAL_RECORD_ENTITY_TYPES.has(link.entityType);
}

function money(column: string, value: MoneyValue | null): TypeColumns {
  return { [column]: value?.value ?? null, [`${column}Currency`]: value?.currency ?? null };
}

/** The type row's columns for what the provider says about the account (a placement writes them too). */
export function syncedAccountColumns(account: NormalizedFinancialAccount): TypeColumns {
  const { current, available, limit } = account.balances;
  switch (account.recordType) {
    case 'BANK_ACCOUNT':
      return { bankAccountType: account.subtype, ...money('balance', current ?? available) };
    case 'CREDIT_CARD':
      return {
        ...money('balance', current),
        ...money('creditLimit', limit),
        // Our column holds exactly four digits (CHECK); a shorter or longer mask is not stored.
        lastFourDigits: account.mask !== null && /^\d{4}$/.test(account.mask) ? account.mask : null,
      };
    case 'LINE_OF_CREDIT':
      // securedType is not stored: the CHECK ties it to a securing record, which only the advisor can name.
      return { ...money('balance', current), ...money('creditLimit', limit) };
    case 'LOAN':
    case 'MORTGAGE':
      return money('balance', current);
    case 'INVESTMENT_ACCOUNT': {
      // The account type decides tax status and jurisdiction unless it lets them be chosen (as
      // the financial-records service does); the provider's hint is the choice.
      const attributes = investmentAccountAttributes(account.subtype, { taxStatus: account.taxStatus });
      return {
        accountType: account.subtype,
        taxStatus: attributes.taxStatus,
        jurisdiction: attributes.jurisdiction,
        ...money('marketValue', current),
      };
    }
  }
}

/** The balance (market value of an investment account) the sync stores for the account. */
export function syncedAccountBalance(account: NormalizedFinancialAccount): MoneyValue | null {
  const { current, available } = account.balances;
  return account.recordType === 'BANK_ACCOUNT' ? (current ?? available) : current;
}

/**
 * The owner a synced account starts with when the advisor did not place it (the first accounts of
 * a connection linked before placements existed). The provider
 * does not say who owns an account (Plaid only with its Identity product, which we do not use),
 * and a record without owners drops out of per-person views; so it starts with the household's
 * first person (earliest added), as sole owner. Sole, because many investment account types may
 * not be joint. No person: no owner.
 */
async function defaultOwner(page: SyncPage, householdId: string): Promise<string | null> {
  const [person] = await page.scope.sql.query<{ id: string }>(
    `SELECT id FROM persons WHERE organization_id = $1 AND household_id = $2 AND deleted_at IS NULL
      ORDER BY created_at, id LIMIT 1`,
    page.scope.organizationId,
    householdId,
  );
  return person?.id ?? null;
}

/** Whether the connection brought accounts already (deleted ones too): then a new one is placed by the advisor. */
async function connectionHoldsAccounts(page: SyncPage): Promise<boolean> {
  const [row] = await page.scope.sql.query<{ holds: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM financial_records WHERE organization_id = $1 AND connection_id = $2) AS holds`,
    page.scope.organizationId,
    page.scope.connectionId,
  );
  return row?.holds ?? false;
}

/** Marks the connection as having accounts to place (kept from the first time), for the household page. */
async function awaitPlacement(page: SyncPage): Promise<void> {
  await page.scope.sql.execute(
    `UPDATE connections SET placement_pending_since = COALESCE(placement_pending_since, $3)
      WHERE organization_id = $1 AND id = $2`,
    page.scope.organizationId,
    page.scope.connectionId,
    page.scope.now,
  );
}

/** Soft-deletes records gone at the provider and clears their links' hashes, so a later listing restores them. */
async function softDeleteGone(page: SyncPage, recordIds: readonly string[]): Promise<number> {
  if (recordIds.length === 0) return 0;
  const deleted = await page.financialRecords.softDelete(page.scope, recordIds);
  await page.links.clearHashes(recordIds);
  // A record's id names its type's table, as its audit entries do.
  page.changes.push(
    ...deleted.map((id) => ({ action: 'DELETE' as const, entityType: parseId(id).type, entityId: id, before: {} })),
  );
  return deleted.length;
}

export const financialAccountWriter: RecordKindWriter<'financial-account'> = {
  owns: isAccountLink,

  references: () => [],

  async write(page, accounts) {
    const result: KindWritten = { counts: { created: 0, updated: 0, unchanged: 0 }, failures: [], seen: [] };
    if (accounts.length === 0) return result;
    const { scope, links } = page;
    const stored = await page.financialRecords.find(
      scope,
      links
        .pick(
          accounts.map((account) => account.sourceId),
          isAccountLink,
        )
        .map((link) => link.entityId),
    );
    const updates: FinancialRecordUpdate[] = [];
    const created: { sourceId: string; link: LinkRow | undefined; hash: string; draft: FinancialRecordDraft }[] = [];
    const touched: { link: LinkRow; contentHash: string | null }[] = [];
    let owner: string | null | undefined;
    let holdsAccounts: boolean | undefined;

    for (const account of accounts) {
      const hash = contentHash(account);
      const link = links.get(account.sourceId);
      if (link && !isAccountLink(link)) {
        result.failures.push({
          sourceId: account.sourceId,
          reason: 'CONFLICT',
          message: `Provider id ${account.sourceId} is already linked to a ${link.entityType}, not an account`,
          payload: account,
        });
        continue;
      }
      const row = link ? stored.get(link.entityId) : undefined;
      if (link && row && row.type !== account.recordType) {
        // The type tables are keyed by type, and the record's transactions and cash flows point at
        // it: re-typing is the advisor's decision, so the change is reported instead.
        result.failures.push({
          sourceId: account.sourceId,
          reason: 'TYPE_CHANGED',
          message: `The provider now classifies this ${row.type} as ${account.recordType}; the record was left as it is`,
          payload: account,
        });
        result.seen.push(row.id);
        continue;
      }
      const institution = account.institution?.name?.trim() || null;
      if (link && row) {
        result.seen.push(row.id);
        const advisorDeleted = row.deleted && link.contentHash !== null;
        if (advisorDeleted || (!row.deleted && link.contentHash === hash)) {
          result.counts.unchanged += 1;
          touched.push({ link, contentHash: link.contentHash });
          continue;
        }
        page.changes.push({
          action: 'UPDATE',
          entityType: FINANCIAL_RECORD_ID_TYPE[row.type],
          entityId: row.id,
          // What it was is not read back (the page writes in bulk): the entry says what it is now.
          before: {},
          after: { name: account.name, institution },
        });
        updates.push({
          id: row.id,
          type: row.type,
          name: account.name,
          institution,
          asOfDate: scope.now,
          restore: true,
          columns: syncedAccountColumns(account),
        });
        result.counts.updated += 1;
        touched.push({ link, contentHash: hash });
        continue;
      }

      // An account the bank lists after the connection's first accounts (opened since): the advisor
      // places it like the first ones, so it waits, reported, and the connection asks for it.
      holdsAccounts ??= await connectionHoldsAccounts(page);
      if (!link && holdsAccounts) {
        result.failures.push({
          sourceId: account.sourceId,
          reason: 'NEEDS_PLACEMENT',
          message: `${account.name}${account.mask ? ` ••${account.mask}` : ''} is new at the bank: it syncs once placed (household page, Place accounts)`,
          payload: account,
        });
        await awaitPlacement(page);
        continue;
      }

      // A new account (or one whose record is gone although its link stayed: it is made again).
      const householdId = scope.householdId();
      if (owner === undefined) owner = await defaultOwner(page, householdId);
      created.push({
        sourceId: account.sourceId,
        link,
        hash,
        draft: {
          householdId,
          type: account.recordType,
          connectionType: 'CONNECTION',
          connectionId: scope.connectionId,
          name: account.name,
          institution,
          asOfDate: scope.now,
          owners: owner === null ? [] : [owner],
          columns: syncedAccountColumns(account),
        },
      });
    }

    await page.financialRecords.update(scope, updates);
    const ids = await page.financialRecords.create(
      scope,
      created.map((entry) => entry.draft),
    );
    result.counts.created += ids.length;
    result.seen.push(...ids);
    const entityType = (index: number) => FINANCIAL_RECORD_ID_TYPE[created[index]!.draft.type];
    page.changes.push(
      ...created.map((entry, index) => ({
        action: 'CREATE' as const,
        entityType: entityType(index),
        entityId: ids[index]!,
        after: { name: entry.draft.name, institution: entry.draft.institution },
      })),
    );
    await links.create(
      created.flatMap((entry, index) =>
        entry.link
          ? []
          : [
              {
                sourceId: entry.sourceId,
                entityType: entityType(index),
                entityId: ids[index]!,
                contentHash: entry.hash,
              },
            ],
      ),
    );
    await links.touch([
      ...touched,
      ...created.flatMap((entry, index) =>
        entry.link
          ? [{ link: entry.link, contentHash: entry.hash, entityType: entityType(index), entityId: ids[index]! }]
          : [],
      ),
    ]);
    return result;
  },

  async remove(page, sourceIds) {
    return softDeleteGone(
      page,
      page.links.pick(sourceIds, isAccountLink).map((link) => link.entityId),
    );
  },

  async notSeen(page, kept) {
    return softDeleteGone(
      page,
      await page.financialRecords.liveOfConnection(page.scope, page.scope.connectionId, kept),
    );
  },
};

/** The record behind an account's provider id, and its household. */
export interface AccountRef {
  recordId: string;
  householdId: string;
}

/**
 * The records of these provider account ids (through the page's links), in one query. Transactions
 * and streams belong to their account's record and household; an id without a record is missing.
 */
export async function accountRefs(
  page: SyncPage,
  accountSourceIds: Iterable<string>,
): Promise<Map<string, AccountRef>> {
  const linked = page.links.pick(accountSourceIds, isAccountLink);
  const records = await page.financialRecords.find(
    page.scope,
    linked.map((link) => link.entityId),
  );
  const refs = new Map<string, AccountRef>();
  for (const link of linked) {
    const record = records.get(link.entityId);
    if (record) refs.set(link.sourceId, { recordId: record.id, householdId: record.householdId });
  }
  return refs;
}
