import { Prisma } from '../../../generated/prisma/client.js';
import { teamScopeValue } from '../../../common/tenancy/team-scope-sql.js';
import { preparedStatements } from '../../../infra/prisma/prepared-statements.js';
import type { PreparedDocuments } from '../../../infra/prisma/prepared-documents.js';
import type { customFieldValueViews } from '../custom-fields/index.js';
import type {
  corporationSelect,
  FamilyRow,
  foundationSelect,
  HouseholdRow,
  PersonRow,
  trustSelect,
} from './households.repository.js';

// `GET /households/{householdId}` reads the household with its advisor, members, corporations,
// trusts, foundations, families (with their members and addresses) and custom fields in one
// statement, instead of Prisma's fourteen queries (the household, its advisor, each relation, then
// each family's members, their persons and their addresses, the custom fields and their values).
// Most of the request's time went into Prisma's cost per query (building, compiling and
// interpreting it, mapping its rows), not into PostgreSQL. Correlated subqueries look each part up
// by its (organization, household) index; the parts come back as one JSON document, read without
// Prisma's pipeline (infra/prisma/prepared-documents.ts) and parsed once, and are assembled into
// the rows Prisma gave, so the views answer exactly as before.
//
// Raw SQL is not tenant-scoped, so the statement names the organization and the team scope itself,
// as the tenant client applies them: the household is the caller's organization's, not deleted,
// and (below Admin) one of the caller's teams'; everything else is read through it, in the same
// organization. Members who are deleted persons are hidden, in the household as in its families.

/** The household's document: JSON arrays in the order below; dates and times are text. */
type Text = string | null;
type HouseholdDocument = [
  id: string,
  teamId: string,
  name: string,
  salutation: Text,
  lastKycUpdatedAt: Text,
  createdAt: string,
  updatedAt: string,
  primaryAdvisor: [id: string, displayName: string] | null,
  isTeamMember: boolean,
  members:
    | [
        id: string,
        firstName: string,
        lastName: string,
        middleName: Text,
        preferredName: Text,
        shortName: Text,
        dateOfBirth: Text,
        gender: PersonRow['gender'],
        email: Text,
        createdAt: string,
        updatedAt: string,
      ][]
    | null,
  corporations:
    | [
        id: string,
        name: string,
        legalName: Text,
        businessNumber: Text,
        incorporationJurisdiction: Text,
        incorporationDate: Text,
      ][]
    | null,
  trusts: [id: string, name: string, trustType: Text, country: Text, settlementDate: Text][] | null,
  foundations: [id: string, name: string, registrationNumber: Text, country: Text, establishedDate: Text][] | null,
  families:
    | [
        id: string,
        name: string,
        createdAt: string,
        updatedAt: string,
        members:
          | [
              personId: string,
              role: FamilyRow['members'][number]['role'],
              since: string,
              firstName: string,
              lastName: string,
              preferredName: Text,
              dateOfBirth: Text,
            ][]
          | null,
        addresses:
          | [
              id: string,
              label: Text,
              line1: string,
              line2: Text,
              city: string,
              province: string,
              postalCode: string,
              countryName: string,
              postCodeAnywhereId: Text,
              isPrimary: boolean,
            ][]
          | null,
      ][]
    | null,
  customFields:
    | [
        definitionId: string,
        name: string,
        type: Definition['type'],
        options: Definition['options'],
        value:
          | [
              id: string,
              text: Text,
              number: Text,
              date: Text,
              boolean: boolean | null,
              options: string[],
              amount: Text,
              amountCurrency: ValueRow['valueAmountCurrency'],
            ]
          | null,
      ][]
    | null,
];

/**
 * The statement: one row, whose `document` is null when the household is not the caller's (another
 * organization's or, for a caller limited to their teams, another team's; deleted, or missing).
 * $1 is the organization, $2 the household, $3 the user whose team membership it tells, $4 the
 * caller's teams (null: every team). A family's members come head first (the role's order), then
 * by when they joined. The custom fields are the active household fields in their order, each with
 * the household's value when it has one, as CustomFieldsRepository.definitionsWithValues reads
 * them. Its text never changes, so it is prepared once per connection and PostgreSQL keeps its
 * plan (infra/prisma/prepared-statements.ts): planning this many subqueries costs about as much as
 * running them.
 */
const [HOUSEHOLD_DETAIL_SQL] = preparedStatements('household_detail', [
  `
SELECT json_build_array(
  h.id, h.team_id, h.name, h.salutation, h.last_kyc_updated_at, h.created_at, h.updated_at,
  (SELECT json_build_array(pr.id, pr.display_name) FROM professionals pr
    WHERE pr.organization_id = h.organization_id AND pr.id = h.primary_advisor_id),
  EXISTS (SELECT 1 FROM team_members tm
    WHERE tm.organization_id = h.organization_id AND tm.team_id = h.team_id AND tm.user_id = $3),
  (SELECT json_agg(json_build_array(p.id, p.first_name, p.last_name, p.middle_name, p.preferred_name, p.short_name,
                                    p.date_of_birth, p.gender, p.email, p.created_at, p.updated_at)
                   ORDER BY p.last_name, p.first_name, p.id)
     FROM persons p
    WHERE p.organization_id = h.organization_id AND p.household_id = h.id AND p.deleted_at IS NULL),
  (SELECT json_agg(json_build_array(c.id, c.name, c.legal_name, c.business_number, c.incorporation_jurisdiction,
                                    c.incorporation_date)
                   ORDER BY c.name, c.id)
     FROM corporations c WHERE c.organization_id = h.organization_id AND c.household_id = h.id),
  (SELECT json_agg(json_build_array(t.id, t.name, t.trust_type, t.country, t.settlement_date) ORDER BY t.name, t.id)
     FROM trusts t WHERE t.organization_id = h.organization_id AND t.household_id = h.id),
  (SELECT json_agg(json_build_array(f.id, f.name, f.registration_number, f.country, f.established_date)
                   ORDER BY f.name, f.id)
     FROM foundations f WHERE f.organization_id = h.organization_id AND f.household_id = h.id),
  (SELECT json_agg(json_build_array(fa.id, fa.name, fa.created_at, fa.updated_at,
     (SELECT json_agg(json_build_array(fm.person_id, fm.role, fm.created_at, p.first_name, p.last_name,
                                       p.preferred_name, p.date_of_birth)
                      ORDER BY fm.role, fm.created_at, fm.person_id)
        FROM family_members fm
        JOIN persons p ON p.organization_id = fm.organization_id AND p.id = fm.person_id AND p.deleted_at IS NULL
       WHERE fm.organization_id = fa.organization_id AND fm.family_id = fa.id),
     (SELECT json_agg(json_build_array(a.id, a.label, a.line1, a.line2, a.city, a.province, a.postal_code,
                                       a.country_name, a.post_code_anywhere_id, a.is_primary)
                      ORDER BY a.created_at, a.id)
        FROM family_addresses a WHERE a.organization_id = fa.organization_id AND a.family_id = fa.id))
     ORDER BY fa.name, fa.id)
     FROM families fa WHERE fa.organization_id = h.organization_id AND fa.household_id = h.id),
  (SELECT json_agg(json_build_array(d.id, d.name, d.type, d.options,
     CASE WHEN v.id IS NOT NULL THEN json_build_array(v.id, v.value_text, v.value_number::text, v.value_date,
                                                      v.value_boolean, v.value_options, v.value_amount::text,
                                                      v.value_amount_currency) END)
     ORDER BY d.position, d.name, d.id)
     FROM custom_field_definitions d
     LEFT JOIN custom_field_values v
       ON v.organization_id = d.organization_id AND v.definition_id = d.id AND v.household_id = h.id
    WHERE d.organization_id = h.organization_id AND d.entity_kind = 'HOUSEHOLD' AND d.archived_at IS NULL)
)::text AS document
  FROM households h
 WHERE h.organization_id = $1 AND h.id = $2 AND h.deleted_at IS NULL
   AND ($4::text[] IS NULL OR h.team_id = ANY($4::text[]))`,
] as const);

/** The household and its parts as Prisma read them (HouseholdRow, PersonRow, ...), for the views. */
export interface HouseholdDetail {
  household: HouseholdRow;
  isTeamMember: boolean;
  members: PersonRow[];
  corporations: CorporationRow[];
  trusts: TrustRow[];
  foundations: FoundationRow[];
  families: FamilyRow[];
  /** The custom fields' definitions and the household's values, for `customFieldValueViews`. */
  customFields: { definitions: Definition[]; values: ValueRow[] };
}

type CorporationRow = Prisma.CorporationGetPayload<{ select: typeof corporationSelect }>;
type TrustRow = Prisma.TrustGetPayload<{ select: typeof trustSelect }>;
type FoundationRow = Prisma.FoundationGetPayload<{ select: typeof foundationSelect }>;
type Definition = Parameters<typeof customFieldValueViews>[0][number];
type ValueRow = Parameters<typeof customFieldValueViews>[1][number];

/** A timestamp or date of the document as Prisma reads it (a date as its UTC midnight). */
const dateOf = (text: Text) => (text === null ? null : new Date(text));
/** A numeric of the document (text, exact) as Prisma reads it. */
const decimalOf = (text: Text) => (text === null ? null : new Prisma.Decimal(text));

/** Runs the statement and assembles its document; null when the household is not the caller's. */
export async function readHouseholdDetail(
  documents: PreparedDocuments,
  ids: { organizationId: string; householdId: string; userId: string },
): Promise<HouseholdDetail | null> {
  const document = await documents.read(HOUSEHOLD_DETAIL_SQL, [
    ids.organizationId,
    ids.householdId,
    ids.userId,
    teamScopeValue(),
  ]);
  return document === null ? null : assembleHouseholdDetail(JSON.parse(document) as HouseholdDocument);
}

function assembleHouseholdDetail([
  id,
  teamId,
  name,
  salutation,
  lastKycUpdatedAt,
  createdAt,
  updatedAt,
  primaryAdvisor,
  isTeamMember,
  members,
  corporations,
  trusts,
  foundations,
  families,
  customFields,
]: HouseholdDocument): HouseholdDetail {
  // Every part was read through the household: each row's householdId is its id.
  const householdId = id;
  return {
    household: {
      id,
      teamId,
      name,
      salutation,
      lastKycUpdatedAt: dateOf(lastKycUpdatedAt),
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
      primaryAdvisor: primaryAdvisor && { id: primaryAdvisor[0], displayName: primaryAdvisor[1] },
    },
    isTeamMember,
    members: (members ?? []).map(
      ([
        personId,
        firstName,
        lastName,
        middleName,
        preferredName,
        shortName,
        dateOfBirth,
        gender,
        email,
        created,
        updated,
      ]) => ({
        id: personId,
        householdId,
        firstName,
        lastName,
        middleName,
        preferredName,
        shortName,
        dateOfBirth: dateOf(dateOfBirth),
        gender,
        email,
        createdAt: new Date(created),
        updatedAt: new Date(updated),
      }),
    ),
    corporations: (corporations ?? []).map(
      ([corporationId, corporationName, legalName, businessNumber, incorporationJurisdiction, incorporationDate]) => ({
        id: corporationId,
        householdId,
        name: corporationName,
        legalName,
        businessNumber,
        incorporationJurisdiction: incorporationJurisdiction as CorporationRow['incorporationJurisdiction'],
        incorporationDate: dateOf(incorporationDate),
      }),
    ),
    trusts: (trusts ?? []).map(([trustId, trustName, trustType, country, settlementDate]) => ({
      id: trustId,
      householdId,
      name: trustName,
      trustType,
      country: country as TrustRow['country'],
      settlementDate: dateOf(settlementDate),
    })),
    foundations: (foundations ?? []).map(
      ([foundationId, foundationName, registrationNumber, country, establishedDate]) => ({
        id: foundationId,
        householdId,
        name: foundationName,
        registrationNumber,
        country: country as FoundationRow['country'],
        establishedDate: dateOf(establishedDate),
      }),
    ),
    families: (families ?? []).map(([familyId, familyName, created, updated, familyMembers, addresses]) => ({
      id: familyId,
      householdId,
      name: familyName,
      createdAt: new Date(created),
      updatedAt: new Date(updated),
      members: (familyMembers ?? []).map(
        ([personId, role, since, firstName, lastName, preferredName, dateOfBirth]) => ({
          personId,
          role,
          createdAt: new Date(since),
          person: { firstName, lastName, preferredName, dateOfBirth: dateOf(dateOfBirth) },
        }),
      ),
      addresses: (addresses ?? []).map(
        ([addressId, label, line1, line2, city, province, postalCode, countryName, postCodeAnywhereId, isPrimary]) => ({
          id: addressId,
          label,
          line1,
          line2,
          city,
          province,
          postalCode,
          countryName,
          postCodeAnywhereId,
          isPrimary,
        }),
      ),
    })),
    customFields: {
      definitions: (customFields ?? []).map(([definitionId, definitionName, type, options]) => ({
        id: definitionId,
        name: definitionName,
        type,
        options,
      })),
      values: (customFields ?? []).flatMap(([definitionId, , , , value]) => {
        if (!value) return [];
        const [valueId, text, number, date, boolean, options, amount, amountCurrency] = value;
        return [
          {
            id: valueId,
            definitionId,
            valueText: text,
            valueNumber: decimalOf(number),
            valueDate: dateOf(date),
            valueBoolean: boolean,
            valueOptions: options,
            valueAmount: decimalOf(amount),
            valueAmountCurrency: amountCurrency,
          },
        ];
      }),
    },
  };
}
