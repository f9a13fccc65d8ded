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

/** LIKE patterns of what matchRank ranks 0 or 1: the term at the start, or at a word's start. */
function wordStartPatterns(term: string): [string, string] {
  return [`${likeLiteral(term)}%`, `% ${likeLiteral(term)}%`];
}

/** How well `expression` matches `term`: 0 equal, 1 a (word) prefix, 2 inside, 3 only similar. */
function matchRank(expression: Prisma.Sql, term: string): Prisma.Sql {
  const [start, wordStart] = wordStartPatterns(term);
  return Prisma.sql`CASE WHEN ${expression} = ${term} THEN 0
    WHEN ${expression} LIKE ${start} OR ${expression} LIKE ${wordStart} THEN 1
    WHEN ${expression} LIKE ${`%${likeLiteral(term)}%`} THEN 2 ELSE 3 END`;
}

/**
 * Which matches a search ranks: `wordStarts`, those whose rank is at most 1 (the whole term, or the
 * start of a word), or `all` of them. Every order puts the former first, so when they alone fill
 * the limit they are the answer, and a short term (thousands contain "an") ranks only those.
 */
type Reach = 'wordStarts' | 'all';

/** The best `limit` matches: those starting a word when they are enough, else the best of all. */
async function bestOf<T>(limit: number, read: (reach: Reach) => Promise<T[]>): Promise<T[]> {
  const best = await read('wordStarts');
  return best.length >= limit ? best : read('all');
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
    return bestOf(limit, (reach) => this.rankedContacts(term, limit, reach));
  }

  households(term: string, limit: number): Promise<HouseholdHit[]> {
    return bestOf(limit, (reach) => this.rankedHouseholds(term, limit, reach));
  }

  persons(term: string, limit: number): Promise<PersonHit[]> {
    return bestOf(limit, (reach) => this.rankedPersons(term, limit, reach));
  }

  /**
   * Financial records by nickname or name (the trigram index of `lower(nickname || ' ' || name)`),
   * by their institution's name, or by a kind whose label the term names (`kinds`, worked out from
   * the domain's labels).
   */
  financialRecords(term: string, kinds: RecordKindsNamed, limit: number): Promise<FinancialRecordHit[]> {
    return bestOf(limit, (reach) => this.rankedFinancialRecords(term, kinds, limit, reach));
  }

  /**
   * Contacts by name (containing the term, or near it), e-mail or phone: one look-up per index. A
   * contact found by e-mail or phone alone ranks as a near miss, so the word starts are found by
   * name alone. The best `limit` contacts are ranked from their own columns first; only they are
   * then joined to their household, phone and e-mail, in the same order.
   */
  private rankedContacts(term: string, limit: number, reach: Reach): Promise<ContactHit[]> {
    const organizationId = currentOrganizationId();
    const pattern = `%${likeLiteral(term)}%`;
    const fullName = Prisma.sql`lower(c.first_name || ' ' || c.last_name)`;
    const byName = (condition: Prisma.Sql) => Prisma.sql`SELECT id FROM contacts
      WHERE organization_id = ${organizationId} AND lower(first_name || ' ' || last_name) ${condition}`;
    const matches =
      reach === 'wordStarts'
        ? wordStartPatterns(term).map((start) => byName(Prisma.sql`LIKE ${start}`))
        : [
            byName(Prisma.sql`LIKE ${pattern}`),
            byName(Prisma.sql`% ${term}`),
            Prisma.sql`SELECT contact_id FROM contact_emails
              WHERE organization_id = ${organizationId} AND lower(email) LIKE ${pattern}`,
          ];
    const digits = term.replace(/\D/g, '');
    if (reach === 'all' && digits.length >= MIN_PHONE_DIGITS) {
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
      FROM (SELECT c.id, c.organization_id, c.household_id, c.first_name, c.last_name, c.preferred_name, c.type,
              ${matchRank(fullName, term)} AS match_rank, similarity(${fullName}, ${term}) AS match_similarity
            FROM contacts c
            WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL ${teamScopeSql('c.team_id')}
              AND c.id IN (${Prisma.join(matches, ' UNION ')})
            ORDER BY match_rank, match_similarity DESC, lower(c.last_name), lower(c.first_name), c.id
            LIMIT ${limit}) c
      LEFT JOIN households h ON h.organization_id = c.organization_id AND h.id = c.household_id AND h.deleted_at IS NULL
      LEFT JOIN LATERAL (SELECT p.country_code, p.number FROM contact_phone_numbers p
        WHERE p.organization_id = c.organization_id AND p.contact_id = c.id
        ORDER BY p.is_primary DESC, p.created_at LIMIT 1) ph ON true
      ORDER BY c.match_rank, c.match_similarity DESC, lower(c.last_name), lower(c.first_name), c.id`;
  }

  /** `expression` (lower-cased text) matches the term as far as `reach` goes: for a WHERE clause. */
  private matching(expression: Prisma.Sql, term: string, reach: Reach): Prisma.Sql {
    if (reach === 'wordStarts') {
      const [start, wordStart] = wordStartPatterns(term);
      return Prisma.sql`(${expression} LIKE ${start} OR ${expression} LIKE ${wordStart})`;
    }
    return Prisma.sql`(${expression} LIKE ${`%${likeLiteral(term)}%`} OR ${expression} % ${term})`;
  }

  /** The best `limit` households first; only they are then read with their members and advisor. */
  private rankedHouseholds(term: string, limit: number, reach: Reach): Promise<HouseholdHit[]> {
    const organizationId = currentOrganizationId();
    const name = Prisma.sql`lower(h.name)`;
    return this.prisma.$queryRaw<HouseholdHit[]>`
      SELECT h.id, h.name, pr.display_name AS advisor,
        ARRAY(SELECT p.first_name || ' ' || p.last_name FROM persons p
          WHERE p.organization_id = h.organization_id AND p.household_id = h.id AND p.deleted_at IS NULL
          ORDER BY lower(p.last_name), lower(p.first_name), p.id) AS "memberNames"
      FROM (SELECT h.id, h.organization_id, h.name, h.primary_advisor_id,
              ${matchRank(name, term)} AS match_rank, similarity(${name}, ${term}) AS match_similarity
            FROM households h
            WHERE h.organization_id = ${organizationId} AND h.deleted_at IS NULL ${teamScopeSql('h.team_id')}
              AND ${this.matching(name, term, reach)}
            ORDER BY match_rank, match_similarity DESC, lower(h.name), h.id
            LIMIT ${limit}) h
      LEFT JOIN professionals pr ON pr.organization_id = h.organization_id AND pr.id = h.primary_advisor_id
      ORDER BY h.match_rank, h.match_similarity DESC, lower(h.name), h.id`;
  }

  private rankedPersons(term: string, limit: number, reach: Reach): Promise<PersonHit[]> {
    const organizationId = currentOrganizationId();
    const fullName = Prisma.sql`lower(p.first_name || ' ' || p.last_name)`;
    return this.prisma.$queryRaw<PersonHit[]>`
      SELECT p.id, p.first_name AS "firstName", p.last_name AS "lastName", p.preferred_name AS "preferredName",
        p.date_of_birth AS "dateOfBirth", h.id AS "householdId", h.name AS "householdName"
      FROM persons p
      LEFT JOIN households h ON h.organization_id = p.organization_id AND h.id = p.household_id AND h.deleted_at IS NULL
      WHERE p.organization_id = ${organizationId} AND p.deleted_at IS NULL ${teamScopeSql('h.team_id')}
        AND ${this.matching(fullName, term, reach)}
      ORDER BY ${matchRank(fullName, term)}, similarity(${fullName}, ${term}) DESC,
        lower(p.last_name), lower(p.first_name), p.id
      LIMIT ${limit}`;
  }

  /**
   * The candidates are the union of look-ups each one an index can serve, each saying whether it is
   * the kind's; a record is then seen through its household: its team, and neither soft-deleted.
   * The best `limit` are ranked from the record, its household and its institution; only they are
   * read with their account's or asset's type. The word starts are the records whose nickname,
   * name or institution starts a word with the term, or of the kind it names.
   */
  private rankedFinancialRecords(
    term: string,
    kinds: RecordKindsNamed,
    limit: number,
    reach: Reach,
  ): Promise<FinancialRecordHit[]> {
    const organizationId = currentOrganizationId();
    const names = (alias: string) =>
      Prisma.sql`lower(coalesce(${Prisma.raw(alias)}.nickname, '') || ' ' || coalesce(${Prisma.raw(alias)}.name, ''))`;
    // Both halves of the names are words of `names`, so it starts a word wherever either does.
    const candidates = [
      Prisma.sql`SELECT r.id, false AS by_kind FROM financial_records r WHERE r.organization_id = ${organizationId}
        AND ${this.matching(names('r'), term, reach)}`,
      Prisma.sql`SELECT r.id, false AS by_kind FROM institutions inst
        JOIN financial_records r ON r.organization_id = inst.organization_id AND r.institution_id = inst.id
        WHERE inst.organization_id = ${organizationId}
          AND ${reach === 'all' ? Prisma.sql`lower(inst.name) LIKE ${`%${likeLiteral(term)}%`}` : this.matching(Prisma.sql`lower(inst.name)`, term, reach)}`,
    ];
    const byKind = (table: string, column: string, values: readonly string[]) => {
      if (values.length > 0) {
        candidates.push(Prisma.sql`SELECT id, true AS by_kind FROM ${Prisma.raw(table)}
          WHERE organization_id = ${organizationId} AND ${Prisma.raw(column)}::text = ANY(${values}::text[])`);
      }
    };
    byKind('financial_records', 'type', kinds.recordTypes);
    byKind('investment_accounts', 'account_type', kinds.investmentAccountTypes);
    byKind('bank_accounts', 'bank_account_type', kinds.bankAccountTypes);
    byKind('real_assets', 'asset_type', kinds.realAssetTypes);
    // A record a kind's look-up found is one whose kind the term names (rank 1), as if its type
    // columns were read and compared: each look-up is of the same table and condition.
    const rank = Prisma.sql`LEAST(${matchRank(Prisma.sql`lower(coalesce(fr.nickname, ''))`, term)},
      ${matchRank(Prisma.sql`lower(coalesce(fr.name, ''))`, term)},
      ${matchRank(Prisma.sql`lower(coalesce(i.name, ''))`, term)},
      CASE WHEN found.by_kind THEN 1 ELSE 3 END)`;
    return this.prisma.$queryRaw<FinancialRecordHit[]>`
      SELECT fr.id, fr.type::text AS type, fr.nickname, fr.name, fr.institution,
        ia.account_type::text AS "investmentAccountType", ba.bank_account_type::text AS "bankAccountType",
        ra.asset_type::text AS "realAssetType", fr.household_id AS "householdId", fr.household_name AS "householdName"
      FROM (SELECT * FROM (SELECT fr.id, fr.organization_id, fr.type, fr.nickname, fr.name, i.name AS institution,
                    h.id AS household_id, h.name AS household_name, lower(h.name) AS household_key,
                    ${rank} AS match_rank, similarity(${names('fr')}, ${term}) AS match_similarity
                  FROM (SELECT id, bool_or(by_kind) AS by_kind
                          FROM (${Prisma.join(candidates, ' UNION ALL ')}) candidate GROUP BY id) found
                  JOIN financial_records fr ON fr.organization_id = ${organizationId} AND fr.id = found.id
                  JOIN households h ON h.organization_id = fr.organization_id AND h.id = fr.household_id
                    AND h.deleted_at IS NULL
                  LEFT JOIN institutions i ON i.organization_id = fr.organization_id AND i.id = fr.institution_id
                  WHERE fr.deleted_at IS NULL ${teamScopeSql('h.team_id')}) ranked
            WHERE ${reach === 'wordStarts' ? Prisma.sql`match_rank <= 1` : Prisma.sql`true`}
            ORDER BY match_rank, match_similarity DESC, household_key, id
            LIMIT ${limit}) fr
      LEFT JOIN investment_accounts ia ON ia.organization_id = fr.organization_id AND ia.id = fr.id
      LEFT JOIN bank_accounts ba ON ba.organization_id = fr.organization_id AND ba.id = fr.id
      LEFT JOIN real_assets ra ON ra.organization_id = fr.organization_id AND ra.id = fr.id
      ORDER BY fr.match_rank, fr.match_similarity DESC, fr.household_key, fr.id`;
  }
}
