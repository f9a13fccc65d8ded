import { Inject, Injectable } from '@nestjs/common';
import type { BankAccountType, InvestmentAccountType, RealAssetType, RecordKindsNamed } from '@meridian/domain';
import { Prisma, type FinancialRecordType } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeSql } from '../../../common/tenancy/team-scope-sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

/** Fewer digits than this in a search are not looked up among phone numbers. */
const MIN_PHONE_DIGITS = 3;

/** `text` for a LIKE pattern that matches it literally (backslash is PostgreSQL's LIKE escape). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** How well `expression` matches `term`: 0 equal, 1 a (word) prefix, 2 inside, 3 only similar. */
function matchRank(expression: Prisma.Sql, term: string): Prisma.Sql {
  return Prisma.sql`CASE WHEN ${expression} = ${term} THEN 0
    WHEN ${expression} LIKE ${`${likeLiteral(term)}%`} OR ${expression} LIKE ${`% ${likeLiteral(term)}%`} THEN 1
    WHEN ${expression} LIKE ${`%${likeLiteral(term)}%`} THEN 2 ELSE 3 END`;
}

/**
 * The ORDER BY keys of how well `expression` (lower-cased) matches the search `term`: the whole of
 * it, then its start or a word's start, then anywhere, then a near miss (trigram similarity,
 * typos), best first.
 */
function rank(expression: Prisma.Sql, term: string): Prisma.Sql {
  return Prisma.sql`${matchRank(expression, term)}, similarity(${expression}, ${term}) DESC`;
}

export interface ContactHit {
  id: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  type: string;
  email: string | null;
  phoneCountryCode: string | null;
  phone: string | null;
  householdId: string | null;
  householdName: string | null;
}
export interface HouseholdHit {
  id: string;
  name: string;
  advisor: string | null;
  memberNames: string[];
}
export interface PersonHit {
  id: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  dateOfBirth: Date | null;
  householdId: string | null;
  householdName: string | null;
}

export interface FinancialRecordHit {
  id: string;
  type: FinancialRecordType;
  nickname: string | null;
  name: string | null;
  institution: string | null;
  investmentAccountType: InvestmentAccountType | null;
  bankAccountType: BankAccountType | null;
  realAssetType: RealAssetType | null;
  householdId: string;
  householdName: string;
}

/**
 * The global search's statements. Each matches with the expressions of the trigram GIN indexes of
 * the invariants migration (lower(first_name || ' ' || last_name), lower(name), lower(email),
 * number): LIKE '%term%' for what contains the term, `%` (trigram similarity) for near misses.
 * Raw SQL is not scoped by the tenant client: each statement names the organization, and leaves
 * soft-deleted rows out.
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  contacts(term: string, limit: number): Promise<ContactHit[]> {
    const organizationId = currentOrganizationId();
    const pattern = `%${likeLiteral(term)}%`;
    const fullName = Prisma.sql`lower(c.first_name || ' ' || c.last_name)`;
    const matches = [
      Prisma.sql`SELECT id FROM contacts WHERE organization_id = ${organizationId}
        AND (lower(first_name || ' ' || last_name) LIKE ${pattern} OR lower(first_name || ' ' || last_name) % ${term})`,
      Prisma.sql`SELECT contact_id FROM contact_emails WHERE organization_id = ${organizationId} AND lower(email) LIKE ${pattern}`,
    ];
    const digits = term.replace(/\D/g, '');
    if (digits.length >= MIN_PHONE_DIGITS) {
      matches.push(Prisma.sql`SELECT contact_id FROM contact_phone_numbers
        WHERE organization_id = ${organizationId} AND number LIKE ${`%${digits}%`}`);
    }
    const email = Prisma.sql`(SELECT e.email FROM contact_emails e
      WHERE e.organization_id = c.organization_id AND e.contact_id = c.id
      ORDER BY e.is_primary DESC, lower(e.email) LIKE ${pattern} DESC, e.created_at LIMIT 1)`;
    return this.prisma.$queryRaw<ContactHit[]>`
      SELECT c.id, c.first_name AS "firstName", c.last_name AS "lastName", c.preferred_name AS "preferredName",
        c.type::text AS type, ${email} AS email,
        ph.country_code AS "phoneCountryCode", ph.number AS phone,
        h.id AS "householdId", h.name AS "householdName"
      FROM contacts c
      LEFT JOIN households h ON h.organization_id = c.organization_id AND h.id = c.household_id AND h.deleted_at IS NULL
      LEFT JOIN LATERAL (SELECT p.country_code, p.number FROM contact_phone_numbers p
        WHERE p.organization_id = c.organization_id AND p.contact_id = c.id
        ORDER BY p.is_primary DESC, p.created_at LIMIT 1) ph ON true
      WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL ${teamScopeSql('c.team_id')}
        AND c.id IN (${Prisma.join(matches, ' UNION ')})
      ORDER BY ${rank(fullName, term)}, lower(c.last_name), lower(c.first_name), c.id
      LIMIT ${limit}`;
  }

  households(term: string, limit: number): Promise<HouseholdHit[]> {
    const organizationId = currentOrganizationId();
    const pattern = `%${likeLiteral(term)}%`;
    return this.prisma.$queryRaw<HouseholdHit[]>`
      SELECT h.id, h.name, pr.display_name AS advisor,
        ARRAY(SELECT p.first_name || ' ' || p.last_name FROM persons p
          WHERE p.organization_id = h.organization_id AND p.household_id = h.id AND p.deleted_at IS NULL
          ORDER BY lower(p.last_name), lower(p.first_name), p.id) AS "memberNames"
      FROM households h
      LEFT JOIN professionals pr ON pr.organization_id = h.organization_id AND pr.id = h.primary_advisor_id
      WHERE h.organization_id = ${organizationId} AND h.deleted_at IS NULL ${teamScopeSql('h.team_id')}
        AND (lower(h.name) LIKE ${pattern} OR lower(h.name) % ${term})
      ORDER BY ${rank(Prisma.sql`lower(h.name)`, term)}, lower(h.name), h.id
      LIMIT ${limit}`;
  }

  persons(term: string, limit: number): Promise<PersonHit[]> {
    const organizationId = currentOrganizationId();
    const pattern = `%${likeLiteral(term)}%`;
    const fullName = Prisma.sql`lower(p.first_name || ' ' || p.last_name)`;
    return this.prisma.$queryRaw<PersonHit[]>`
      SELECT p.id, p.first_name AS "firstName", p.last_name AS "lastName", p.preferred_name AS "preferredName",
        p.date_of_birth AS "dateOfBirth", h.id AS "householdId", h.name AS "householdName"
      FROM persons p
      LEFT JOIN households h ON h.organization_id = p.organization_id AND h.id = p.household_id AND h.deleted_at IS NULL
      WHERE p.organization_id = ${organizationId} AND p.deleted_at IS NULL ${teamScopeSql('h.team_id')}
        AND (${fullName} LIKE ${pattern} OR ${fullName} % ${term})
      ORDER BY ${rank(fullName, term)}, lower(p.last_name), lower(p.first_name), p.id
      LIMIT ${limit}`;
  }

  /**
   * Financial records by nickname or name (the trigram index of `lower(nickname || ' ' || name)`),
   * by their institution's name, or by a kind whose label the term names (`kinds`, worked out from
   * the domain's labels). The candidates are the union of those look-ups, each one an index can
   * serve; a record is then seen through its household: its team, and neither soft-deleted.
   */
  financialRecords(term: string, kinds: RecordKindsNamed, limit: number): Promise<FinancialRecordHit[]> {
    const organizationId = currentOrganizationId();
    const pattern = `%${likeLiteral(term)}%`;
    const names = (alias: string) =>
      Prisma.sql`lower(coalesce(${Prisma.raw(alias)}.nickname, '') || ' ' || coalesce(${Prisma.raw(alias)}.name, ''))`;
    const candidates = [
      Prisma.sql`SELECT r.id FROM financial_records r WHERE r.organization_id = ${organizationId}
        AND (${names('r')} LIKE ${pattern} OR ${names('r')} % ${term})`,
      Prisma.sql`SELECT r.id FROM institutions inst
        JOIN financial_records r ON r.organization_id = inst.organization_id AND r.institution_id = inst.id
        WHERE inst.organization_id = ${organizationId} AND lower(inst.name) LIKE ${pattern}`,
    ];
    const byKind = (table: string, column: string, values: readonly string[]) => {
      if (values.length > 0) {
        candidates.push(Prisma.sql`SELECT id FROM ${Prisma.raw(table)} WHERE organization_id = ${organizationId}
          AND ${Prisma.raw(column)}::text = ANY(${values}::text[])`);
      }
    };
    byKind('financial_records', 'type', kinds.recordTypes);
    byKind('investment_accounts', 'account_type', kinds.investmentAccountTypes);
    byKind('bank_accounts', 'bank_account_type', kinds.bankAccountTypes);
    byKind('real_assets', 'asset_type', kinds.realAssetTypes);
    const kindOf = (column: string, values: readonly string[]) =>
      values.length > 0 ? Prisma.sql`${Prisma.raw(column)}::text = ANY(${values}::text[])` : Prisma.sql`false`;
    const kindMatch = Prisma.join(
      [
        kindOf('fr.type', kinds.recordTypes),
        kindOf('ia.account_type', kinds.investmentAccountTypes),
        kindOf('ba.bank_account_type', kinds.bankAccountTypes),
        kindOf('ra.asset_type', kinds.realAssetTypes),
      ],
      ' OR ',
    );
    return this.prisma.$queryRaw<FinancialRecordHit[]>`
      SELECT fr.id, fr.type::text AS type, fr.nickname, fr.name, i.name AS institution,
        ia.account_type::text AS "investmentAccountType", ba.bank_account_type::text AS "bankAccountType",
        ra.asset_type::text AS "realAssetType", h.id AS "householdId", h.name AS "householdName"
      FROM financial_records fr
      JOIN households h ON h.organization_id = fr.organization_id AND h.id = fr.household_id AND h.deleted_at IS NULL
      LEFT JOIN institutions i ON i.organization_id = fr.organization_id AND i.id = fr.institution_id
      LEFT JOIN investment_accounts ia ON ia.organization_id = fr.organization_id AND ia.id = fr.id
      LEFT JOIN bank_accounts ba ON ba.organization_id = fr.organization_id AND ba.id = fr.id
      LEFT JOIN real_assets ra ON ra.organization_id = fr.organization_id AND ra.id = fr.id
      WHERE fr.organization_id = ${organizationId} AND fr.deleted_at IS NULL ${teamScopeSql('h.team_id')}
        AND fr.id IN (${Prisma.join(candidates, ' UNION ')})
      ORDER BY LEAST(${matchRank(Prisma.sql`lower(coalesce(fr.nickname, ''))`, term)},
          ${matchRank(Prisma.sql`lower(coalesce(fr.name, ''))`, term)},
          ${matchRank(Prisma.sql`lower(coalesce(i.name, ''))`, term)},
          CASE WHEN ${kindMatch} THEN 1 ELSE 3 END),
        similarity(${names('fr')}, ${term}) DESC, lower(h.name), fr.id
      LIMIT ${limit}`;
  }
}
