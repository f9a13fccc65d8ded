import { Injectable } from '@nestjs/common';
import { EntityType, newId, type FamilyMemberRole, type Gender } from '@meridian/domain';
import { deleteRows, insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** A household to create. */
export interface HouseholdDraft {
  teamId: string;
  name: string;
  salutation?: string | null;
  primaryAdvisorId?: string | null;
  lastKycUpdatedAt?: Date | null;
}
export type HouseholdColumns = Partial<HouseholdDraft>;

/** A person to create: names as the CRM keeps them (crm §3), in a household or none. */
export interface PersonDraft {
  householdId?: string | null;
  firstName: string;
  lastName: string;
  middleName?: string | null;
  preferredName?: string | null;
  shortName?: string | null;
  gender?: Gender | null;
  dateOfBirth?: Date | null;
  email?: string | null;
}
export type PersonColumns = Partial<PersonDraft>;

/** A person's place: its household (none: null) and its role in that household's family. */
export interface Placement {
  personId: string;
  householdId: string | null;
  /** Null keeps the role the person has (MEMBER for a newcomer): a file without roles never demotes a head. */
  role: FamilyMemberRole | null;
}

const HOUSEHOLD_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  name: 'text',
  salutation: 'text',
  primary_advisor_id: 'text',
  last_kyc_updated_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const PERSON_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  household_id: 'text',
  first_name: 'text',
  last_name: 'text',
  middle_name: 'text',
  preferred_name: 'text',
  short_name: 'text',
  gender: 'gender',
  date_of_birth: 'date',
  email: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const HOUSEHOLD_COLUMN: Record<keyof HouseholdDraft, string> = {
  teamId: 'team_id',
  name: 'name',
  salutation: 'salutation',
  primaryAdvisorId: 'primary_advisor_id',
  lastKycUpdatedAt: 'last_kyc_updated_at',
};

const PERSON_COLUMN: Record<keyof PersonDraft, string> = {
  householdId: 'household_id',
  firstName: 'first_name',
  lastName: 'last_name',
  middleName: 'middle_name',
  preferredName: 'preferred_name',
  shortName: 'short_name',
  gender: 'gender',
  dateOfBirth: 'date_of_birth',
  email: 'email',
};

/** The given fields as columns (a field absent is not written; one present as undefined writes null). */
function columnsOf<T extends object>(fields: T, names: Record<keyof T, string>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const key of Object.keys(fields) as (keyof T)[]) {
    const column = names[key];
    if (column) columns[column] = fields[key] ?? null;
  }
  return columns;
}

/** What still uses a household apart from its families (which go with it once they have no members). */
const HOUSEHOLD_USES = [
  'persons',
  'contacts',
  'corporations',
  'trusts',
  'foundations',
  'prospects',
  'opportunities',
  'invitations',
  'financialRecords',
  'cashFlowSources',
  'recurringStreams',
  'transactions',
  'plans',
  'timelines',
  'workflows',
  'meetings',
  'tasks',
  'ownedTasks',
  'ownedNotes',
  'ownedDocuments',
  'connections',
  'customFieldValues',
] as const;

/** What still uses a person apart from its family memberships. */
const PERSON_USES = [
  'contacts',
  'groupMemberships',
  'invitations',
  'financialRecordOwners',
  'liabilityParties',
  'insurancePolicies',
  'cashFlowParties',
  'proposalRecipients',
  'ownedTasks',
  'assignedTasks',
  'ownedNotes',
  'ownedDocuments',
  'workflowParticipations',
  'planFlowParticipations',
  'planPeople',
  'planAccountOwnerships',
  'planAssetOwnerships',
  'timelines',
] as const;

/**
 * The one writer of households, persons and their families (foundations §3): the API writes a
 * batch of one through it, imports a chunk, each in one statement per table.
 */
@Injectable()
export class HouseholdsWriter {
  async createHouseholds(scope: WriteScope, drafts: readonly HouseholdDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.household));
    await insertRows(
      scope.sql,
      'households',
      HOUSEHOLD_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
        organization_id: scope.organizationId,
        team_id: draft.teamId,
        name: draft.name,
        salutation: draft.salutation ?? null,
        primary_advisor_id: draft.primaryAdvisorId ?? null,
        last_kyc_updated_at: draft.lastKycUpdatedAt ?? null,
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    return ids;
  }

  async updateHouseholds(scope: WriteScope, updates: readonly { id: string; fields: HouseholdColumns }[]) {
    await updateRows(
      scope.sql,
      'households',
      scope.organizationId,
      HOUSEHOLD_TYPES,
      updates.map(({ id, fields }) => ({
        id,
        set: { ...columnsOf(fields, HOUSEHOLD_COLUMN), updated_at: scope.now },
      })),
    );
  }

  /**
   * The households of these names (case aside), the oldest of each name, by lower-cased name. A
   * deleted household is not matched: an import names only live ones.
   */
  async householdsNamed(scope: WriteScope, names: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
    if (wanted.length === 0) return new Map();
    const rows = await scope.sql.query<{ id: string; key: string }>(
      `SELECT DISTINCT ON (lower(name) COLLATE "C") id, lower(name) AS key FROM households
        WHERE organization_id = $1 AND lower(name) COLLATE "C" = ANY($2::text[]) AND deleted_at IS NULL
        ORDER BY lower(name) COLLATE "C", created_at, id`,
      scope.organizationId,
      wanted,
    );
    return new Map(rows.map((row) => [row.key, row.id]));
  }

  /** Which of these households exist and are not deleted. */
  async existingHouseholds(scope: WriteScope, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await scope.sql.query<{ id: string }>(
      `SELECT id FROM households WHERE organization_id = $1 AND id = ANY($2::text[]) AND deleted_at IS NULL`,
      scope.organizationId,
      [...new Set(ids)],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** What uses each of these households (relation names), apart from families that have no member left. */
  async householdsInUse(scope: WriteScope, ids: readonly string[]): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    const select = Object.fromEntries(HOUSEHOLD_USES.map((relation) => [relation, true])) as Record<
      (typeof HOUSEHOLD_USES)[number],
      true
    >;
    const rows = await scope.tx.household.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: { id: true, _count: { select: { ...select, families: { where: { members: { some: {} } } } } } },
    });
    return new Map(rows.map((row) => [row.id, usesOf(row._count)]));
  }

  /** Deletes households (their families and what cascades with them). */
  async removeHouseholds(scope: WriteScope, ids: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, 'households', scope.organizationId, ids);
  }

  async createPersons(scope: WriteScope, drafts: readonly PersonDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.person));
    await insertRows(
      scope.sql,
      'persons',
      PERSON_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
        organization_id: scope.organizationId,
        household_id: draft.householdId ?? null,
        first_name: draft.firstName,
        last_name: draft.lastName,
        middle_name: draft.middleName ?? null,
        preferred_name: draft.preferredName ?? null,
        short_name: draft.shortName ?? null,
        gender: draft.gender ?? null,
        date_of_birth: draft.dateOfBirth ?? null,
        email: draft.email ?? null,
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    return ids;
  }

  async updatePersons(scope: WriteScope, updates: readonly { id: string; fields: PersonColumns }[]): Promise<void> {
    await updateRows(
      scope.sql,
      'persons',
      scope.organizationId,
      PERSON_TYPES,
      updates.map(({ id, fields }) => ({ id, set: { ...columnsOf(fields, PERSON_COLUMN), updated_at: scope.now } })),
    );
  }

  /**
   * Puts persons in households the way the CRM keeps them: the person's household, and a
   * membership in the household's family (its oldest, or a new one named after the household).
   * Memberships in other households' families go; a role not given keeps the one the person has.
   */
  async placePersons(scope: WriteScope, placements: readonly Placement[]): Promise<void> {
    if (placements.length === 0) return;
    const rows = JSON.stringify(
      placements.map((placement) => ({
        person_id: placement.personId,
        household_id: placement.householdId,
        role: placement.role,
      })),
    );
    const { organizationId, now } = scope;
    await scope.sql.execute(
      `UPDATE persons AS person SET household_id = placed.household_id, updated_at = $2
         FROM jsonb_to_recordset($3::jsonb) AS placed(person_id text, household_id text)
        WHERE person.organization_id = $1 AND person.id = placed.person_id
          AND person.household_id IS DISTINCT FROM placed.household_id`,
      organizationId,
      now,
      rows,
    );
    await scope.sql.execute(
      `DELETE FROM family_members AS member
        USING jsonb_to_recordset($2::jsonb) AS placed(person_id text, household_id text), families AS family
        WHERE member.organization_id = $1 AND member.person_id = placed.person_id
          AND family.organization_id = $1 AND family.id = member.family_id
          AND family.household_id IS DISTINCT FROM placed.household_id`,
      organizationId,
      rows,
    );
    const households = [...new Set(placements.flatMap((placement) => placement.householdId ?? []))];
    if (households.length === 0) return;
    // Every household placed into gets a family when it has none: named after it, as the CRM names them.
    await scope.sql.execute(
      `INSERT INTO families (id, organization_id, household_id, name, created_at, updated_at)
       SELECT made.id, $1, household.id, household.name, $2, $2
         FROM jsonb_to_recordset($3::jsonb) AS made(id text, household_id text)
         JOIN households AS household ON household.organization_id = $1 AND household.id = made.household_id
        WHERE NOT EXISTS (SELECT 1 FROM families AS family
                           WHERE family.organization_id = $1 AND family.household_id = made.household_id)`,
      organizationId,
      now,
      JSON.stringify(households.map((householdId) => ({ id: newId(EntityType.family), household_id: householdId }))),
    );
    // The oldest family of each person's household: where the membership is kept.
    const placedIn = `
      SELECT DISTINCT ON (placed.person_id) placed.person_id, placed.role, oldest.id AS family_id
        FROM jsonb_to_recordset($2::jsonb) AS placed(person_id text, household_id text, role family_member_role)
        CROSS JOIN LATERAL (
          SELECT family.id FROM families AS family
           WHERE family.organization_id = $1 AND family.household_id = placed.household_id
           ORDER BY family.created_at, family.id LIMIT 1) AS oldest
       WHERE placed.household_id IS NOT NULL`;
    await scope.sql.execute(
      `UPDATE family_members AS member SET role = placed.role
         FROM (${placedIn}) AS placed
        WHERE member.organization_id = $1 AND member.family_id = placed.family_id
          AND member.person_id = placed.person_id AND placed.role IS NOT NULL AND member.role <> placed.role`,
      organizationId,
      rows,
    );
    await scope.sql.execute(
      `INSERT INTO family_members (organization_id, family_id, person_id, role, created_at)
       SELECT $1, placed.family_id, placed.person_id, COALESCE(placed.role, 'MEMBER'), $3 FROM (${placedIn}) AS placed
       ON CONFLICT (family_id, person_id) DO NOTHING`,
      organizationId,
      rows,
      now,
    );
  }

  /** What uses each of these persons (relation names), apart from family memberships. */
  async personsInUse(scope: WriteScope, ids: readonly string[]): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    const select = Object.fromEntries(PERSON_USES.map((relation) => [relation, true])) as Record<
      (typeof PERSON_USES)[number],
      true
    >;
    const rows = await scope.tx.person.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: { id: true, householdId: true, _count: { select } },
    });
    return new Map(rows.map((row) => [row.id, usesOf(row._count)]));
  }

  async removePersons(scope: WriteScope, ids: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, 'persons', scope.organizationId, ids);
  }

  /**
   * The professional a file's advisor column names: by display name, by first and last name, or by
   * the e-mail of the professional's login (case aside). Null when nobody matches.
   */
  async findAdvisor(scope: WriteScope, advisor: string): Promise<string | null> {
    const wanted = advisor.trim().toLowerCase();
    const professionals = await scope.tx.professional.findMany({
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, displayName: true, firstName: true, lastName: true, user: { select: { email: true } } },
    });
    const match = professionals.find(
      (professional) =>
        professional.displayName.trim().toLowerCase() === wanted ||
        `${professional.firstName ?? ''} ${professional.lastName ?? ''}`.trim().toLowerCase() === wanted ||
        professional.user?.email.toLowerCase() === wanted,
    );
    return match?.id ?? null;
  }

  /** Hides households merged into another (step 10's merge); `survivorId: null` brings them back (its undo). */
  async markMerged(scope: WriteScope, householdIds: readonly string[], survivorId: string | null): Promise<void> {
    await scope.sql.execute(
      `UPDATE households SET deleted_at = $3, merged_into_id = $4, updated_at = $5
        WHERE organization_id = $1 AND id = ANY($2::text[])`,
      scope.organizationId,
      [...householdIds],
      survivorId ? scope.now : null,
      survivorId,
      scope.now,
    );
  }
}

function usesOf(counts: Record<string, number>): string[] {
  return Object.entries(counts).flatMap(([relation, count]) => (count > 0 ? [relation] : []));
}
