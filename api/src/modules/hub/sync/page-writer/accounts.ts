/**
 * Financial accounts -> financial records (connection type CONNECTION) and their type rows.
 *
 * A page holds a handful of accounts, so they are written record by record; transactions and
 * streams, which come by the hundred, are written set-based (transactions.ts, streams.ts).
 *
 * What the sync owns and what the advisor owns:
 * - the sync writes `name` (the provider's), the institution and the type row (balances, limits,
 *   the account's type); it never writes `nickname`, the advisor's name (PATCH .../rename);
 * - owners are chosen once, when the record is created (see `defaultOwner`); the advisor changes
 *   them afterwards and the sync leaves them alone;
 * - an account the provider stops listing is soft-deleted and its link's hash cleared, so that it
 *   comes back if the provider lists it again; one the advisor soft-deleted (its link keeps a hash)
 *   stays deleted.
 */
import {
  FINANCIAL_RECORD_ID_TYPE,
  investmentAccountAttributes,
  newId,
  EntityType,
  type FinancialRecordType,
} from '@meridian/domain';
import type { MoneyValue, NormalizedFinancialAccount } from '@meridian/connectors';
import type { SyncCounts } from '@meridian/domain';
import { contentHash } from './content-hash.js';
import { createLinks, touchLinks, type LinkRow, type NewLink } from './external-links.js';
import { lastBySourceId, zeroCounts, type WriteContext, type WriteFailure } from './write-context.js';

const FINANCIAL_RECORD_ENTITY_TYPES = new Set<string>(Object.values(FINANCIAL_RECORD_ID_TYPE));

/** Whether a link points at a financial record (of any type). */
export function isAccountLink(link: LinkRow): boolean {
  return FINANCIAL_RECORD_ENTITY_TYPES.has(link.entityType);
}

export interface AccountsResult {
  counts: SyncCounts;
  failures: WriteFailure[];
  /** Links created for new accounts: transactions of the same page resolve their account through them. */
  created: LinkRow[];
  /** The records this page listed (for a `complete` snapshot: every other one of the connection is gone). */
  seenRecordIds: string[];
}

function money(column: string, value: MoneyValue | null): Record<string, string | null> {
  return { [column]: value?.value ?? null, [`${column}Currency`]: value?.currency ?? null };
}

/** The type row's columns for what the provider says about the account. */
function typeColumns(account: NormalizedFinancialAccount): Record<string, unknown> {
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

/** Creates or updates the type row of a record: one delegate per type table. */
async function writeTypeRow(
  ctx: WriteContext,
  type: FinancialRecordType,
  id: string,
  columns: Record<string, unknown>,
  mode: 'create' | 'update',
): Promise<void> {
  const { tx, organizationId } = ctx;
  const data = columns as never;
  const create = { data: { id, organizationId, ...columns } as never };
  const update = { where: { id }, data };
  switch (type) {
    case 'BANK_ACCOUNT':
      await (mode === 'create' ? tx.bankAccount.create(create) : tx.bankAccount.update(update));
      return;
    case 'CREDIT_CARD':
      await (mode === 'create' ? tx.creditCard.create(create) : tx.creditCard.update(update));
      return;
    case 'LINE_OF_CREDIT':
      await (mode === 'create' ? tx.lineOfCredit.create(create) : tx.lineOfCredit.update(update));
      return;
    case 'LOAN':
      await (mode === 'create' ? tx.loan.create(create) : tx.loan.update(update));
      return;
    case 'MORTGAGE':
      await (mode === 'create' ? tx.mortgage.create(create) : tx.mortgage.update(update));
      return;
    case 'INVESTMENT_ACCOUNT':
      await (mode === 'create' ? tx.investmentAccount.create(create) : tx.investmentAccount.update(update));
      return;
    default:
      throw new Error(`A sync does not write ${type} records`);
  }
}

/**
 * The owner a synced account starts with. The provider does not say who owns an account (Plaid
 * only with its Identity product, which we do not use), and a record without owners drops out of
 * per-person views; so it starts with the household's first person (earliest added), as sole
 * owner. Sole, because many investment account types may not be joint. No person: no owner.
 */
async function defaultOwner(ctx: WriteContext, householdId: string): Promise<string | null> {
  const person = await ctx.tx.person.findFirst({
    where: { organizationId: ctx.organizationId, householdId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  return person?.id ?? null;
}

/** Upserts the institution by name (names are unique per organization). */
async function institutionId(ctx: WriteContext, account: NormalizedFinancialAccount, cache: Map<string, string>) {
  const name = account.institution?.name?.trim();
  if (!name) return null;
  const known = cache.get(name);
  if (known) return known;
  const row = await ctx.tx.institution.upsert({
    where: { organizationId_name: { organizationId: ctx.organizationId, name } },
    create: { id: newId(EntityType.institution), organizationId: ctx.organizationId, name, updatedAt: ctx.now },
    update: {},
    select: { id: true },
  });
  cache.set(name, row.id);
  return row.id;
}

export async function writeAccounts(
  ctx: WriteContext,
  accounts: readonly NormalizedFinancialAccount[],
  links: ReadonlyMap<string, LinkRow>,
  householdId: () => string,
): Promise<AccountsResult> {
  const result: AccountsResult = { counts: zeroCounts(), failures: [], created: [], seenRecordIds: [] };
  if (accounts.length === 0) return result;
  const records = lastBySourceId(accounts);
  const linkedIds = records.map((record) => links.get(record.sourceId)?.entityId).filter((id) => id !== undefined);
  const existing = new Map(
    (
      await ctx.tx.financialRecord.findMany({
        where: { organizationId: ctx.organizationId, id: { in: linkedIds } },
        select: { id: true, type: true, deletedAt: true },
      })
    ).map((row) => [row.id, row]),
  );
  const institutions = new Map<string, string>();
  const newLinks: NewLink[] = [];
  const touched: { id: string; contentHash: string | null }[] = [];
  let owner: string | null | undefined;

  for (const account of records) {
    const hash = contentHash(account);
    const link = links.get(account.sourceId);
    const entityType = FINANCIAL_RECORD_ID_TYPE[account.recordType];
    if (link && !isAccountLink(link)) {
      result.failures.push({
        sourceId: account.sourceId,
        reason: 'CONFLICT',
        message: `Provider id ${account.sourceId} is already linked to a ${link.entityType}, not an account`,
        payload: account,
      });
      continue;
    }
    const row = link ? existing.get(link.entityId) : undefined;
    if (link && row && row.type !== account.recordType) {
      // The type tables are keyed by type, and the record's transactions and cash flows point at
      // it: re-typing is the advisor's decision, so the change is reported instead.
      result.failures.push({
        sourceId: account.sourceId,
        reason: 'TYPE_CHANGED',
        message: `The provider now classifies this ${row.type} as ${account.recordType}; the record was left as it is`,
        payload: account,
      });
      result.seenRecordIds.push(row.id);
      continue;
    }
    const columns = typeColumns(account);
    if (link && row) {
      result.seenRecordIds.push(row.id);
      const advisorDeleted = row.deletedAt !== null && link.contentHash !== null;
      if (advisorDeleted || (row.deletedAt === null && link.contentHash === hash)) {
        result.counts.unchanged += 1;
        touched.push({ id: link.id, contentHash: link.contentHash });
        continue;
      }
      await ctx.tx.financialRecord.update({
        where: { id: row.id },
        data: {
          name: account.name,
          institutionId: await institutionId(ctx, account, institutions),
          asOfDate: ctx.now,
          deletedAt: null,
          updatedAt: ctx.now,
        },
      });
      await writeTypeRow(ctx, account.recordType, row.id, columns, 'update');
      result.counts.updated += 1;
      touched.push({ id: link.id, contentHash: hash });
      continue;
    }

    // A new account (or one whose record is gone although its link stayed: it is made again).
    const id = newId(entityType);
    const household = householdId();
    await ctx.tx.financialRecord.create({
      data: {
        id,
        organizationId: ctx.organizationId,
        householdId: household,
        type: account.recordType,
        name: account.name,
        connectionType: 'CONNECTION',
        connectionId: ctx.connectionId,
        institutionId: await institutionId(ctx, account, institutions),
        asOfDate: ctx.now,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      },
    });
    await writeTypeRow(ctx, account.recordType, id, columns, 'create');
    if (owner === undefined) owner = await defaultOwner(ctx, household);
    if (owner !== null) {
      await ctx.tx.financialRecordOwner.create({
        data: {
          id: newId(EntityType.accountOwner),
          organizationId: ctx.organizationId,
          financialRecordId: id,
          recordType: account.recordType,
          ownerKind: 'Person',
          personId: owner,
        },
      });
    }
    result.counts.created += 1;
    result.seenRecordIds.push(id);
    if (link) {
      await ctx.tx.externalLink.update({
        where: { id: link.id },
        data: { entityType, entityId: id, contentHash: hash, lastSeenAt: ctx.now, updatedAt: ctx.now },
      });
      result.created.push({ ...link, entityType, entityId: id, contentHash: hash });
    } else {
      newLinks.push({ sourceId: account.sourceId, entityType, entityId: id, contentHash: hash });
    }
  }
  result.created.push(...(await createLinks(ctx, newLinks)));
  await touchLinks(ctx, touched);
  return result;
}

/**
 * Soft-deletes accounts the provider removed (by link) or, for a complete snapshot, every
 * not-deleted record of the connection that the page did not list. Their links' hashes are
 * cleared: "gone at the provider", so a later listing restores the record.
 */
export async function softDeleteAccounts(
  ctx: WriteContext,
  recordIds: readonly string[],
): Promise<Pick<SyncCounts, 'deleted'>> {
  if (recordIds.length === 0) return { deleted: 0 };
  const { count } = await ctx.tx.financialRecord.updateMany({
    where: { organizationId: ctx.organizationId, id: { in: [...recordIds] }, deletedAt: null },
    data: { deletedAt: ctx.now, updatedAt: ctx.now },
  });
  await ctx.tx.externalLink.updateMany({
    where: { organizationId: ctx.organizationId, service: ctx.service, entityId: { in: [...recordIds] } },
    data: { contentHash: null, updatedAt: ctx.now },
  });
  return { deleted: count };
}

/** The connection's live records that are not among `seen`: gone when the page is a complete snapshot. */
export async function accountsNotSeen(ctx: WriteContext, seen: readonly string[]): Promise<string[]> {
  const rows = await ctx.tx.financialRecord.findMany({
    where: {
      organizationId: ctx.organizationId,
      connectionId: ctx.connectionId,
      deletedAt: null,
      id: { notIn: [...seen] },
    },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** The record behind an account's provider id, and its household. */
export interface AccountRef {
  recordId: string;
  householdId: string;
}

/**
 * The records of these provider account ids (through their links), in one query. Transactions and
 * streams belong to their account's record and household; an id without a record is missing.
 */
export async function accountRefs(
  ctx: WriteContext,
  links: ReadonlyMap<string, LinkRow>,
  accountSourceIds: Iterable<string>,
): Promise<Map<string, AccountRef>> {
  const recordIdBySource = new Map<string, string>();
  for (const sourceId of accountSourceIds) {
    const link = links.get(sourceId);
    if (link && isAccountLink(link)) recordIdBySource.set(sourceId, link.entityId);
  }
  if (recordIdBySource.size === 0) return new Map();
  const rows = await ctx.tx.financialRecord.findMany({
    where: { organizationId: ctx.organizationId, id: { in: [...new Set(recordIdBySource.values())] } },
    select: { id: true, householdId: true },
  });
  const households = new Map(rows.map((row) => [row.id, row.householdId]));
  const refs = new Map<string, AccountRef>();
  for (const [sourceId, recordId] of recordIdBySource) {
    const householdId = households.get(recordId);
    if (householdId !== undefined) refs.set(sourceId, { recordId, householdId });
  }
  return refs;
}
