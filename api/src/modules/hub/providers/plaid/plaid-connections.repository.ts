import { Inject, Injectable } from '@nestjs/common';
import type { FinancialRecordType } from '@meridian/domain';
import { teamScopeValue } from '../../../../common/tenancy/team-scope-sql.js';
import type { WriteScope } from '../../../../common/tenancy/write-scope.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../../infra/prisma/prisma.service.js';

export interface PlacementConnection {
  id: string;
  householdId: string;
  displayName: string | null;
  placementPending: boolean;
  /** It synced before: accounts placed now are ones the bank opened since. */
  synced: boolean;
  credentialsCiphertext: Uint8Array | null;
  credentialsKeyId: string | null;
}

export interface ManualRecordRow {
  id: string;
  type: FinancialRecordType;
  name: string | null;
  nickname: string | null;
  institution: string | null;
  cardDigits: string | null;
  balance: string | null;
  currency: string | null;
}

export type Tx = Parameters<Parameters<TenantPrismaClient['$transaction']>[0]>[0];

/**
 * The Plaid side of connections, read: found by item id, locked for a placement, with what a
 * placement offers. Their writes are sync's `ConnectionsWriter`.
 */
@Injectable()
export class PlaidConnectionsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  async householdExists(householdId: string): Promise<boolean> {
    return (await this.prisma.household.count({ where: { id: householdId } })) > 0;
  }

  /** The caller's organization's connection of a Plaid item, with its sealed credentials. */
  findByItem(itemId: string, db: Tx | TenantPrismaClient = this.prisma) {
    return db.connection.findFirst({
      where: { service: 'PLAID', externalAccountId: itemId },
      select: {
        id: true,
        credentialsCiphertext: true,
        credentialsKeyId: true,
        syncIntervalMinutes: true,
      },
    });
  }

  // ─── placements: raw SQL names the organization (the tenant client scopes models, not SQL) ───

  /** A Plaid connection of a household, locked for the placement that reads it. */
  async lockForPlacement(scope: WriteScope, connectionId: string): Promise<PlacementConnection | undefined> {
    const [row] = await scope.sql.query<PlacementConnection>(
      `SELECT id, owner_household_id AS "householdId", display_name AS "displayName",
              placement_pending_since IS NOT NULL AS "placementPending",
              (sync_cursor IS NOT NULL OR last_synced_at IS NOT NULL) AS synced,
              credentials_ciphertext AS "credentialsCiphertext", credentials_key_id AS "credentialsKeyId"
         FROM connections
        WHERE organization_id = $1 AND id = $2 AND service = 'PLAID' AND owner_household_id IS NOT NULL
          -- The team scope (docs/PERMISSIONS.md): a caller limited to their teams places only the
          -- connections of their teams' households.
          AND ($3::text[] IS NULL OR owner_household_id IN (
                SELECT h.id FROM households h WHERE h.organization_id = $1 AND h.team_id = ANY($3::text[])))
        FOR UPDATE`,
      scope.organizationId,
      connectionId,
      teamScopeValue(),
    );
    return row;
  }

  /** The household's live persons, who may own a placed account. */
  persons(scope: WriteScope, householdId: string): Promise<{ id: string; name: string }[]> {
    return scope.sql.query(
      `SELECT id, COALESCE(NULLIF(display_name, ''), first_name || ' ' || last_name) AS name
         FROM persons WHERE organization_id = $1 AND household_id = $2 AND deleted_at IS NULL
        ORDER BY created_at, id`,
      scope.organizationId,
      householdId,
    );
  }

  /**
   * The household's live manual records of these types, with what a match compares: institution,
   * a card's last four digits, name and nickname (digits at their end), balance or market value.
   */
  manualRecords(scope: WriteScope, householdId: string, types: readonly string[]): Promise<ManualRecordRow[]> {
    return scope.sql.query(
      `SELECT fr.id, fr.type::text AS type, fr.name, fr.nickname, i.name AS institution,
              cc.last_four_digits AS "cardDigits",
              COALESCE(ba.balance, cc.balance, loc.balance, lo.balance, mo.balance, ia.market_value)::text AS balance,
              COALESCE(ba.balance_currency, cc.balance_currency, loc.balance_currency, lo.balance_currency,
                       mo.balance_currency, ia.market_value_currency)::text AS currency
         FROM financial_records fr
         LEFT JOIN institutions i ON i.organization_id = fr.organization_id AND i.id = fr.institution_id
         LEFT JOIN bank_accounts ba ON ba.organization_id = fr.organization_id AND ba.id = fr.id
         LEFT JOIN credit_cards cc ON cc.organization_id = fr.organization_id AND cc.id = fr.id
         LEFT JOIN lines_of_credit loc ON loc.organization_id = fr.organization_id AND loc.id = fr.id
         LEFT JOIN loans lo ON lo.organization_id = fr.organization_id AND lo.id = fr.id
         LEFT JOIN mortgages mo ON mo.organization_id = fr.organization_id AND mo.id = fr.id
         LEFT JOIN investment_accounts ia ON ia.organization_id = fr.organization_id AND ia.id = fr.id
        WHERE fr.organization_id = $1 AND fr.household_id = $2 AND fr.connection_type = 'MANUAL'
          AND fr.deleted_at IS NULL AND fr.type::text = ANY($3::text[])
        ORDER BY fr.created_at, fr.id`,
      scope.organizationId,
      householdId,
      [...types],
    );
  }

  // ─── webhooks: no caller, so across organizations (Plaid item ids are unique at Plaid) ───────

  findByItemForWebhook(itemId: string) {
    return this.system.connection.findFirst({
      where: { service: 'PLAID', externalAccountId: itemId },
      select: {
        id: true,
        organizationId: true,
        needsReauthSince: true,
        placementPendingSince: true,
        syncCursor: true,
      },
    });
  }
}
